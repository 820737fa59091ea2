import { Component, type ErrorInfo, type ReactNode } from 'react';
import { english } from '../strings/catalogue';

interface Props {
  children: ReactNode;
  onError: (error: Error, info: ErrorInfo) => void;
  onRecover: () => void;
  /** The crash message in the panel's language, worked out before anything can crash. */
  message?: { title: string; body: string };
}

export const CRASH_RECOVERY_MS = 10000;

const CRASH_MESSAGE = { title: english('crash.title'), body: english('crash.body') };

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
        <h1>{this.props.message?.title ?? CRASH_MESSAGE.title}</h1>
        <p>{this.props.message?.body ?? CRASH_MESSAGE.body}</p>
      </main>
    );
  }
}
