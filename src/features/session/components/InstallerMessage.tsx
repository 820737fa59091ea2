import { Logo } from '../../../components/Logo';
import { config } from '../../../config/config';
import { setupStrings } from '../../../strings/setupStrings';
import { useStrings } from '../useStrings';

/** Full-screen help for the installer when the panel was opened without a token (no device record yet: the build's language). */
export function InstallerMessage() {
  const t = setupStrings(config.deviceDefaults.language);
  const name = useStrings()('app.name');
  return (
    <main className="splash installer" role="alert">
      <Logo name={name} />
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
