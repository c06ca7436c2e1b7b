'use client';

// Throws only while the server renders it: the error shell, then the
// browser renders the page without an error.
export default function Bomb() {
  if (typeof window === 'undefined') throw new Error('bare bomb on the server');
  return <p id="bomb-ok">rendered in the browser</p>;
}
