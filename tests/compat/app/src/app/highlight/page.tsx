import hljs from 'highlight.js/lib/core';
import typescript from 'highlight.js/lib/languages/typescript';
import css from 'highlight.js/lib/languages/css';

hljs.registerLanguage('typescript', typescript);
hljs.registerLanguage('css', css);

const code = `interface User { name: string; age?: number }
export async function load(id: number): Promise<User> {
  const res = await fetch(\`/api/users/\${id}\`); // fetch it
  return res.json() as Promise<User>;
}`;

export default function Page() {
  return (
    <main id="compat">
      <pre dangerouslySetInnerHTML={{ __html: hljs.highlight(code, { language: 'typescript' }).value }} />
      <pre dangerouslySetInnerHTML={{ __html: hljs.highlight('a:hover { color: #f00 !important }', { language: 'css' }).value }} />
      <p>{hljs.highlightAuto('SELECT * FROM t WHERE x = 1', ['typescript', 'css']).language}</p>
    </main>
  );
}
