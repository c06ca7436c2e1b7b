// The home page (/): a server component. It runs on the server only; the
// browser gets its HTML and no JavaScript of its own.
import { Counter } from './counter';

export default function Home() {
  return (
    <>
      <h1>Welcome to @NAME@</h1>
      <p>
        Edit <code>src/app/page.tsx</code> and save: under <code>kit-serve --dev</code> the page
        reloads by itself.
      </p>
      <Counter />
      <p>
        An API route answers JSON at <a href="/api/hello?name=kit">/api/hello</a>.
      </p>
    </>
  );
}
