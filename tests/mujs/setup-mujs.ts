// Imported first by the mujs test bundle: kit's web classes become globals
// (install.ts, as the server runtime does) and the module is made visible to
// the tests as __kitweb.
import * as web from '../../js/server/web/index';
import '../../js/server/web/install';

(globalThis as any).__kitweb = web;
