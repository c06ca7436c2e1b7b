import { customRandom, urlAlphabet } from 'nanoid';

let seed = 7;
const bytes = (size: number) => {
  const out = new Uint8Array(size);
  for (let i = 0; i < size; i++) out[i] = seed = (seed * 1103515245 + 12345) & 255;
  return out;
};

export default function Page() {
  const id = customRandom(urlAlphabet, 21, bytes);
  const hex = customRandom('0123456789abcdef', 12, bytes);
  return <main id="compat"><p>{id()}</p><p>{id()}</p><p>{hex()}</p></main>;
}
