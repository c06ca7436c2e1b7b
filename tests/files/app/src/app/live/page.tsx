import { readFile, stat, readdir } from 'node:fs/promises';
import path from 'node:path';
import { connection } from '@kit/core/request';

// Read per request with the promise API: an edited file shows at once.
export default async function Live() {
  await connection();
  const file = path.join(process.cwd(), 'content', 'live.txt');
  const [text, info, names] = await Promise.all([readFile(file, 'utf8'), stat(file), readdir('content', { withFileTypes: true })]);
  return (
    <main>
      <p id="text">{text.trim()}</p>
      <p id="size">{info.size} {String(info.isFile())} {String(info.isDirectory())}</p>
      <p id="names">{names.map((d) => `${d.name}${d.isDirectory() ? '/' : ''}`).join(',')}</p>
    </main>
  );
}
