'use client';

// Throws wherever it renders: on the server (the error shell) and in the
// browser (nothing catches it: the application error page).
export default function Bomb(): React.ReactNode {
  if (Math.random() < 2) throw new Error('bare bomb everywhere');
  return null;
}
