import Link from '@kit/core/Link';

export default function Mount() {
  return <main id="mount"><Link href="/shop/d" id="to-d" prefetch="mount">d</Link></main>;
}
