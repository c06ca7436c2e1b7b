import Bomb from './bomb';

export default function ClientPage() {
  return (
    <div>
      <p id="client-page">client page</p>
      <Bomb />
    </div>
  );
}
