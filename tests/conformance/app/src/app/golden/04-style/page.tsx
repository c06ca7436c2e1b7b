// react-golden/cases-html.jsx 04-style
export default function Page() {
  const style = {
    color: 'red', fontSize: 12, lineHeight: 1.5, opacity: 0, zIndex: 3, flex: 1,
    marginTop: 0, width: '50%', WebkitTransition: 'x', msTransform: 'y', MozBoxSizing: 'z', '--Custom-Prop': 4,
    backgroundImage: 'url("a b.png")', display: null, border: undefined, padding: '', content: '"<&>"', gridArea: 2,
  } as Record<string, unknown>;
  return <div style={style} />;
}
