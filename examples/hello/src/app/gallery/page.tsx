import Link from '@kit/core/Link';

// Links that open a photo in the layout's `modal` slot (interception); a full
// load of /photo/<id>, or a plain link, shows the photo page.
export default function Gallery() {
  return (
    <ul className="photos">
      <li><Link href="/photo/1" intercept="modal">photo 1</Link></li>
      <li><Link href="/photo/2" intercept="modal">photo 2</Link></li>
    </ul>
  );
}
