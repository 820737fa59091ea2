import { http, HttpResponse } from 'msw';
import { API_URL, apiServer, withApiServer } from '../../testing/apiServer';
import { rawProperty } from '../../testing/fixtures';
import { startedStore } from '../../testing/renderKiosk';
import { selectQueuedAccessRequests } from '../access-queue/accessQueueSlice';
import { passScanned } from './passActions';
import { KEY_A, KEY_B, publicPassKey } from '../../testing/passKeys';
import { signPass, type PassFormat } from '../../../simulator/passes.mjs';
import { propertyRefreshRequested, selectPropertyData } from '../property/propertySlice';

withApiServer();

const nowS = () => Math.floor(Date.now() / 1000);
const pass = (changes: Record<string, unknown> = {}, key = KEY_A, format: PassFormat = 'jws') =>
  signPass(key, { iss: 1, jti: 'pass-ana', nbf: nowS() - 60, exp: nowS() + 3600, name: 'Ana', kind: 'guest', ...changes }, format);

/** A kiosk whose back end publishes KEY_A (and `extra` fields) in its property data. */
function kiosk(extra: Record<string, unknown> = {}) {
  let property = rawProperty({ pass_keys: [publicPassKey(KEY_A)], ...extra });
  apiServer.use(http.get(`${API_URL}/api/telephone-entry/property`, () => HttpResponse.json(property)));
  const kit = startedStore({ property });
  /** The back end's property data changes, and the kiosk loads it (a `property-updated`). */
  const publish = async (changes: Record<string, unknown>) => {
    property = { ...property, ...changes };
    kit.store.dispatch(propertyRefreshRequested());
    await vi.waitFor(() => expect(selectPropertyData(kit.store.getState())).toMatchObject(changes));
  };
  const queued = () => selectQueuedAccessRequests(kit.store.getState()).map(({ user_code, access_granted, reason }) => ({ user_code, access_granted, reason }));
  const refusedCodes = () => kit.store.getState().codeLock.refusedAt.length;
  return { ...kit, queued, refusedCodes, publish };
}

/** The latest notification: a refusal after an opening waits behind its notice. */
const notice = (store: ReturnType<typeof kiosk>['store']) => store.getState().notifications.items.at(-1);

