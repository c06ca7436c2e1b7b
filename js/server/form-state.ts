// The state a no-JS form post leaves for useActionState (docs/actions.md §5),
// React's "form state": a form rendered from useActionState(action, initial)
// posts its hook's key ($ACTION_KEY) and the state it was rendered with (a
// bound argument); the action's return value is that hook's state in the page
// rendered in answer. Only the hook whose key matches gets it.
//
// Keys are "<action id>:<n>", n counting the hooks over that action in one
// render (the same page renders them in the same order). The engine calls
// beginRender() before every render: with use = true (the render answering a
// form post) the state the action left applies, otherwise none.
let pending: { key: string; value: unknown } | null = null;
let current: { key: string; value: unknown } | null = null;
let counts: Record<string, number> = {};

export function leaveFormState(key: string | null, value?: unknown): void {
  pending = key === null ? null : { key, value };
}

export function beginRender(use: boolean): void {
  current = use ? pending : null;
  pending = null;
  counts = {};
}

export function nextFormStateKey(id: string): string {
  counts[id] = (Object.prototype.hasOwnProperty.call(counts, id) ? counts[id] : 0) + 1;
  return id + ':' + counts[id];
}

// [matched, state]
export function formStateFor(key: string): [boolean, unknown] {
  return current && current.key === key ? [true, current.value] : [false, undefined];
}

// Whether this render answers a post that left a state: then, as Fizz does
// with a formState, every useActionState hook writes a <!--F!--> (the one
// that posted) or <!--F--> marker, and the document hands the state to
// hydrateRoot (self.__kit_fs), so hydration takes the same state.
export function formStateActive(): boolean {
  return current !== null;
}

// The state as JSON for self.__kit_fs ('' when none or not JSON-able).
export function formStateJSON(): string {
  if (!current) return '';
  try {
    const s = JSON.stringify(current.value);
    return typeof s === 'string' ? s : '';
  } catch (e) {
    return '';
  }
}

// React's encodeReply for plain values (a form's bound arguments): strings
// starting with "$" escaped, undefined/NaN/±Infinity/-0/Date as references.
export function encodeBound(args: unknown[]): string {
  return JSON.stringify(args, function (this: Record<string, unknown>, key: string, value: unknown) {
    const original = this[key];
    if (original instanceof Date) return '$D' + (value as string);
    if (typeof value === 'string') return value.charAt(0) === '$' ? '$' + value : value;
    if (value === undefined) return '$undefined';
    if (typeof value === 'number') {
      if (value !== value) return '$NaN';
      if (value === Infinity) return '$Infinity';
      if (value === -Infinity) return '$-Infinity';
      if (value === 0 && 1 / value < 0) return '$-0';
    }
    return value;
  });
}
