// react-golden/cases-html.jsx 03-attributes. Server components cannot pass functions, so the
// onClick/onChange handlers of the original are dropped (they never reach HTML).
export default function Page() {
  return (
    <div className="c" tabIndex={-1} hidden={true} data-b={true} data-n={null} aria-hidden={false}
         title={undefined} id="x" suppressHydrationWarning accessKey="k"
         contentEditable={true} draggable={false} spellCheck={true} autoCapitalize="off" translate="no"
         unknownAttr="u" unknownbool={true} inert={true}>
      <label htmlFor="i">L</label>
      <input id="i" type="checkbox" readOnly defaultChecked disabled={false} autoFocus maxLength={3} />
      <input type="text" defaultValue="dv" placeholder="p" />
      <input type="text" value="cv" />
      <textarea defaultValue="ta&lt;" />
      <select defaultValue="b"><option value="a">A</option><option value="b">B</option></select>
      <img src="/a.png" alt="" srcSet="/a.png 1x" crossOrigin="anonymous" />
      <svg viewBox="0 0 1 1" xmlnsXlink="http://www.w3.org/1999/xlink"><use xlinkHref="#s" strokeWidth={2} /></svg>
      <a href="javascript:alert(1)">js-url</a>
      <button formAction="/x" type="submit">b</button>
    </div>
  );
}
