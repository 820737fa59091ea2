import type { ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
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

/**
 * The page's address, through React Router. A change of screen renders in
 * the update that asked for it (a key press's, or a flushSync), not in a
 * transition that would let the press's frame paint the old screen.
 */
export function PageRouter({ children }: { children: ReactNode }) {
  return <BrowserRouter useTransitions={false}>{children}</BrowserRouter>;
}

/** Exact routes; anything else goes home. The installer screen has no route: a button sequence opens it. */
export function AppRoutes({ onReload }: { onReload: () => void }) {
  return (
    <InstallerAccess>
      <RoutedScreen onReload={onReload} />
    </InstallerAccess>
  );
}

const home = <Navigate to="/" replace />;

function RoutedScreen({ onReload }: { onReload: () => void }) {
  // React Router lets a trailing slash match its route; the kiosk's routes match exactly.
  if (/.\/$/.test(useLocation().pathname)) return home;
  return (
    <Routes>
      <Route caseSensitive path="/" element={<HomeScreen onReload={onReload} />} />
      <Route caseSensitive path="/enter-code" element={<EnterCodeScreen />} />
      <Route caseSensitive path="/resident-directory" element={<ResidentDirectoryScreen />} />
      <Route caseSensitive path="/scan-qr" element={<ScanQrScreen />} />
      <Route caseSensitive path="/call" element={<CallScreen />} />
      <Route path="*" element={home} />
    </Routes>
  );
}
