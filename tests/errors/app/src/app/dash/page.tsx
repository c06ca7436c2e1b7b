export default function DashHome() {
  return <p id="dash-home">dash home</p>;
}
