// The mujs test bundle: kit's web classes installed as globals, then the tests.
import './setup-mujs';
import { run } from './harness';
import './url.test';
import './headers.test';
import './request.test';
import './response.test';
import './formdata.test';
import './encoding.test';
import './abort.test';
import './kit.test';

run('web/');
