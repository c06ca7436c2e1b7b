export default function Home() {
  return <p id="home">error-log app</p>;
}
