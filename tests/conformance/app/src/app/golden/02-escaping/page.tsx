// react-golden/cases-html.jsx 02-escaping
export default function Page() {
  return <div title={'<"&\'>'} data-x={"a'b"}>{'<script>&"\'></script>'}</div>;
}
