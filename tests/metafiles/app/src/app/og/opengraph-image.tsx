// A generated image: kit-build warns that it is not used.
export default function Image() {
  return null;
}
