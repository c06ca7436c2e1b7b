import { robots } from '../inputs.mjs';

export default function Robots() {
  return robots;
}
