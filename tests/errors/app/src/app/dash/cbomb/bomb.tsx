'use client';

// Throws wherever it renders: on the server (the document is the error
// shell) and again in the browser (dash/error.tsx catches it there).
export default function Bomb(): React.ReactNode {
  if (Math.random() < 2) throw new Error('client bomb everywhere');
  return null;
}
