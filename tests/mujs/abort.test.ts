// AbortController / AbortSignal (minimal).
import { test, eq, throws, ok } from './harness';

test('abort/controller', function () {
  const ac = new AbortController();
  const s = ac.signal;
  const seen: string[] = [];
  s.onabort = function () { seen.push('onabort'); };
  s.addEventListener('abort', function (ev: any) { seen.push('listener:' + ev.type); });
  const removed = function () { seen.push('removed'); };
  s.addEventListener('abort', removed);
  s.removeEventListener('abort', removed);
  eq(s.aborted, false, 'not aborted');
  s.throwIfAborted();
  ac.abort('because');
  eq([s.aborted, s.reason], [true, 'because'], 'aborted');
  eq(seen, ['onabort', 'listener:abort'], 'listeners');
  ac.abort('again');
  eq(s.reason, 'because', 'aborting twice changes nothing');
  let caught: unknown = null;
  try { s.throwIfAborted(); } catch (e) { caught = e; }
  eq(caught, 'because', 'throwIfAborted throws the reason');
});

test('abort/default-reason', function () {
  const ac = new AbortController();
  ac.abort();
  eq((ac.signal.reason as any).name, 'AbortError', 'AbortError');
  eq(AbortSignal.abort().aborted, true, 'AbortSignal.abort()');
  eq((AbortSignal.abort().reason as any).name, 'AbortError', 'its reason');
  throws(function () { new (AbortSignal as any)(); }, 'TypeError', 'no public constructor');
});

test('abort/timeout', async function () {
  const s = AbortSignal.timeout(10);
  eq(s.aborted, false, 'not yet');
  await new Promise(function (resolve) { setTimeout(resolve, 30); });
  eq([s.aborted, (s.reason as any).name], [true, 'TimeoutError'], 'after the delay');
});

test('abort/any', function () {
  const a = new AbortController(), b = new AbortController();
  const s = AbortSignal.any([a.signal, b.signal]);
  b.abort('b');
  eq([s.aborted, s.reason], [true, 'b'], 'first to abort wins');
  ok(AbortSignal.any([AbortSignal.abort('x')]).aborted, 'already aborted');
});
