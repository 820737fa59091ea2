import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { Navigate } from 'react-router-dom';
import { Splash } from '../components/Splash';
import { useServices } from './servicesContext';

/**
 * A screen whose code loads when it is first shown, to keep it out of the
 * first screen's bundle. If the code cannot be fetched (the kiosk's server
 * is unreachable) the visitor is taken home rather than shown a crash.
 */
export function lazyScreen(name: string, load: () => Promise<ComponentType>): ComponentType {
  const Screen = lazy(() =>
    load()
      .then((component) => ({ default: component }))
      .catch((error: unknown) => ({ default: () => <Unavailable name={name} error={error} /> })),
  );
  return function LazyScreen() {
    return (
      <Suspense fallback={<Splash />}>
        <Screen />
      </Suspense>
    );
  };
}

function Unavailable({ name, error }: { name: string; error: unknown }) {
  const { logger } = useServices();
  useEffect(() => logger.error(`The ${name} screen could not be loaded`, error), [logger, name, error]);
  return <Navigate to="/" replace />;
}
