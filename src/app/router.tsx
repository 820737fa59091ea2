import { Navigate, useLocation } from '../hooks/pageAddress';
import { EnterCodeScreen } from '../screens/enter-code/EnterCodeScreen';
import { HomeScreen } from '../screens/home/HomeScreen';
import { loadGuidance } from '../screens/home/loadGuidance';
import { InstallerAccess, InstallerScreen } from './installerAccess';
import { lazyScreen } from './lazyScreen';

// Home and code entry are in the first bundle: a typed code must open the gate
// at once. The others load after the first screen shows (preloadScreens), and
// the call's vendor SDKs only when a call needs them.
const ResidentDirectoryScreen = lazyScreen('directory', () =>
  import('../screens/resident-directory/ResidentDirectoryScreen').then((module) => module.ResidentDirectoryScreen),
);
const ScanQrScreen = lazyScreen('scan-qr', () => import('../screens/scan-qr/ScanQrScreen').then((module) => module.ScanQrScreen));
const CallScreen = lazyScreen('call', () => import('../screens/call/CallScreen').then((module) => module.CallScreen));

/**
 * Fetches the lazy screens and the call engine, so they open without a wait
 * and keep working if the network drops later. Never rejects.
 */
export function preloadScreens(): Promise<void> {
  const engine = import('../features/call/runCall').then(
    () => undefined,
    () => undefined,
  );
  const guidance = loadGuidance().catch(() => undefined);
  return Promise.all([ResidentDirectoryScreen.preload(), ScanQrScreen.preload(), CallScreen.preload(), InstallerScreen.preload(), guidance, engine]).then(
    () => undefined,
  );
}

/** Exact routes; anything else goes home. The installer screen has no route: a button sequence opens it. */
export function AppRoutes({ onReload }: { onReload: () => void }) {
  return (
    <InstallerAccess>
      <RoutedScreen onReload={onReload} />
    </InstallerAccess>
  );
}

function RoutedScreen({ onReload }: { onReload: () => void }) {
  switch (useLocation().pathname) {
    case '/':
      return <HomeScreen onReload={onReload} />;
    case '/enter-code':
      return <EnterCodeScreen />;
    case '/resident-directory':
      return <ResidentDirectoryScreen />;
    case '/scan-qr':
      return <ScanQrScreen />;
    case '/call':
      return <CallScreen />;
    default:
      return <Navigate to="/" replace />;
  }
}
