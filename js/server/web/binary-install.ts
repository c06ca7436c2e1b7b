// Defines the binary Web built-ins of binary.ts as globals where absent (in
// mujs: all of them), writable, configurable and not enumerable like the
// platform's. kit-build imports this module into an app whose sources name
// one of them (build/webuse.c), and install.ts imports it with the web classes.
import { defineGlobal } from './util';
import { TextEncoder, TextDecoder, atob, btoa, structuredClone, DOMException, crypto, performance } from './binary';

defineGlobal('TextEncoder', TextEncoder);
defineGlobal('TextDecoder', TextDecoder);
defineGlobal('atob', atob);
defineGlobal('btoa', btoa);
defineGlobal('structuredClone', structuredClone);
defineGlobal('DOMException', DOMException);
defineGlobal('crypto', crypto);
defineGlobal('performance', performance);
