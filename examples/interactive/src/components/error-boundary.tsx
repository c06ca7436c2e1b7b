'use client';
// A client error boundary: a class component, on the server as in the
// browser. On the server nothing is ever caught (as in React: an error inside
// a Suspense boundary makes the browser render that boundary), so it renders
// its children; in the browser it catches.
import { Component, useState, type ReactNode } from 'react';

interface Props { fallback: (error: Error & { digest?: string }, reset: () => void) => ReactNode; children?: ReactNode }
interface State { error: (Error & { digest?: string }) | null }

class Catcher extends Component<Props, State> {
  state: State = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  render() {
    if (this.state.error) return this.props.fallback(this.state.error, () => this.setState({ error: null }));
    return this.props.children;
  }
}

export function ErrorBoundary({ fallback, children }: Props) {
  return <Catcher fallback={fallback}>{children}</Catcher>;
}

// A client component that throws while rendering, on the server and in the
// browser, until its button (shown by the boundary's fallback) fixes it.
let fixed = false;
export function Thrower({ label }: { label: string }) {
  if (!fixed) throw new Error('client component ' + label + ' failed');
  return <p id={'thrower-' + label}>{label + ' works now'}</p>;
}

// The boundary with its fallback, as a client component (a server component
// cannot pass the fallback function to a client component).
export function Caught({ id, children }: { id: string; children?: ReactNode }) {
  const [, setRound] = useState(0);
  return (
    <ErrorBoundary
      fallback={(e, reset) => (
        <div className="caught" id={id}>
          <p className="caught-message">{'caught: ' + (e.digest ? 'digest ' + e.digest : e.message)}</p>
          <button type="button" id={id + '-retry'} onClick={() => { fixed = true; setRound((r) => r + 1); reset(); }}>retry</button>
        </div>
      )}
    >
      {children}
    </ErrorBoundary>
  );
}
