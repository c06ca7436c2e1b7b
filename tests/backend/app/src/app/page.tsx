export default function Home() {
  return <p id="home">home (no backend call: stored at build time)</p>;
}
