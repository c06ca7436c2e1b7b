import fs from 'fs';
import { connection } from '@kit/core/request';

// What server code may not read, and what a missing file says (Node's error).
function attempt(f: () => unknown): string {
  try {
    f();
    return 'read';
  } catch (e) {
    const err = e as { code?: string; message: string };
    return `${err.code}: ${err.message}`;
  }
}

export default async function Outside() {
  await connection();
  return (
    <ul>
      <li id="etc">{attempt(() => fs.readFileSync('/etc/hostname', 'utf8'))}</li>
      <li id="dotdot">{attempt(() => fs.readFileSync('../outside.txt', 'utf8'))}</li>
      <li id="link">{attempt(() => fs.readFileSync('content/escape', 'utf8'))}</li>
      <li id="missing">{attempt(() => fs.readFileSync('content/nope.md', 'utf8'))}</li>
      <li id="dir">{attempt(() => fs.readFileSync('content', 'utf8'))}</li>
      <li id="exists">{String(fs.existsSync('content/posts'))} {String(fs.existsSync('content/nope'))}</li>
      <li id="write">{attempt(() => fs.writeFileSync('content/x.txt', 'x'))}</li>
    </ul>
  );
}
