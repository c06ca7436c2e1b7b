// kit's web platform classes for the mujs server bundle. See README.md.
export { URL, URLSearchParams, parseSimpleURL, parseSimpleURLInJS, canonicalURL, canonicalURLInJS } from './url';
export { Headers, answerPairs } from './headers';
export { Request, requestFromHost } from './request';
export { Response } from './response';
export { FormData } from './form-data';
export { Blob, File } from './blob';
export { AbortController, AbortSignal } from './abort';
export { KitBodyStream, KitBodyReader, peekBody, readBodyBytes } from './body';
export {
  KitArrayBuffer, KitUint8Array, bufferFromByteString, byteStringFromBuffer,
  utf8Encode, utf8Decode,
} from './bytes';
export type { RequestInit, BodyInit } from './request';
export type { ResponseInit } from './response';
export type { HeadersInit } from './headers';
export type { FormDataEntryValue } from './form-data';
