import { Suspense, use, useEffect, useState, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { Navigate } from '../hooks/pageAddress';
import { Splash } from '../features/session/components/Splash';
import { loadOnce } from '../lib/loadOnce';
import { useServices } from '../store/servicesContext';

export type LazyScreen = (() => ReactNode) & {
  /** Fetches the screen's code now; settles either way (a failed fetch is tried again when the screen is shown). */
  preload(): Promise<void>;
  /** Whether the screen's code is here: it then renders at once. */
  loaded(): boolean;
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
  const fetchCode = loadOnce(() => load().then((Component) => (loaded = <Component />)));

  function Screen() {
    // One attempt a visit, kept while it suspends: `use` must be handed the same promise each time.
    // None when the code is already here. The tree's shape stays the same for the whole visit: a screen
    // shown through `Loading` and then rendered without it would be mounted again (its camera, its call).
    const [attempt] = useState(() => (loaded ? null : fetchCode().catch((error: unknown) => <Unavailable name={name} error={error} />)));
    return <Suspense fallback={<Splash />}>{attempt ? <Loading attempt={attempt} /> : loaded}</Suspense>;
  }
  Screen.loaded = () => loaded !== null;
  Screen.preload = () =>
    fetchCode().then(
      () => undefined,
      () => undefined,
    );
  return Screen;
}

function Loading({ attempt }: { attempt: Promise<ReactElement> }) {
  return use(attempt);
}

function Unavailable({ name, error }: { name: string; error: unknown }) {
  const { logger } = useServices();
  useEffect(() => {
    logger.child('app').error(`The ${name} screen could not be loaded`, error);
  }, [logger, name, error]);
  return <Navigate to="/" replace />;
}
