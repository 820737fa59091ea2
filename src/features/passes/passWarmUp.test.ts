import { rawProperty } from '../../testing/fixtures';
import { KEY_A, KEY_B, publicPassKey } from '../../testing/passKeys';

/** The library's module, watched: whether it was fetched, and which keys it was readied with. */
const noble = vi.hoisted(() => ({ fetched: vi.fn(), warmed: vi.fn() }));
vi.mock('./nobleVerifier', async (original) => {
  noble.fetched();
  const real = await original<typeof import('./nobleVerifier')>();
  return { ...real, warmNoble: (keys: Parameters<typeof real.warmNoble>[0]) => (noble.warmed(keys), real.warmNoble(keys)) };
});

beforeEach(() => {
  noble.fetched.mockClear();
  noble.warmed.mockClear();
});

const keys = [publicPassKey(KEY_A), publicPassKey(KEY_B)];

/** es256.ts fresh, on a page with or without `crypto.subtle` (an `http` page from another host has none). */
async function page(secure: boolean) {
  vi.resetModules();
  vi.stubGlobal('isSecureContext', secure);
  onTestFinished(() => void vi.unstubAllGlobals());
  return import('./es256');
}

describe('readying the pass check as the keys load', () => {
  it('without crypto.subtle, fetches @noble/curves and runs it with each key', async () => {
    const { warmPassVerifier } = await page(false);
    await warmPassVerifier(keys);
    expect(noble.fetched).toHaveBeenCalledTimes(1);
    expect(noble.warmed).toHaveBeenCalledWith(keys);
  });

  it('without keys, fetches nothing', async () => {
    const { warmPassVerifier } = await page(false);
    await warmPassVerifier([]);
    expect(noble.fetched).not.toHaveBeenCalled();
  });

  it('on a secure page, does nothing at all (WebCrypto checks there)', async () => {
    const { warmPassVerifier } = await page(true);
    await warmPassVerifier(keys);
    expect(noble.fetched).not.toHaveBeenCalled();
    expect(noble.warmed).not.toHaveBeenCalled();
  });

  it('happens when the property data with pass_keys loads, and a pass scanned then still opens the gate', async () => {
    await page(false);
    const { startedStore } = await import('../../testing/renderKiosk');
    const { passScanned } = await import('./passActions');
    const { signPass } = await import('../../../simulator/passes.mjs');
    const { store, services } = startedStore({ property: rawProperty({ pass_keys: [publicPassKey(KEY_A)] }) });
    await vi.waitFor(() => expect(noble.warmed).toHaveBeenCalledWith([publicPassKey(KEY_A)]));
    const nowS = Math.floor(Date.now() / 1000);
    store.dispatch(passScanned(await signPass(KEY_A, { iss: 1, jti: 'pass-ana', nbf: nowS - 60, exp: nowS + 3600, name: 'Ana', kind: 'guest' })));
    await vi.waitFor(() => expect(services.hardware.openGate).toHaveBeenCalledWith('0'));
  });
});
