import { http, HttpResponse } from 'msw';
import { API_URL, apiServer, withApiServer } from '../../testing/apiServer';
import { rawProperty } from '../../testing/fixtures';
import { startedStore } from '../../testing/renderKiosk';
import { selectQueuedAccessRequests } from '../access-queue/accessQueueSlice';
import { passScanned } from './passActions';
import { KEY_A, publicPassKey, passFor } from '../../testing/passKeys';

// The pass checker's chunk cannot be fetched (offline, the service worker without it).
vi.mock('./passJudge', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

withApiServer();

describe('a pass scanned when the pass checker cannot be loaded', () => {
  it('is told it could not be checked, queued as unchecked, logged, not counted as a guess, and the gate stays shut', async () => {
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
    expect(console.error).toHaveBeenCalledWith('The pass could not be checked: its checker could not be loaded', expect.objectContaining({ feature: 'passes' }));
    expect(store.getState().codeLock.refusedAt).toHaveLength(0);
    expect(services.hardware.openGate).not.toHaveBeenCalled();
  });
});
