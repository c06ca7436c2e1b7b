// The same tests on Node's native classes: an expectation that fails here is
// not the platform's behaviour.
import { run } from './harness';
import './url.test';
import './headers.test';
import './request.test';
import './response.test';
import './formdata.test';
import './encoding.test';
import './abort.test';
import './kit.test';

(globalThis as any).print = function () { console.log(Array.prototype.join.call(arguments, ' ')); };
run('web/node/');
