const links = [
  ['/', 'Home'],
  ['/about', 'About'],
  ['/blog/hello-world', 'Blog'],
  ['/docs/guide/install', 'Docs'],
  ['/pricing', 'Pricing'],
  ['/async', 'Async'],
  ['/dashboard', 'Dashboard'],
];

export function Nav() {
  return (
    <nav>
      <ul>
        {links.map(([href, label]) => (
          <li key={href}>
            <a href={href}>{label}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
