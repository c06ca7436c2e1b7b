// Style objects: units, unitless properties, vendor prefixes, custom properties, escaping.
export default function Page() {
  return (
    <div>
      <div style={{ flexGrow: 2, columnCount: 3, WebkitLineClamp: 2, fontWeight: 700, order: -1 }} />
      <div style={{ margin: 0, marginLeft: -5, width: 33.3333, height: '10em', paddingTop: 0.5 }} />
      <div style={{ '--x': 0, '--y': 'a b', '--Mixed-Case': 12 } as Record<string, unknown>} />
      <div style={{ msFlexAlign: 'center', MozAppearance: 'none', WebkitBoxShadow: '0 0 1px red' }} />
      <div style={{ backgroundImage: 'url("x\'y.png")', fontFamily: '"A & B", <serif>' }} />
      <div style={{ color: null, display: undefined, border: '', outline: false } as Record<string, unknown>} />
      <div style={{}} />
      <span style={{ zIndex: 0, opacity: 0.25, lineHeight: 2, scale: 2, aspectRatio: 1.5 }}>styled</span>
      <div style={{ color: '  blue  ' }} />
    </div>
  );
}
