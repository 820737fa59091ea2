import { act, render, screen } from '@testing-library/react';
import { useEffect, type ComponentType } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from '../hooks/pageAddress';
import { createTestServices } from '../testing/fakeServices';
import { lazyScreen } from './lazyScreen';
import { ServicesContext } from '../store/servicesContext';
import { makeStore } from './store';
import { LATER_LISTENERS } from './laterListeners';

const Directory = () => <h1>call resident</h1>;

/** Home at `/`, the screen under test at `/screen`. */
function Routed({ screen: Screen }: { screen: ComponentType }) {
  return useLocation().pathname === '/screen' ? <Screen /> : <p>home</p>;
}

/** The kiosk around the screen: a store, its services, the router at `/screen`. */
function kioskAround(Screen: ComponentType, services = createTestServices()) {
  return (
    <Provider store={makeStore(services, undefined, LATER_LISTENERS)}>
      <ServicesContext.Provider value={services}>
        <MemoryRouter route="/screen">
          <Routed screen={Screen} />
        </MemoryRouter>
      </ServicesContext.Provider>
    </Provider>
  );
}

/** Renders in an async act: React retries a suspended first render only when its act is awaited. */
async function show(Screen: ComponentType, services = createTestServices()) {
  // What the logger writes locally; the same line goes to the back end.
  const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  let view!: ReturnType<typeof render>;
  await act(async () => {
    view = render(kioskAround(Screen, services));
  });
  return { ...view, logged };
}

describe('lazyScreen', () => {
  it('shows Loading... until the code arrives, then the screen', async () => {
    let arrive!: (component: ComponentType) => void;
    const Screen = lazyScreen('directory', () => new Promise((resolve) => (arrive = resolve)));
    await show(Screen);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    await act(async () => arrive(Directory));
    expect(await screen.findByRole('heading', { name: 'call resident' })).toBeInTheDocument();
  });

  it('keeps the screen mounted when its parent renders again after the code arrived (a camera or a call is not started twice)', async () => {
    let arrive!: (component: ComponentType) => void;
    const mounts = vi.fn();
    const Counted = () => {
      useEffect(() => mounts(), []);
      return <h1>scan</h1>;
    };
    const Screen = lazyScreen('scan-qr', () => new Promise((resolve) => (arrive = resolve)));
    const view = await show(Screen);
    await act(async () => arrive(Counted));
    expect(await screen.findByRole('heading', { name: 'scan' })).toBeInTheDocument();
    // The kiosk's state changes above the screen (the stored parts read, a property update): the router renders again.
    view.rerender(kioskAround(Screen));
    expect(screen.getByRole('heading', { name: 'scan' })).toBeInTheDocument();
    expect(mounts).toHaveBeenCalledTimes(1);
  });

  it('renders at once once preloaded, and fetches the code only once', async () => {
    const load = vi.fn(async () => Directory);
    const Screen = lazyScreen('directory', load);
    await Promise.all([Screen.preload(), Screen.preload()]);
    await show(Screen);
    expect(screen.getByRole('heading', { name: 'call resident' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('takes the visitor home when the code cannot be fetched, logs it, and tries again next time', async () => {
    const offline = new TypeError('Failed to fetch dynamically imported module');
    const load = vi.fn().mockRejectedValueOnce(offline).mockRejectedValueOnce(offline).mockResolvedValue(Directory);
    const Screen = lazyScreen('directory', load);
    // A failed preload is silent: the visit tries again.
    await expect(Screen.preload()).resolves.toBeUndefined();
    const first = await show(Screen);
    expect(await screen.findByText('home')).toBeInTheDocument();
    expect(first.logged).toHaveBeenCalledWith('The directory screen could not be loaded', expect.objectContaining({ feature: 'app', name: 'TypeError' }));
    first.unmount();

    await show(Screen);
    expect(await screen.findByRole('heading', { name: 'call resident' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(3);
  });
});
