// Defines the binary Web built-ins of binary.ts as globals where absent (in
// mujs: all of them), writable, configurable and not enumerable like the
// platform's. kit-build imports this module into an app whose sources or
// bundled libraries name one of them (build/webuse.c).
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
