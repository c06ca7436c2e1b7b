export default function Clicked() {
  return <section id="page-clicked"><h1>Prefetched on mousedown</h1></section>;
}
