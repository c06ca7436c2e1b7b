export default function About() {
  return <main id="about"><h1>About</h1><div id="tall" style={{ height: 3000 }}>tall</div></main>;
}
