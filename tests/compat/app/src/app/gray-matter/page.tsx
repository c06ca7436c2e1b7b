import fs from 'fs';
import path from 'path';
import matter from 'gray-matter';

export default function Page() {
  const file = fs.readFileSync(path.join(process.cwd(), 'posts', 'hello.md'), 'utf8');
  const { data, content } = matter(file);
  const again = matter.stringify('Body\n', { title: 'T', n: 1 });
  return (
    <main id="compat">
      <h1>{data.title}</h1>
      <p>{data.date instanceof Date ? data.date.toISOString() : String(data.date)}</p>
      <p>{JSON.stringify(data)}</p>
      <pre>{content}</pre>
      <pre>{again}</pre>
    </main>
  );
}
