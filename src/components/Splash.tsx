import { Logo } from './Logo';

/** Shown until the first property data arrives. */
export function Splash() {
  return (
    <main className="splash" aria-busy="true">
      <Logo />
      <p className="splash-text">Loading...</p>
    </main>
  );
}
