import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { readLaunchParams } from '../features/session/launchParams';
import { selectModel, selectToken } from '../features/session/sessionSlice';
import { requestsTo, withApiServer } from '../testing/apiServer';
import { createTestServices } from '../testing/fakeServices';
import { App } from './App';
import { startKiosk } from './startup';
import { storageKey } from './persistence/storageKey';
import { openPersistedStore } from './persistence/persistedStore';
import { LATER_LISTENERS } from './laterListeners';

withApiServer();

function boot(search: string, stored?: { token: string; model: string }) {
  if (stored) localStorage.setItem(storageKey('session'), JSON.stringify({ version: 2, state: stored }));
  window.history.replaceState(null, '', `/${search}`);
  const { store, services } = openPersistedStore(localStorage, (getState) => createTestServices(() => getState().session.token), null, LATER_LISTENERS);
  onTestFinished(() => store.dispose());
  return { store, services, started: startKiosk(store, readLaunchParams(search), window) };
}

describe('startup', () => {
  it('saves token and model from the query string and removes the token from the address bar', async () => {
    const { store, started } = boot('?token=abc123&model=gen3&lang=fr');
    expect(started).toBe(true);
    expect(selectToken(store.getState())).toBe('abc123');
    expect(selectModel(store.getState())).toBe('GEN3');
    expect(window.location.search).toBe('?model=gen3&lang=fr');
    await vi.waitFor(() => expect(requestsTo('telephone-entry/property')[0]?.authorization).toBe('Bearer abc123'));
  });

  it('falls back to DEFAULT for an unknown model', async () => {
    const { store } = boot('?token=abc&model=GEN9', { token: 'old', model: 'GEN2' });
    expect(selectModel(store.getState())).toBe('DEFAULT');
  });

  it('keeps the stored token and model when the query has none', async () => {
    const { store, started } = boot('', { token: 'stored-token', model: 'TOUCH' });
    expect(started).toBe(true);
    expect(selectToken(store.getState())).toBe('stored-token');
    expect(selectModel(store.getState())).toBe('TOUCH');
  });

  it('does not start without a token: logs the error and shows the installer message', async () => {
    const { store, started, services } = boot('?token=&model=<script>');
    expect(started).toBe(false);
    expect(console.error).toHaveBeenCalledWith(expect.objectContaining({ message: expect.stringContaining('API token is not defined') }));
    expect(services.hardware.start).not.toHaveBeenCalled();
    render(
      <Provider store={store}>
        <App services={services} />
      </Provider>,
    );
    expect(await screen.findByRole('heading', { name: 'This panel is not set up yet' }, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByText(/\/\?token=/)).toBeInTheDocument();
    expect(requestsTo('telephone-entry/property')).toHaveLength(0);
  });

  it('shows the Loading... splash until the first property load, then the home screen', async () => {
    const { store, services } = boot('?token=abc');
    render(
      <Provider store={store}>
        <App services={services} />
      </Provider>,
    );
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Welcome to Maple Court!' })).toBeInTheDocument();
  });
});
