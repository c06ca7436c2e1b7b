export default function Home() {
  return <main id="home"><h1>Home</h1><div id="tall" style={{ height: 3000 }}>tall</div></main>;
}
