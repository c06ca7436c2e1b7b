export default function Stats() {
  return <p className="stats">3 visitors today</p>;
}
