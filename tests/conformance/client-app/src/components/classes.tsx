'use client';
// Class components as client code writes them: kit's HTML of them must be
// React's (tests/conformance/client-roundtrip.mjs, case "classes").
import { Component, PureComponent, createContext, type ReactNode } from 'react';

const Theme = createContext('light');

// state from a class field, props, the context through contextType
export class Counter extends Component<{ start: number }, { count: number }> {
  static contextType = Theme;
  state = { count: this.props.start };
  render() {
    return <p className={'counter ' + String(this.context)}>count {this.state.count}</p>;
  }
}

// getDerivedStateFromProps merges into the constructor's state
export class Derived extends PureComponent<{ items: string[] }, { first: string; total: number }> {
  constructor(props: { items: string[] }) {
    super(props);
    this.state = { first: '', total: -1 };
  }
  static getDerivedStateFromProps(props: { items: string[] }) {
    return { total: props.items.length };
  }
  render() {
    return <p>{this.state.total} items, first {JSON.stringify(this.state.first)}</p>;
  }
}

// the legacy componentWillMount: its setState calls apply before render
export class Legacy extends Component<{ label: string }, { phase: string; n: number }> {
  state = { phase: 'constructed', n: 0 };
  UNSAFE_componentWillMount() {
    this.setState({ phase: 'will mount' });
    this.setState((s) => ({ n: s.n + 2 }));
  }
  render() {
    return <p>{this.props.label}: {this.state.phase} {this.state.n}</p>;
  }
}

// an error boundary renders its children on the server
export class Boundary extends Component<{ children?: ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  render() {
    return this.state.error ? <p>failed</p> : <section>{this.props.children}</section>;
  }
}

export function Themed({ children }: { children?: ReactNode }) {
  return <Theme.Provider value="dark">{children}</Theme.Provider>;
}
