import { launchParamsRead, selectToken } from '../features/session/sessionSlice';
import type { LaunchParams } from '../features/session/launchParams';
import { urlWithoutToken } from '../lib/urlWithoutToken';
import { appStarted } from '../store/actions';
import type { AppStore } from './store';

export const MISSING_TOKEN_MESSAGE = 'Gate Kiosk: the API token is not defined. Open the kiosk with ?token=<device token>.';

/**
 * Runs once stored state is back: applies the query string, hides the token
 * from the address bar, and starts the effects only when a token is known,
 * when `startEffects` calls back (at once by default; main.tsx once the
 * database's parts are in the store and the page is idle after the first
 * screen, so the property load, the sockets and their work do not hold it
 * back).
 */
export function startKiosk(
  store: AppStore,
  launch: LaunchParams,
  win: Pick<Window, 'location' | 'history'>,
  startEffects: (start: () => void) => void = (start) => start(),
): boolean {
  store.dispatch(launchParamsRead(launch));
  if (launch.token) win.history.replaceState(win.history.state, '', urlWithoutToken(win.location.href));
  if (!selectToken(store.getState())) {
    console.error(new Error(MISSING_TOKEN_MESSAGE));
    return false;
  }
  startEffects(() => store.dispatch(appStarted()));
  return true;
}
