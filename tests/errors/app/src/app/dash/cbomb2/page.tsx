import Bomb from './bomb';

export default function ServerOnlyBombPage() {
  return (
    <div>
      <p id="cbomb2-page">cbomb2 page</p>
      <Bomb />
    </div>
  );
}
