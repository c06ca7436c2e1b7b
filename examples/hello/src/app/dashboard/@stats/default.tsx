export default function StatsDefault() {
  return <p className="stats">no stats here</p>;
}
