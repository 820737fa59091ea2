import { lazy, Suspense, useEffect } from 'react';
import { PageRouter } from '../hooks/pageAddress';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { Splash } from '../features/session/components/Splash';
import { useOnlineStatus } from '../features/connectivity/useOnlineStatus';
import { NotificationOverlay } from '../features/notifications/components/NotificationOverlay';
import { useDirectoryAhead } from '../features/directory/useDirectoryAhead';
import { selectPropertyData } from '../features/property/propertySlice';
import { selectResidents } from '../features/property/selectors';
import { selectToken } from '../features/session/sessionSlice';
import { useStrings } from '../features/session/useStrings';
import { useAppSelector } from '../store/hooks';
import { AppRoutes, preloadScreens } from './router';
import { whenIdle } from '../lib/afterFirstScreen';
import { ServicesContext } from '../store/servicesContext';
import type { Services } from '../store/services';

// Only a panel without a token shows it: not in the first screen's bundle.
const InstallerMessage = lazy(() => import('../features/session/components/InstallerMessage').then((module) => ({ default: module.InstallerMessage })));

/** The kiosk: anything that crashes in it shows a calm message and restarts the kiosk on its home screen. */
export function App({ services }: { services: Services }) {
  const t = useStrings();
  return (
    <ErrorBoundary
      onError={(error) => services.logger.child('app').error('Screen crashed', error)}
      onRecover={services.page.reloadHome}
      message={{ title: t('crash.title'), body: t('crash.body') }}
    >
      <Kiosk services={services} />
    </ErrorBoundary>
  );
}

/** Installer help, splash, or the screens. */
function Kiosk({ services }: { services: Services }) {
  const token = useAppSelector(selectToken);
  const hasProperty = useAppSelector(selectPropertyData) !== null;
  const residents = useAppSelector(selectResidents);
  useOnlineStatus();
  useEffect(() => {
    if (!hasProperty) return undefined;
    // Once the page is idle after the first screen: neither it nor a press typed on the first frame waits for this code.
    return whenIdle(() => void preloadScreens());
  }, [hasProperty]);
  useDirectoryAhead(residents, hasProperty);

  if (!token) {
    return (
      <Suspense fallback={<Splash />}>
        <InstallerMessage />
      </Suspense>
    );
  }
  if (!hasProperty) return <Splash />;
  return (
    <ServicesContext.Provider value={services}>
      <PageRouter>
        <AppRoutes onReload={services.page.reload} />
        <NotificationOverlay />
      </PageRouter>
    </ServicesContext.Provider>
  );
}
