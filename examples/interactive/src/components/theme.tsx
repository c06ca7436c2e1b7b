'use client';
// createContext/Provider in client components: the provider wraps children
// rendered by server components, inside which other client components read
// the context — with useContext, use(context) and <Context.Consumer>.
import { use, useContext, useState, type ReactNode } from 'react';
import { DepthContext, ThemeContext } from './theme-context';

export function ThemeProvider({ initial, children }: { initial: string; children?: ReactNode }) {
  const [name, setName] = useState(initial);
  const toggle = () => setName((n) => (n === 'light' ? 'dark' : 'light'));
  return (
    <ThemeContext.Provider value={{ name, toggle }}>
      <div id={"theme-root-" + initial} data-theme={name}>{children}</div>
    </ThemeContext.Provider>
  );
}

// Increments DepthContext for what it wraps (a provider rendering a provider).
export function Deeper({ children }: { children?: ReactNode }) {
  const d = useContext(DepthContext);
  return <DepthContext value={d + 1}>{children}</DepthContext>;
}

export function ThemeLabel({ id }: { id: string }) {
  const theme = useContext(ThemeContext);
  const depth = useContext(DepthContext);
  return <span id={id} className="theme-label">{theme.name + ' @' + depth}</span>;
}

export function ThemeUse({ id }: { id: string }) {
  const theme = use(ThemeContext);
  return <span id={id}>{'use: ' + theme.name}</span>;
}

export function ThemeConsumer({ id }: { id: string }) {
  return <ThemeContext.Consumer>{(t) => <span id={id}>{'consumer: ' + t.name}</span>}</ThemeContext.Consumer>;
}

export function ThemeToggle() {
  const { name, toggle } = useContext(ThemeContext);
  return <button type="button" id="theme-toggle" onClick={toggle}>{'toggle ' + name}</button>;
}

// Outside every provider: the default value.
export function DefaultTheme() {
  return <span id="theme-default">{useContext(ThemeContext).name}</span>;
}
