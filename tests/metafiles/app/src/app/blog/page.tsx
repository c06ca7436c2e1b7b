// opengraph-image.png beside a page whose metadata sets openGraph.images:
// the page's own images win (Next.js's rule).
export const metadata = { title: 'Blog', openGraph: { images: ['/blog-cover.png'] } };

export default function Blog() {
  return <h1>blog</h1>;
}
