import Bomb from './bomb';

export default function ServerOnlyPage() {
  return (
    <div>
      <p id="server-only-page">server-only page</p>
      <Bomb />
    </div>
  );
}
