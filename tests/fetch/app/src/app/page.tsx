export default function Home() {
  return <p id="home">fetch tests</p>;
}
