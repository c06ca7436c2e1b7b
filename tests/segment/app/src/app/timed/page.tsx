// kit does not re-render on a timer: stored, with a warning naming this file.
export const revalidate = 60;
export const runtime = 'edge';

export default function Timed() {
  return <p>timed</p>;
}
