// react-golden/cases-html.jsx 05-void-elements
export default function Page() {
  return <div><br /><hr /><img src="i" /><input /><meta name="m" content="c" /><link rel="x" href="h" /><wbr /><area /><col /><embed /><source /><track /></div>;
}
