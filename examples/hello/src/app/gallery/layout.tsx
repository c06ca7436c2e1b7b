import type { ReactNode } from 'react';

// A layout with a `modal` slot: a client navigation to /photo/<id> that
// carries X-RSC-Intercept: modal renders the photo into it, over the gallery;
// a full load of /photo/<id> shows the photo page itself.
export default function GalleryLayout({ children, modal }: { children: ReactNode; modal: ReactNode }) {
  return (
    <div className="gallery">
      {children}
      {modal}
    </div>
  );
}
