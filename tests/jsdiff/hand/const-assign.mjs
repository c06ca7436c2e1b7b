// Assigning to a const throws a TypeError when it runs (Node); esbuild refuses
// the module at build time ("Cannot assign to ... because it is a constant"),
// so kit-build stops. A file of its own: the bundle of this file fails.
import { T } from '../harness.mjs';

T('scope/const-assign', () => { const c = 1; try { c = 2; } catch (e) { return e.name; } return c; });
