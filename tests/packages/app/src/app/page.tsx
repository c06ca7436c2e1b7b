// Server code: "server-only" resolves to its empty react-server file, and
// swr to its react-server entry, whose SWRConfig is a client reference.
import 'server-only';
import { SWRConfig, unstable_serialize } from 'swr';
import { Profile } from '../components/profile';

const key = ['user', 7];

export default function Page() {
  return (
    <main>
      <p id="key">{unstable_serialize(key)}</p>
      <SWRConfig value={{ fallback: { [unstable_serialize(key)]: { name: 'Ada' } } }}>
        <Profile />
      </SWRConfig>
    </main>
  );
}
