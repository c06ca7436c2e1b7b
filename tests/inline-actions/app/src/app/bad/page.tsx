// Wrong on purpose: the action closes over a function, which cannot travel
// through the browser; the render fails naming the variable.
import { connection } from '@kit/core/request';

export default async function Bad() {
  await connection();
  const shout = (s: string) => s.toUpperCase();
  async function go() {
    'use server';
    return shout('x');
  }
  return <form action={go}><button>go</button></form>;
}