describe('a scanned pass', () => {
  it('opens the gate, greets the guest by name and queues a request naming the pass', async () => {
    const { store, services, queued } = kiosk();
    store.dispatch(passScanned(await pass({ resident_id: 11 })));
    await vi.waitFor(() => expect(services.hardware.openGate).toHaveBeenCalledWith('10001'));
    expect(notice(store)).toMatchObject({ status: 'SUCCESS', title: 'Access Granted!', body: 'Welcome, Ana' });
    expect(services.sound.play).toHaveBeenCalledWith('gateOpen');
    expect(queued()).toEqual([{ user_code: 'pass:pass-ana', access_granted: true, reason: undefined }]);
  });

  it('in the compact format is acted on as a JWS is: opened, greeted, queued by its id; expired, refused but not a guess', async () => {
    const { store, services, queued, refusedCodes } = kiosk();
    store.dispatch(passScanned(await pass({ resident_id: 11 }, KEY_A, 'cose')));
    await vi.waitFor(() => expect(services.hardware.openGate).toHaveBeenCalledWith('10001'));
    expect(notice(store)).toMatchObject({ status: 'SUCCESS', title: 'Access Granted!', body: 'Welcome, Ana' });
    store.dispatch(passScanned(await pass({ jti: 'pass-bo', nbf: nowS() - 7200, exp: nowS() - 3600 }, KEY_A, 'cose')));
    await vi.waitFor(() => expect(notice(store)).toMatchObject({ status: 'ERROR', title: 'This pass has expired' }));
    expect(queued()).toEqual([
      { user_code: 'pass:pass-ana', access_granted: true, reason: undefined },
      { user_code: 'pass:pass-bo', access_granted: false, reason: 'expired' },
    ]);
    expect(refusedCodes()).toBe(0);
  });

  it.each([
    ['a JWS', async () => (await pass()).slice(0, -20)],
    ['a compact pass', async () => (await pass({}, KEY_A, 'cose')).slice(0, -3)],
  ])('that does not read, %s cut short, is not valid and counts against the guessing budget', async (_, text) => {
    const { store, services, queued, refusedCodes } = kiosk();
    store.dispatch(passScanned(await text()));
    await vi.waitFor(() => expect(notice(store)).toMatchObject({ status: 'ERROR', title: 'This pass is not valid' }));
    expect(services.hardware.openGate).not.toHaveBeenCalled();
    expect(queued()).toEqual([{ user_code: 'pass:?', access_granted: false, reason: 'bad-signature' }]);
    expect(refusedCodes()).toBe(1);
  });

  it('without a resident opens with the digits 0', async () => {
    const { store, services } = kiosk();
    store.dispatch(passScanned(await pass({ kind: 'delivery' })));
    await vi.waitFor(() => expect(services.hardware.openGate).toHaveBeenCalledWith('0'));
  });

  it.each([
    ['expired', { nbf: nowS() - 7200, exp: nowS() - 3600 }, 'This pass has expired', 'expired'],
    ['for another property', { iss: 2 }, 'This pass is not for this property', 'other-property'],
  ])('%s is refused in words that help, and not counted as a guess', async (_name, changes, words, reason) => {
    const { store, services, queued, refusedCodes } = kiosk();
    store.dispatch(passScanned(await pass(changes)));
    await vi.waitFor(() => expect(notice(store)).toMatchObject({ status: 'ERROR', title: words }));
    expect(services.hardware.openGate).not.toHaveBeenCalled();
    expect(queued()).toEqual([{ user_code: 'pass:pass-ana', access_granted: false, reason }]);
    expect(refusedCodes()).toBe(0);
  });

  it('not yet valid says from when', async () => {
    const { store } = kiosk();
    const nbf = nowS() + 7200;
    store.dispatch(passScanned(await pass({ nbf, exp: nbf + 3600 })));
    await vi.waitFor(() => expect(notice(store)?.title).toMatch(/^This pass is valid from \d{1,2} \w{3}, \d{2}:\d{2}$/));
  });

  it('with a bad signature is refused and counts against the guessing budget', async () => {
    const { store, queued, refusedCodes } = kiosk();
    store.dispatch(passScanned(await pass({}, KEY_B)));
    await vi.waitFor(() => expect(notice(store)).toMatchObject({ status: 'ERROR', title: 'This pass is not valid' }));
    expect(queued()).toEqual([{ user_code: 'pass:pass-ana', access_granted: false, reason: 'bad-signature' }]);
    expect(refusedCodes()).toBe(1);
  });

  it('revoked by the next property load is refused at once', async () => {
    const { store, queued, publish } = kiosk();
    await publish({ revoked_passes: ['pass-ana'] });
    store.dispatch(passScanned(await pass()));
    await vi.waitFor(() => expect(notice(store)).toMatchObject({ title: 'This pass has been cancelled' }));
    expect(queued()).toEqual([{ user_code: 'pass:pass-ana', access_granted: false, reason: 'revoked' }]);
  });

  it('with uses lets in that many, then says it has been used; the count is kept in the stored state', async () => {
    const { store, services, queued } = kiosk();
    const twice = await pass({ uses: 2 });
    for (const count of [1, 2]) {
      store.dispatch(passScanned(twice));
      await vi.waitFor(() => expect(services.hardware.openGate).toHaveBeenCalledTimes(count));
    }
    store.dispatch(passScanned(twice));
    await vi.waitFor(() => expect(notice(store)).toMatchObject({ title: 'This pass has been used' }));
    expect(queued().map(({ access_granted, reason }) => [access_granted, reason])).toEqual([[true, undefined], [true, undefined], [false, 'used']]);
    expect(store.getState().passUses.taken['pass-ana']).toMatchObject({ count: 2 });
  });

  it('signed by a key works as soon as the property data adds the key, and stops as soon as it removes it', async () => {
    const { store, services, publish } = kiosk();
    const signedByB = await pass({}, KEY_B);
    await publish({ pass_keys: [publicPassKey(KEY_A), publicPassKey(KEY_B)] });
    store.dispatch(passScanned(signedByB));
    await vi.waitFor(() => expect(services.hardware.openGate).toHaveBeenCalledWith('0'));
    await publish({ pass_keys: [publicPassKey(KEY_A)] });
    store.dispatch(passScanned(signedByB));
    await vi.waitFor(() => expect(notice(store)).toMatchObject({ title: 'This pass is not valid' }));
  });
});
