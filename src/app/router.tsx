import { memo, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { Navigate, useLocation } from '../hooks/pageAddress';
import { whenIdle } from '../lib/afterFirstScreen';
import { useDevice } from '../features/session/useDevice';
import { EnterCodeScreen } from '../screens/enter-code/EnterCodeScreen';
import { HomeScreen } from '../screens/home/HomeScreen';
import { loadGuidance } from '../screens/home/loadGuidance';
import { InstallerAccess, InstallerScreen } from './installerAccess';
import { lazyScreen } from './lazyScreen';
import { OnTop, ScreenLayersProvider, type LayerElements } from '../hooks/screenLayers';

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

const DIRECTORY = '/resident-directory';
/** The screens kept as layers: home stays under code entry and the directory. */
const KEPT = new Set(['/', '/enter-code', DIRECTORY]);

function RoutedScreen({ onReload }: { onReload: () => void }) {
  const { pathname } = useLocation();
  if (KEPT.has(pathname)) return <KeptScreens pathname={pathname} onReload={onReload} />;
  switch (pathname) {
    case '/scan-qr':
      return <ScanQrScreen />;
    case '/call':
      return <CallScreen />;
    default:
      return <Navigate to="/" replace />;
  }
}

/** Rendered again only when it comes to the top (its context): not for the address of the screen over it. */
const KeptHome = memo(HomeScreen);

/**
 * Home stays rendered, laid out and painted under code entry and the
 * directory, each an opaque layer of its own over it (so BACK repaints none
 * of home), inert and hidden from assistive technology; and the directory is rendered
 * ahead over home, transparent and inert, once the page is idle. BACK makes
 * the screen over home transparent and DOWN or UP makes the directory opaque
 * (screenLayers.tsx): the key press renders no screen. Only the screen on top
 * takes keys (useOnTop). Each visit to the directory gets a new one, on its
 * first page with no lookup code typed.
 */
function KeptScreens({ pathname, onReload }: { pathname: string; onReload: () => void }) {
  const home = useRef<HTMLDivElement>(null);
  const over = useRef<HTMLDivElement>(null);
  const directoryAhead = useRef<HTMLDivElement>(null);
  const elements = useMemo<LayerElements>(() => ({ home, over, directoryAhead }), []);
  const [visits, setVisits] = useState({ path: pathname, count: 0 });
  if (visits.path !== pathname) setVisits({ path: pathname, count: visits.count + (visits.path === DIRECTORY ? 1 : 0) });
  const onHome = pathname === '/';
  return (
    <ScreenLayersProvider elements={elements}>
      <div ref={home} className={onHome ? 'screen-layer' : 'screen-layer screen-covered'} inert={!onHome} aria-hidden={onHome ? undefined : true}>
        <OnTop value={onHome}>
          <KeptHome onReload={onReload} />
        </OnTop>
      </div>
      {pathname === '/enter-code' && (
        <div ref={over} className="screen-layer screen-over">
          <EnterCodeScreen />
        </div>
      )}
      <DirectoryLayer key={visits.count} shown={pathname === DIRECTORY} over={over} ahead={directoryAhead} />
    </ScreenLayersProvider>
  );
}

/**
 * The directory over home: shown, or (button panels) rendered ahead once the
 * page is idle and its code is here, transparent, inert and hidden from
 * assistive technology, letting taps through. `inert` is lifted by React after
 * the frame that shows it, as lifting it in the key press would restyle all of it.
 */
function DirectoryLayer({ shown, over, ahead }: { shown: boolean; over: RefObject<HTMLDivElement | null>; ahead: RefObject<HTMLDivElement | null> }) {
  const { touch } = useDevice();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (shown || ready || touch) return undefined;
    let live = true;
    const cancel = whenIdle(() => void ResidentDirectoryScreen.preload().then(() => setReady(live && ResidentDirectoryScreen.loaded())));
    return () => {
      live = false;
      cancel();
    };
  }, [shown, ready, touch]);
  if (!shown && (!ready || touch)) return null;
  return (
    <OnTop value={shown}>
      <div
        ref={shown ? over : ahead}
        className={shown ? 'screen-layer screen-over' : 'screen-layer screen-over screen-ahead'}
        inert={!shown}
        aria-hidden={shown ? undefined : true}
      >
        <ResidentDirectoryScreen />
      </div>
    </OnTop>
  );
}
