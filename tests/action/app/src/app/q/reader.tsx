'use client';
// Calls queries from the browser: each must travel as GET /_rsc/query.
import { useState } from 'react';
import { whoami, publicStats, lookup } from './server';

export function Reader() {
  const [out, setOut] = useState('');
  const run = (f: () => Promise<unknown>) => () => {
    f().then((v) => setOut(JSON.stringify(v)), (e) => setOut('error ' + e.status + ' ' + e.message));
  };
  return (
    <div>
      <button id="who" onClick={run(() => whoami())}>who</button>
      <button id="stats" onClick={run(() => publicStats())}>stats</button>
      <button id="lookup" onClick={run(() => lookup({ id: 7 }))}>lookup</button>
      <output id="out">{out}</output>
    </div>
  );
}
