// Client references (docs/client-components.md §2). kit-build replaces every
// import of a "use client" module from server code with a generated stub that
// calls clientReference() once per export of the real module:
//
//   import * as impl from "<the real module, bundled for SSR>";
//   export default clientReference(impl, "src/app/counter", "default");
//
// The engine recognises the result by $$typeof and writes an `I` row for
// ($$id, $$name); for the HTML it renders $$impl() — the SSR implementation —
// directly. Every reference is a distinct function object (React's own
// registerClientReference needs that too: the properties are not
// configurable).
import { REACT_CLIENT_REFERENCE } from './symbols';

export interface ClientReference {
  (): never;
  readonly $$typeof: symbol;
  readonly $$id: string;
  readonly $$name: string;
  readonly $$impl: () => unknown;
}

export function clientReference(impl: Record<string, unknown>, id: string, name: string): ClientReference {
  const ref = function () {
    const shown = name === 'default' ? 'its default export' : name;
    throw new Error('kit: ' + (name === 'default' ? 'the default export' : name + '()') + ' of the "use client" module '
      + id + ' was called on the server: there it is a client reference, which a server component can only render '
      + 'as an element (<' + (name === 'default' ? 'Component' : name) + ' />) or pass as a prop to a client '
      + 'component, never call. If ' + shown + ' is a helper (not a component), move it to a file without '
      + '"use client" and import it from there on both sides.');
  };
  Object.defineProperties(ref, {
    $$typeof: { value: REACT_CLIENT_REFERENCE },
    $$id: { value: id },
    $$name: { value: name },
    // Lazy: the namespace's getters are read when the engine renders, not
    // while the bundle loads (modules may still be initialising then).
    $$impl: { value: function () { return name === '*' ? impl : impl[name]; } },
  });
  return ref as unknown as ClientReference;
}
