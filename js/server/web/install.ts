// Defines the web classes as globals where they are absent (in mujs: all of
// them), writable, configurable and not enumerable like the platform's.
// URL and URLSearchParams are installed by core-js when url.ts loads.
// KitArrayBuffer and KitUint8Array stay module exports: a global ArrayBuffer
// or Uint8Array would make libraries believe typed arrays exist.
import { defineGlobal } from './util';
import {
  URL, URLSearchParams, Headers, Request, Response, FormData, Blob, File,
  AbortController, AbortSignal, requestFromHost,
} from './index';
import { bufferFromByteString } from './bytes';

defineGlobal('URL', URL);
defineGlobal('URLSearchParams', URLSearchParams);
defineGlobal('Headers', Headers);
defineGlobal('Request', Request);
defineGlobal('Response', Response);
defineGlobal('FormData', FormData);
defineGlobal('Blob', Blob);
defineGlobal('File', File);
defineGlobal('AbortController', AbortController);
defineGlobal('AbortSignal', AbortSignal);
// For @kit/core/request's request(): the Request of the host's request
// (its body, a byte string, becomes a bytes body so that text()/json()
// decode UTF-8; its headers and signal are made when first read).
defineGlobal('__kit_web', { bufferFromByteString, requestFromHost });
// fetch() over the engine's libcurl (../fetch.ts, render/fetch.c)
import '../fetch';
