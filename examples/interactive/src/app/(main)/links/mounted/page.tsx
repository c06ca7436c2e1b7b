export default function Mounted() {
  return <section id="page-mounted"><h1>Prefetched on mount</h1></section>;
}
