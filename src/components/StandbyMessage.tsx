import { Logo } from './Logo';

/** Shown by a second window of the kiosk while the first one runs the panel. */
export function StandbyMessage() {
  return (
    <main className="splash" role="status">
      <Logo />
      <h1>This kiosk is already running in another window</h1>
      <p>This window takes over when the other one closes.</p>
    </main>
  );
}
