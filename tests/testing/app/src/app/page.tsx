export default function Home() {
  return <p id="home">home</p>;
}
