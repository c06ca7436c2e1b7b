import { greet, login, mustLogin } from '../../server-actions.generated';

// The actions kit-build generated from rsc-host.json, as form actions (so the
// 'use server' module is bundled and registered); tests/suites/backend.sh
// calls them through POST /_rsc/action.
export default function Actions() {
  return (
    <section>
      <form action={greet as unknown as (f: FormData) => void}><button>greet</button></form>
      <form action={login as unknown as (f: FormData) => void}><button>login</button></form>
      <form action={mustLogin as unknown as (f: FormData) => void}><button>must log in</button></form>
    </section>
  );
}
