// A nested segment with its own icon.svg and twitter-image.gif: its icon
// replaces the root's, its twitter image the one twitter took from openGraph.
export const metadata = { title: 'Guide' };

export default function Guide() {
  return <h1>guide</h1>;
}
