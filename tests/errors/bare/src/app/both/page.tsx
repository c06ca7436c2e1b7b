import Bomb from './bomb';

export default function BothPage() {
  return (
    <div>
      <p id="both-page">both page</p>
      <Bomb />
    </div>
  );
}
