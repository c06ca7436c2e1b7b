import Bomb from './bomb';

export default function ClientBombPage() {
  return (
    <div>
      <p id="cbomb-page">cbomb page</p>
      <Bomb />
    </div>
  );
}
