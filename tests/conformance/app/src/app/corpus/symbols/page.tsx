// Symbols (kit's mujs has them natively, mujs/patches/0500): Symbol.for(key)
// as a prop or a child is "$S<key>" in Flight, as React writes it, and no
// attribute and no text in HTML; symbol-keyed properties of props are not
// props; a Map keyed by a symbol works.
const mark = Symbol.for('kit.mark');
const hidden = Symbol('hidden');
const props: Record<string | symbol, unknown> = { id: 'sym', 'data-n': 1, [hidden]: 'never an attribute' };
const counts = new Map<symbol, number>([[mark, 2]]);

export default function Page() {
  return (
    <div {...(props as any)} data-mark={mark as any}>
      <p>{mark as any}after a symbol child</p>
      <p>{typeof mark} {String(mark)} {mark.description} {counts.get(mark)}</p>
      <p>{Object.keys(props).join(',')}|{Object.getOwnPropertySymbols(props).length}</p>
    </div>
  );
}
