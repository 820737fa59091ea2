import { http, HttpResponse } from 'msw';
import { API_URL, apiServer, withApiServer } from '../../testing/apiServer';
import { rawProperty } from '../../testing/fixtures';
import { startedStore } from '../../testing/renderKiosk';
import { selectQueuedAccessRequests } from '../access-queue/accessQueueSlice';
import { passScanned } from './passActions';
import { KEY_A, publicPassKey, passFor } from '../../testing/passKeys';

// A page that is not a secure context needs the library, and its file cannot be fetched (offline, no service worker).
vi.mock('./nobleVerifier', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

withApiServer();

describe('a pass the panel has no verifier for', () => {
  beforeEach(() => vi.stubGlobal('isSecureContext', false));
  afterEach(() => vi.unstubAllGlobals());

  it('is told it could not be checked, queued as unchecked, not counted as a guess, and the gate stays shut', async () => {
    const property = rawProperty({ pass_keys: [publicPassKey(KEY_A)] });
    apiServer.use(http.get(`${API_URL}/api/telephone-entry/property`, () => HttpResponse.json(property)));
    const { store, services } = startedStore({ property });
    store.dispatch(passScanned(await passFor({ iss: 1 })));
    await vi.waitFor(() =>
      expect(store.getState().notifications.items.at(-1)).toMatchObject({ status: 'ERROR', title: 'This pass could not be checked. Please try again' }),
    );
    expect(selectQueuedAccessRequests(store.getState()).map(({ user_code, access_granted, reason }) => ({ user_code, access_granted, reason }))).toEqual([
      { user_code: 'pass:?', access_granted: false, reason: 'unchecked' },
    ]);
    expect(store.getState().codeLock.refusedAt).toHaveLength(0);
    expect(services.hardware.openGate).not.toHaveBeenCalled();
  });
});
