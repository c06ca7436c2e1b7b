// Numbers converted to strings inside a component (String(), template literals,
// toString) go through the interpreter's Number#toString, not the engine's
// formatter; React's output is V8's shortest round-trip form.
export default function Page() {
  const third = 1 / 3;
  return (
    <div>
      <p>{String(0.1 + 0.2)}</p>
      <p>{`${1.7976931348623157e308}|${third}|${-1.5e-7}|${2 ** 53 + 2}|${123.456}`}</p>
      <p>{(1e21).toString()}|{(0.000001).toString()}|{(1e-7).toString()}|{(-0).toString()}</p>
      <p title={'w' + 0.1 * 3}>{[1.1, 2.2, 3.3].map((x) => x * 3).join(' ')}</p>
    </div>
  );
}
