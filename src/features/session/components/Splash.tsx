import { Logo } from '../../../components/Logo';
import { useStrings } from '../useStrings';

/** Shown until the first property data arrives. */
export function Splash() {
  const t = useStrings();
  return (
    <main className="splash" aria-busy="true">
      <Logo name={t('app.name')} />
      <p className="splash-text">{t('app.loading')}</p>
    </main>
  );
}
