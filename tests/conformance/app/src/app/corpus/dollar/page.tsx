// Strings starting with "$" must be escaped as "$$…" in Flight, everywhere.
export default function Page() {
  return (
    <div title="$dollar" data-ref="$L1" data-undef="$undefined">
      <p>{'$1 $$ $'}</p>
      <p>{'$'}</p>
      <p>{'$$'}</p>
      <p>{'$L1'}{'$@2'}{'$S'}</p>
      <p>{'$undefined'}|{'$NaN'}|{'$-0'}|{'$D2024-01-02'}|{'$n1'}</p>
      <p className="$cls">{['$a', '$b']}</p>
      <p>not $ at start</p>
      <input defaultValue="$5 off" />
      <div style={{ content: '"$"', fontFamily: '$font' }} />
    </div>
  );
}
