// The error boundary inside every SegmentBoundary (browser only: kit's
// server-side React has no class components). It catches the errors whose
// digest is a redirect() that happened inside a Suspense boundary
// ("KIT_REDIRECT;<status>;<url>", js/redirect.ts), renders nothing in their
// place and navigates there, replacing the history entry. Any other error
// (notFound()'s KIT_NOT_FOUND included) goes on to the next boundary up.
import { Component } from 'react';
import { redirectTarget, visit } from './core';

interface Props { children?: unknown; navId?: number }
interface State { redirect: string | null; navId?: number }

export class RedirectBoundary extends Component<Props, State> {
  state: State = { redirect: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    const to = redirectTarget(error);
    if (to === null) throw error;
    return { redirect: to };
  }

  componentDidCatch(error: unknown) {
    const to = redirectTarget(error);
    if (to !== null) {
      this.setState({ navId: this.props.navId });
      // after this commit is done (the Router writes the history entry of the
      // navigation that brought the error in its layout effect, which runs
      // after this one): the redirect then replaces that entry
      Promise.resolve().then(() => visit(to, { replace: true })).catch(() => location.replace(to));
    }
  }

  componentDidUpdate() {
    // a navigation committed since the redirect: show what it brought
    if (this.state.redirect !== null && this.state.navId !== undefined && this.props.navId !== this.state.navId)
      this.setState({ redirect: null, navId: undefined });
  }

  render() {
    return this.state.redirect !== null ? null : (this.props.children as any);
  }
}
