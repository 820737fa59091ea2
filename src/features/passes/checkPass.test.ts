import fc from 'fast-check';
import { checkPass, PASS_LEEWAY_S, type PassContext } from './checkPass';
import { webCryptoVerifier } from './es256';
import { nobleVerifier } from './nobleVerifier';
import { claimChanges, KEY_A, KEY_B, NOW_S, passContext, passFor, PROPERTY_ID, publicPassKey } from '../../testing/passKeys';
import { looksLikePass, readPassToken } from './passToken';

const verify = webCryptoVerifier(globalThis.crypto.subtle);

async function check(pass: string, changes: Partial<PassContext> = {}) {
  const token = readPassToken(pass);
  if (!token) throw new Error(`not a pass: ${pass}`);
  return checkPass(token, passContext(changes), verify);
}

describe('a pass is recognised by its shape', () => {
  it('takes an ES256 JWS with a kid, and leaves SPEC codes and other text alone', async () => {
    expect(looksLikePass(await passFor())).toBe(true);
    for (const text of ['12345', 'https://example.com/x', 'a.b.c', '']) expect(readPassToken(text)).toBeNull();
    const [, payload, signature] = (await passFor()).split('.');
    const hs256 = Buffer.from(JSON.stringify({ alg: 'HS256', kid: 'key-a' })).toString('base64url');
    expect(readPassToken(`${hs256}.${payload}.${signature}`)).toBeNull();
  });
});

describe('checkPass', () => {
  it('accepts a pass signed by a known key for this property, in its time', async () => {
    expect(await check(await passFor({ uses: 2, resident_id: 12 }))).toEqual({
      ok: true,
      claims: { iss: PROPERTY_ID, jti: 'pass-1', nbf: NOW_S - 3600, exp: NOW_S + 3600, name: 'Ana', kind: 'guest', uses: 2, resident_id: 12 },
    });
  });

  it('refuses a pass for another property without looking at its signature', async () => {
    expect(await check(await passFor({ iss: 8 }, KEY_B))).toEqual({ ok: false, reason: 'other-property', jti: 'pass-1' });
  });

  it('refuses a pass whose key is not published, or whose signature is not its key’s', async () => {
    expect(await check(await passFor({}, KEY_B))).toEqual({ ok: false, reason: 'bad-signature', jti: 'pass-1' });
    const other = (await passFor({}, KEY_B)).split('.');
    const [header, payload] = (await passFor()).split('.');
    expect(await check(`${header}.${payload}.${other[2]}`)).toMatchObject({ ok: false, reason: 'bad-signature' });
  });

  it('refuses, by either verifier, a pass whose published key is not a point on the curve (WebCrypto will not import it)', async () => {
    const offCurve = { ...publicPassKey(KEY_A), y: publicPassKey(KEY_B).y };
    const token = readPassToken(await passFor());
    if (!token) throw new Error('not a pass');
    for (const verifier of [verify, nobleVerifier]) {
      const twice = [await checkPass(token, passContext({ keys: [offCurve] }), verifier), await checkPass(token, passContext({ keys: [offCurve] }), verifier)];
      expect(twice).toEqual([{ ok: false, reason: 'bad-signature', jti: 'pass-1' }, { ok: false, reason: 'bad-signature', jti: 'pass-1' }]);
    }
  });

  it('refuses a signed pass whose claims are not a pass’s', async () => {
    expect(await check(await passFor({ name: 'x'.repeat(41) }))).toMatchObject({ ok: false, reason: 'malformed' });
    expect(await check(await passFor({ kind: 'visitor' }))).toMatchObject({ ok: false, reason: 'malformed' });
  });

  it('refuses a revoked pass', async () => {
    expect(await check(await passFor(), { revoked: ['pass-0', 'pass-1'] })).toEqual({ ok: false, reason: 'revoked', jti: 'pass-1' });
  });

  it('allows 60 s of leeway either side of nbf .. exp, and no more', async () => {
    expect(PASS_LEEWAY_S).toBe(60);
    const early = await passFor({ nbf: NOW_S + 60, exp: NOW_S + 3600 });
    expect(await check(early)).toMatchObject({ ok: true });
    expect(await check(early, { nowMs: (NOW_S - 1) * 1000 })).toEqual({ ok: false, reason: 'not-yet', jti: 'pass-1', nbf: NOW_S + 60 });
    const late = await passFor({ nbf: NOW_S - 3600, exp: NOW_S - 60 });
    expect(await check(late)).toMatchObject({ ok: true });
    expect(await check(late, { nowMs: (NOW_S + 1) * 1000 })).toEqual({ ok: false, reason: 'expired', jti: 'pass-1' });
  });

  it('refuses a pass whose uses this panel has let in already', async () => {
    const pass = await passFor({ uses: 2 });
    expect(await check(pass, { usesTaken: () => 1 })).toMatchObject({ ok: true });
    expect(await check(pass, { usesTaken: (jti) => (jti === 'pass-1' ? 2 : 0) })).toEqual({ ok: false, reason: 'used', jti: 'pass-1' });
    expect(await check(await passFor(), { usesTaken: () => 50 })).toMatchObject({ ok: true });
  });

  it('follows the published keys: a key removed stops its passes, a key added starts them', async () => {
    const pass = await passFor({}, KEY_B);
    expect(await check(pass, { keys: [publicPassKey(KEY_A), publicPassKey(KEY_B)] })).toMatchObject({ ok: true });
    expect(await check(pass, { keys: [publicPassKey(KEY_A)] })).toMatchObject({ ok: false, reason: 'bad-signature' });
  });
});


describe('a pass with any claim changed', () => {
  it('fails its signature', async () => {
    const [header, payload, signature] = (await passFor()).split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    await fc.assert(
      fc.asyncProperty(claimChanges, async (changes) => {
        const forged = Buffer.from(JSON.stringify({ ...claims, ...changes })).toString('base64url');
        expect(await check(`${header}.${forged}.${signature}`)).toMatchObject({ ok: false, reason: 'bad-signature' });
      }),
      { numRuns: 200 },
    );
  });
});
