import { manifest } from '../inputs.mjs';

export default function Manifest() {
  return manifest;
}
