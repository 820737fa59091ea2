import { Logo } from '../../../components/Logo';
import { useStrings } from '../useStrings';

/** Shown by a second window of the kiosk while the first one runs the panel. */
export function StandbyMessage() {
  const t = useStrings();
  return (
    <main className="splash" role="status">
      <Logo name={t('app.name')} />
      <h1>{t('standby.title')}</h1>
      <p>{t('standby.body')}</p>
    </main>
  );
}
