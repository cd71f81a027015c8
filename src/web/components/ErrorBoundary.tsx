import { Component, type ErrorInfo, type ReactNode } from 'react';
import { messages } from '../../domain/messages';

interface State {
  failed: boolean;
}

/**
 * Catches a page that fails to load or render (on 3G a chunk download can fail) and offers to
 * reload instead of leaving a blank screen. `resetKey` (the path) clears it on navigation.
 */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override componentDidUpdate(prev: { resetKey?: string }) {
    if (this.state.failed && prev.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <section className="card notice" role="alert">
        <p>{messages.erreurChargementPage}</p>
        <button type="button" className="btn" onClick={() => window.location.reload()}>
          <i className="pi pi-refresh" aria-hidden="true" /> {messages.reessayer}
        </button>
      </section>
    );
  }
}
