// Numbers as children and attribute values: Flight writes JSON numbers (or $-0,
// $NaN, $Infinity), Fizz writes JS's Number#toString, so the engine's C number
// formatting must match JS's. (Numbers turned into strings by the component
// itself: number-strings/.) No subnormal literals (5e-324): Debian's mujs 1.3.2
// reads them as 0 (docs/mujs.md).
export default function Page() {
  return (
    <div>
      <p>{0}</p>
      <p>{-0}</p>
      <p>{1e21}</p>
      <p>{1.5}</p>
      <p>{-1.5e-7}</p>
      <p>{0.1 + 0.2}</p>
      <p>{2 ** 53}</p>
      <p>{123456789012}</p>
      <p>{1e-7}</p>
      <p>{1.7976931348623157e308}</p>
      <p>{NaN}</p>
      <p>{Infinity}</p>
      <p>{-Infinity}</p>
      <p>{1}{2}{3}</p>
      <p>{100}px</p>
      <span data-n={1e21} data-z={-0} data-f={0.5} tabIndex={2} />
    </div>
  );
}
