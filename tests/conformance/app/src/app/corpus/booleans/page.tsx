// true/false/null/undefined/"" children render nothing and do not break text adjacency.
export default function Page() {
  const nothing = undefined;
  return (
    <div>
      <p>{true}</p>
      <p>{false}</p>
      <p>{null}</p>
      <p>{nothing}</p>
      <p>{''}</p>
      <p>a{true}b{false}c{null}d{nothing}e{''}f</p>
      <p>{[true, false, null, nothing, '']}</p>
      <p>{[null, 'x', null]}</p>
      <p>{false && <b>hidden</b>}{true && <b>shown</b>}</p>
      <div hidden={false} data-t={true} data-f={false} aria-busy={true} disabled={null} />
    </div>
  );
}
