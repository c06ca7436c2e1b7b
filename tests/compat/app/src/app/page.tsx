export default function Home() {
  return <main id="compat">compat</main>;
}
