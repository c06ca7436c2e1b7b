// Fails after the shell went out (inside loading.tsx's Suspense boundary):
// the document answers 200, the boundary's error reaches dash/error.tsx.
export default async function Streamed() {
  await new Promise((r) => setTimeout(r, 50));
  throw new Error('streamed failure');
}
