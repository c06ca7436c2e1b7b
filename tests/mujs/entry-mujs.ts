// The mujs test bundle: kit's web classes installed as globals, then the tests.
import './setup-mujs';
import { run } from './harness';
import './url.test';
import './headers.test';
import './request.test';
import './response.test';
import './formdata.test';
import './encoding.test';
import './binary.test';
import './abort.test';
import './kit.test';
import './order.test';

// Like the engine (render/engine.c): the built-ins are hardened once the
// bundle has loaded, before any request runs.
const g = globalThis as any;
if (typeof g.__kit_harden === 'function')
  g.__kit_harden();
run('web/');
