import { Suspense, use, useEffect, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { Splash } from '../features/session/components/Splash';
import { useServices } from '../store/servicesContext';

export type LazyScreen = (() => ReactNode) & {
  /** Fetches the screen's code now; settles either way (a failed fetch is tried again when the screen is shown). */
  preload(): Promise<void>;
};

/**
 * A screen whose code is not in the first screen's bundle. Once loaded it
 * renders at once; before that a splash shows while it loads. If the code
 * cannot be fetched (the kiosk's server is unreachable) the visitor is taken
 * home, not shown a crash, and the next visit tries again.
 */
export function lazyScreen(name: string, load: () => Promise<ComponentType>): LazyScreen {
  // The screen as an element: screens take no props, so one element serves every visit.
  let loaded: ReactElement | null = null;
  let loading: Promise<ReactElement> | null = null;
  // After a failure the next visit (or preload) fetches again.
  const forget = () => {
    loading = null;
  };
  const fetchCode = () => {
    loading ??= load().then(
      (Component) => (loaded = <Component />),
      (error: unknown) => <Unavailable name={name} error={error} onShown={forget} />,
    );
    return loading;
  };

  function Loading() {
    return use(fetchCode());
  }

  function Screen() {
    if (loaded) return loaded;
    return (
      <Suspense fallback={<Splash />}>
        <Loading />
      </Suspense>
    );
  }
  Screen.preload = () =>
    fetchCode().then(() => {
      if (!loaded) forget();
    });
  return Screen;
}

function Unavailable({ name, error, onShown }: { name: string; error: unknown; onShown: () => void }) {
  const { logger } = useServices();
  useEffect(() => {
    logger.child('app').error(`The ${name} screen could not be loaded`, error);
    onShown();
  }, [logger, name, error, onShown]);
  return <Navigate to="/" replace />;
}
