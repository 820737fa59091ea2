// Bundled for bench/pass-verify.mjs: the kiosk's own pass check (readPassToken,
// checkPass) with WebCrypto's verifier or @noble/curves', the library fetched
// by import() as the kiosk fetches it where crypto.subtle is absent. The
// '-readied' paths first ready the check as the kiosk does when the
// property's keys load (warmPassChecks; for noble, on a page told it is not a
// secure context), timed apart, since no visitor waits for it.
import { checkPass } from '../src/features/passes/checkPass.ts';
import { passVerifier, webCryptoVerifier } from '../src/features/passes/es256.ts';
import { readPassToken } from '../src/features/passes/passToken.ts';
import { warmPassChecks } from '../src/features/passes/passWarmUp.ts';

/** Checks `passes` in turn with a verifier made for this run: the first check pays the key's import, or the library's load, unless readied. */
globalThis.timePassChecks = async ({ passes, key, nowMs, path }) => {
  const context = { propertyId: 1, keys: [key], revoked: [], nowMs, usesTaken: () => 0 };
  let verifier = path === 'webcrypto' ? webCryptoVerifier(crypto.subtle) : null;
  const times = [];
  let load = null;
  let warm = null;
  if (path.endsWith('-readied')) {
    if (path === 'noble-readied') Object.defineProperty(globalThis, 'isSecureContext', { value: false });
    const start = performance.now();
    await warmPassChecks([key]);
    verifier = await passVerifier();
    warm = performance.now() - start;
  }
  for (const text of passes) {
    const start = performance.now();
    if (!verifier) {
      verifier = (await import('../src/features/passes/nobleVerifier.ts')).nobleVerifier;
      load = performance.now() - start;
    }
    const check = await checkPass(readPassToken(text), context, verifier);
    times.push(performance.now() - start);
    if (!check.ok) throw new Error(`pass refused: ${check.reason}`);
  }
  return { times, load, warm };
};
