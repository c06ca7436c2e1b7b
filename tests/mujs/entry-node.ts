// The same tests on Node's native classes: an expectation that fails here is
// not the platform's behaviour.
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

// the bundle is lowered for mujs, 'in' included (toolchain/mujs-lower.mjs):
// what runtime/prelude.js gives mujs
(globalThis as any).__kit_in = function (key: PropertyKey, o: object) { return Reflect.has(o, key); };
// ('%s': a '%' in a message must not be read as a console format)
(globalThis as any).print = function () { console.log('%s', Array.prototype.join.call(arguments, ' ')); };
run('web/node/');
