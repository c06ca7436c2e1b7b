// Imported first by the mujs test bundle: kit's web classes become globals
// (install.ts, as the server runtime does) and the module is made visible to
// the tests as __kitweb.
import * as web from '../../js/server/web/index';
import '../../js/server/web/install';
// the binary built-ins, as kit-build adds them to an app that names one (build/webuse.c)
import '../../js/server/web/binary-install';

(globalThis as any).__kitweb = web;
