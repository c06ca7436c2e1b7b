// Element-specific serialisation beyond the golden cases: leading newlines in
// <pre>/<textarea>, <select multiple>, raw-text elements, SVG attribute names,
// numeric and boolean-ish attributes, URL props, image preloads.
export default function Page() {
  return (
    <div>
      <pre>{'\nleading newline'}</pre>
      <pre>{'no leading'}{'\nsecond'}</pre>
      <textarea defaultValue={'\nleading'} rows={0} cols={3} />
      <select multiple defaultValue={['a', 'c']}>
        <option value="a">A</option><option value="b">B</option><option value="c">C</option>
      </select>
      <select defaultValue="2">
        <optgroup label="g"><option value={1}>one</option><option value={2}>two</option></optgroup>
      </select>
      <script>{'var s = "</script><script>"; var t = "<SCRIPT>";'}</script>
      <style>{'a::after { content: "</style>" } b { color: red }'}</style>
      <noscript><p>no js</p></noscript>
      <svg width={10} height={10} viewBox="0 0 10 10">
        <circle cx={5} cy={5} r={4} strokeWidth={2} fillOpacity={0.5} clipPath="url(#c)" strokeDasharray="1 2" />
        <text x={1} y={2} textAnchor="middle" dominantBaseline="central">svg text</text>
      </svg>
      <img src="/plain.png" alt="plain" />
      <img src="/lazy.png" loading="lazy" alt="lazy" />
      <img src="data:image/png;base64,AAAA" alt="data" />
      <img src="/low.png" fetchPriority="low" alt="low" />
      <a href=" javascript:void(0)">spaced js</a>
      <a href="JAVASCRIPT:alert(1)">upper js</a>
      <a href="/ok?a=1&b=2">amp</a>
      <iframe src="" title="empty src" />
      <input type="number" value={3} min={0} max={10} step={0.5} />
      <input type="radio" name="r" defaultChecked={false} />
      <table><tbody><tr><td colSpan={2} rowSpan={0}>cell</td></tr></tbody></table>
      <details open><summary>s</summary>d</details>
      <video autoPlay muted playsInline controls loop src="/v.mp4" />
      <button type="button" disabled={false} formNoValidate>b</button>
      <a download href="/f">dl</a>
      <a download="name.txt" href="/f">dl named</a>
      <div contentEditable="plaintext-only" spellCheck="false" draggable="true" />
      <label htmlFor="x" className="l">label</label>
      <meta httpEquiv="refresh" content="30" />
      <form acceptCharset="utf-8" noValidate action="/post"><input name="n" required /></form>
    </div>
  );
}
