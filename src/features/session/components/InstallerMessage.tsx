import { Logo } from '../../../components/Logo';
import { useStrings } from '../useStrings';

export const MISSING_TOKEN_MESSAGE = 'Gate Kiosk: the API token is not defined. Open the kiosk with ?token=<device token>.';

/** Full-screen help for the installer when the panel was opened without a token. */
export function InstallerMessage() {
  const t = useStrings();
  return (
    <main className="splash installer" role="alert">
      <Logo />
      <h1>{t('setup.title')}</h1>
      <p>{t('setup.noToken')}</p>
      <p>
        {t('setup.openWith')}
        <code> /?token=YOUR-DEVICE-TOKEN&amp;model=GEN2</code>
      </p>
      <p>{t('setup.models')}</p>
    </main>
  );
}
