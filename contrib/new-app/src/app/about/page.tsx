// /about: links between pages are typed: after a build, a Link to a route
// the app does not have is a type error (.kit/rsc-routes.d.ts).
import Link from '@kit/core/Link';

export default function About() {
  return (
    <>
      <h1>About @NAME@</h1>
      <p>
        Built with kit: React server components rendered in C. <Link href="/">Back home</Link>.
      </p>
    </>
  );
}
