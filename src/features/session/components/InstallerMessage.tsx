import { Logo } from '../../../components/Logo';

export const MISSING_TOKEN_MESSAGE = 'Gate Kiosk: the API token is not defined. Open the kiosk with ?token=<device token>.';

/** Full-screen help for the installer when the panel was opened without a token. */
export function InstallerMessage() {
  return (
    <main className="splash installer" role="alert">
      <Logo />
      <h1>This panel is not set up yet</h1>
      <p>The API token is not defined.</p>
      <p>
        Open the kiosk with the device token in the address, for example
        <code> /?token=YOUR-DEVICE-TOKEN&amp;model=GEN2</code>
      </p>
      <p>Models: DEFAULT, GEN1, GEN2, GEN3, TOUCH. The token is saved on the panel and removed from the address.</p>
    </main>
  );
}
