import numeral from 'numeral';

export default function Page() {
  const formats: [number, string][] = [
    [1234.5, '$0,0.00'], [1234567, '0.0a'], [0.256, '0%'], [-1234.5, '(0,0)'], [1536000, '0.0b'],
    [3, '0o'], [1e-7, '0.000e+0'], [10.5, '00:00:00'], [1234.5678, '0,0.[00]'],
  ];
  return (
    <main id="compat">
      {formats.map(([n, f]) => <p key={f}>{f} {numeral(n).format(f)}</p>)}
      <p>{numeral('1,234.56').value()}</p>
    </main>
  );
}
