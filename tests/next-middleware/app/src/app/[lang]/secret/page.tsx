export default function Secret() {
  return <h1>secret</h1>;
}
