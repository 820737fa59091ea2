import { useStrings } from '../features/session/useStrings';
import { Logo } from './Logo';

/** Shown until the first property data arrives. */
export function Splash() {
  const t = useStrings();
  return (
    <main className="splash" aria-busy="true">
      <Logo />
      <p className="splash-text">{t('app.loading')}</p>
    </main>
  );
}
