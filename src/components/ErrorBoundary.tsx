import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  onError: (error: Error, info: ErrorInfo) => void;
  onRecover: () => void;
}

export const CRASH_RECOVERY_MS = 10000;

/**
 * A crashed screen shows a calm message and restarts the kiosk instead of
 * going blank; `onRecover` is called every 10 s until the page goes (a
 * restart can be refused while the kiosk's server is out of reach).
 */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  state = { failed: false };
  private timer: number | undefined;

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    this.props.onError(error, info);
    window.clearInterval(this.timer);
    this.timer = window.setInterval(() => this.props.onRecover(), CRASH_RECOVERY_MS);
  }

  componentWillUnmount() {
    window.clearInterval(this.timer);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="splash" role="alert">
        <h1>Something went wrong</h1>
        <p>The panel is restarting. Please wait a moment.</p>
      </main>
    );
  }
}
