// What an inline action may capture comes back as it was: a Map, a Set, a
// Date, -0, NaN, -Infinity, undefined, a string starting with "$", nested
// data, a server action. The action writes one digit per check.
import { connection } from '@kit/core/request';
import { getUser, renameUser } from '../../lib/db';

async function saved() {
  'use server';
  return 'saved';
}

export default async function Kinds() {
  await connection();
  const shown = (await getUser('kinds')).name;
  const kinds = {
    m: new Map([['a', 1]]), s: new Set(['x', 'y']), d: new Date(5), z: -0, n: NaN, i: -Infinity, u: undefined,
    dollar: '$x', deep: [{ a: null, b: [true] }], action: saved,
  };
  async function check() {
    'use server';
    const ok = [
      kinds.m instanceof Map && kinds.m.get('a') === 1,
      kinds.s instanceof Set && kinds.s.has('y') && kinds.s.size === 2,
      kinds.d instanceof Date && kinds.d.getTime() === 5,
      Object.is(kinds.z, -0),
      kinds.n !== kinds.n,
      kinds.i === -Infinity,
      Object.prototype.hasOwnProperty.call(kinds, 'u') && kinds.u === undefined,
      kinds.dollar === '$x',
      JSON.stringify(kinds.deep) === '[{"a":null,"b":[true]}]',
      typeof kinds.action === 'function' && (await kinds.action()) === 'saved',
    ];
    await renameUser('kinds', ok.map((b) => (b ? '1' : '0')).join(''));
  }
  return (
    <main>
      <h1 id="name">{shown}</h1>
      <form action={check}><button id="check">check</button></form>
    </main>
  );
}
