import type { ReactNode } from 'react';

interface LayoutProps {
  title: string;
  /** Beside the title: 'Delivery' for a courier's message. */
  reason?: string | null;
  /** The right-hand picture (the camera while it records, the picture taken); without it the words take the whole width. */
  aside?: ReactNode;
  /** The way out, at the foot. */
  footer: ReactNode;
  children: ReactNode;
}

/**
 * The screens after a call nobody answered (a visitor's message, a courier's
 * delivery message): the title across the top, what to do below it, the way
 * out at the foot, and a picture on the right while there is one to show.
 */
export function MessageLayout({ title, reason = null, aside = null, footer, children }: LayoutProps) {
  return (
    <main className={aside ? 'screen call message message-with-aside' : 'screen call message'}>
      <header className="call-title">
        <h1>{title}</h1>
        {reason && <p className="call-reason">{reason}</p>}
      </header>
      <div className="message-body">{children}</div>
      {aside && <figure className="call-videos message-preview">{aside}</figure>}
      <footer className="screen-footer">{footer}</footer>
    </main>
  );
}

interface ActionProps {
  label: string;
  onPress: () => void;
  /** The panel button that does the same, shown before the label (button panels). */
  hint?: string | null;
  disabled?: boolean;
}

/** One thing a panel button does at this step; a tap does the same. */
export function MessageAction({ label, onPress, hint = null, disabled = false }: ActionProps) {
  return (
    <button type="button" className="message-action" onClick={onPress} disabled={disabled}>
      {hint && <kbd className="button-hint">{hint}</kbd>}
      <span>{label}</span>
    </button>
  );
}

/** 'Recording: {seconds} s left': a timer that screen readers are not made to read out every second. */
export function Countdown({ text }: { text: string }) {
  return (
    <p className="message-countdown" role="timer" aria-live="off">
      {text}
    </p>
  );
}
