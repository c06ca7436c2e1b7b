import Prism from 'prismjs';
import 'prismjs/components/prism-typescript';

const code = `const x: number = 42; // answer
function greet(name: string) { return \`hi \${name}\`; }`;

export default function Page() {
  return (
    <main id="compat">
      <pre dangerouslySetInnerHTML={{ __html: Prism.highlight(code, Prism.languages.typescript, 'typescript') }} />
      <pre dangerouslySetInnerHTML={{ __html: Prism.highlight('<a href="x">y</a>', Prism.languages.markup, 'markup') }} />
    </main>
  );
}
