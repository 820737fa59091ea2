import { useStrings } from '../features/session/useStrings';
import { Logo } from './Logo';

/** Shown by a second window of the kiosk while the first one runs the panel. */
export function StandbyMessage() {
  const t = useStrings();
  return (
    <main className="splash" role="status">
      <Logo />
      <h1>{t('standby.title')}</h1>
      <p>{t('standby.body')}</p>
    </main>
  );
}
