export default function Home() {
  return <p id="bare-home">bare home</p>;
}
