import { http, HttpResponse } from 'msw';
import { selectQueuedAccessRequests } from '../features/access-queue/accessQueueSlice';
import { passScanned } from '../features/passes/passActions';
import { API_URL, apiServer } from './apiServer';
import { rawProperty } from './fixtures';
import { KEY_A, passFor, publicPassKey } from './passKeys';
import { startedStore } from './renderKiosk';

/**
 * Scans a pass on a panel that cannot check it (the test mocks what is
 * missing) and asserts what the visitor and the back end see: told it could
 * not be checked, queued as unchecked, not counted as a guess, the gate shut.
 */
export async function expectPassUnchecked(): Promise<void> {
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
}
