import { rawProperty } from '../../testing/fixtures';
import { KEY_A, KEY_B, publicPassKey } from '../../testing/passKeys';
import type { PassKey } from '../property/passKeys';

/** The library's module, watched: whether it was fetched, and which keys it checked with. */
const noble = vi.hoisted(() => ({ fetched: vi.fn(), checkedWith: vi.fn() }));
vi.mock('./nobleVerifier', async (original) => {
  noble.fetched();
  const real = await original<typeof import('./nobleVerifier')>();
  return { ...real, nobleVerifier: (key: PassKey, signed: Uint8Array<ArrayBuffer>, signature: Uint8Array<ArrayBuffer>) => (noble.checkedWith(key.kid), real.nobleVerifier(key, signed, signature)) };
});

beforeEach(() => {
  noble.fetched.mockClear();
  noble.checkedWith.mockClear();
});

const keys = [publicPassKey(KEY_A), publicPassKey(KEY_B)];

/** The pass modules fresh, on a page with or without `crypto.subtle` (an `http` page from another host has none). */
async function page(secure: boolean) {
  vi.resetModules();
  vi.stubGlobal('isSecureContext', secure);
  onTestFinished(() => void vi.unstubAllGlobals());
  return import('./passWarmUp');
}

const kidsChecked = () => noble.checkedWith.mock.calls.map(([kid]) => kid as string);

describe('readying the pass check as the keys load', () => {
  it('without crypto.subtle, fetches @noble/curves, runs it with each key, then checks a sample pass of each format', async () => {
    const { warmPassChecks } = await page(false);
    await warmPassChecks([publicPassKey(KEY_B)]);
    expect(noble.fetched).toHaveBeenCalledTimes(1);
    // Three rounds with the property's key, then three of the two samples (signed by docs/passes.md's key-a).
    expect(kidsChecked()).toEqual([...Array(3).fill('key-b'), ...Array(6).fill('key-a')]);
  });

  it('readies each key once a page, and the kiosk’s checking code once', async () => {
    const { warmPassChecks } = await page(false);
    await warmPassChecks([publicPassKey(KEY_B)]);
    noble.checkedWith.mockClear();
    await warmPassChecks(keys);
    expect(kidsChecked()).toEqual(Array(3).fill('key-a'));
    noble.checkedWith.mockClear();
    await warmPassChecks(keys);
    expect(kidsChecked()).toEqual([]);
  });

  it('without keys, fetches nothing', async () => {
    const { warmPassChecks } = await page(false);
    await warmPassChecks([]);
    expect(noble.fetched).not.toHaveBeenCalled();
  });

  it('on a secure page, fetches no library: WebCrypto imports each key', async () => {
    const importKey = vi.spyOn(globalThis.crypto.subtle, 'importKey');
    onTestFinished(() => importKey.mockRestore());
    const { warmPassChecks } = await page(true);
    await warmPassChecks(keys);
    expect(noble.fetched).not.toHaveBeenCalled();
    const imported = importKey.mock.calls.map(([, jwk]) => (jwk as JsonWebKey).x);
    expect(imported).toEqual(expect.arrayContaining([KEY_A.x, KEY_B.x]));
  });

  it('happens when the property data with pass_keys loads, and a pass scanned then still opens the gate', async () => {
    await page(false);
    const { startedStore } = await import('../../testing/renderKiosk');
    const { passScanned } = await import('./passActions');
    const { signPass } = await import('../../../simulator/passes.mjs');
    const { store, services } = startedStore({ property: rawProperty({ pass_keys: [publicPassKey(KEY_B)] }) });
    await vi.waitFor(() => expect(kidsChecked()).toContain('key-b'));
    const nowS = Math.floor(Date.now() / 1000);
    store.dispatch(passScanned(await signPass(KEY_B, { iss: 1, jti: 'pass-ana', nbf: nowS - 60, exp: nowS + 3600, name: 'Ana', kind: 'guest' }, 'cose')));
    await vi.waitFor(() => expect(services.hardware.openGate).toHaveBeenCalledWith('0'));
  });

  it('checks samples that pass every check, so the warm-up runs the whole of it', async () => {
    const { SAMPLE_CONTEXT, SAMPLE_PASSES } = await page(true);
    const { checkPass } = await import('./checkPass');
    const { readPassToken } = await import('./passToken');
    const { webCryptoVerifier } = await import('./es256');
    const { nobleVerifier } = await vi.importActual<typeof import('./nobleVerifier')>('./nobleVerifier');
    for (const verify of [webCryptoVerifier(globalThis.crypto.subtle), nobleVerifier]) {
      const checks = await Promise.all(SAMPLE_PASSES.map((text) => checkPass(readPassToken(text)!, SAMPLE_CONTEXT, verify)));
      expect(checks.map((check) => check.ok)).toEqual([true, true]);
    }
  });
});
