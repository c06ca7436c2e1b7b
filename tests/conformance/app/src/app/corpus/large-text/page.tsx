// Strings of 1024+ UTF-16 units (React's server puts them in T rows; byte lengths
// differ from character counts for multi-byte text).
export default function Page() {
  let s = '';
  for (let i = 0; i < 600; i++) s += 'é😀';
  let ascii = '';
  for (let i = 0; i < 300; i++) ascii += 'line ' + i + '\n';
  return (
    <div>
      <pre>{s}</pre>
      <pre>{ascii}</pre>
      <p title={s}>{'$' + ascii}</p>
    </div>
  );
}
