import fc from 'fast-check';
import { base45, cbor, coseToSign } from '../../../simulator/cosePass.mjs';
import { fromBase45 } from './base45';
import { CborTag, readCbor, type CborValue } from './cbor';
import { checkPass, type PassContext } from './checkPass';
import { sigStructure } from './coseToken';
import { webCryptoVerifier, type Es256Verify } from './es256';
import { nobleVerifier } from './nobleVerifier';
import { looksLikePass, readPassToken } from './passToken';
import { claimChanges, KEY_A, KEY_B, NOW_S, passClaimsFor, passContext, passFor, PROPERTY_ID, publicPassKey } from '../../testing/passKeys';

const compact = (changes: Record<string, unknown> = {}, key = KEY_A) => passFor(changes, key, 'cose');

/** A compact pass's COSE_Sign1 parts: protected header, unprotected header, payload, signature. */
const partsOf = (text: string) => (readCbor(fromBase45(text.slice(4))) as CborTag).value as CborValue[];
const textOf = (item: unknown) => `KP1:${base45(cbor(item))}`;
const sign1 = (parts: unknown[]) => textOf({ tag: 18, content: parts });
const kidBytes = new TextEncoder().encode('key-a');

describe('the compact pass is read', () => {
  it('into the JWS’s claim names, its kid, and the Sig_structure the issuer signed', async () => {
    const claims = passClaimsFor({ uses: 2, resident_id: 12, name: 'María José' });
    const text = await compact(claims);
    expect(text).toMatch(/^KP1:[0-9A-Z $%*+\-./:]+$/);
    expect(looksLikePass(text)).toBe(true);
    const token = readPassToken(text);
    expect(token).toMatchObject({ kid: 'key-a', raw: claims });
    expect(token?.signed).toEqual(Uint8Array.from(coseToSign(claims, 'key-a').signed));
    expect(token?.signature).toHaveLength(64);
  });

  it('with the Sig_structure of RFC 9052 (its example C.2.1 verifies), but not that example as a pass: its kid is unprotected', async () => {
    const key11 = { kty: 'EC', crv: 'P-256', kid: '11', x: 'usWxHK2PmfnHKwXPS54m0kTcGJ90UiglWiGahtagnv8', y: 'IBOL-C3BttVivg-lSreASjpkttcsz-1rb7btKLv8EX4' } as const;
    const example = Buffer.from(
      'd28443a10126a10442313154546869732069732074686520636f6e74656e742e58408eb33e4ca31d1c465ab05aac34cc6b23d58fef5c083106c4d25a91aef0b0117e2af9a291aa32e14ab834dc56ed2a223444547e01f11d3b0916e5a4c345cacb36',
      'hex',
    );
    const [protectedHeader, , payload, signature] = (readCbor(Uint8Array.from(example)) as CborTag).value as Uint8Array<ArrayBuffer>[];
    for (const verify of [webCryptoVerifier(globalThis.crypto.subtle), nobleVerifier]) expect(await verify(key11, sigStructure(protectedHeader!, payload!), signature!)).toBe(true);
    expect(readPassToken(`KP1:${base45(example)}`)).toBeNull();
  });
});

describe('a text of the compact pass’s shape that is no pass is refused before any check (an invalid pass)', () => {
  it.each<[string, (parts: CborValue[], text: string) => string]>([
    ['truncated by a character', (_, text) => text.slice(0, -1)],
    ['truncated by a group', (_, text) => text.slice(0, -3)],
    ['Base45 past two bytes', (_, text) => `${text.slice(0, 7)}GGW${text.slice(10)}`],
    ['with tag 17 (COSE_Mac0)', (parts) => textOf({ tag: 17, content: parts })],
    ['untagged', (parts) => textOf(parts)],
    ['with three parts', (parts) => sign1(parts.slice(0, 3))],
    ['with the protected header as a map, not its bytes', (parts) => sign1([readCbor(parts[0] as Uint8Array<ArrayBuffer>), ...parts.slice(1)])],
    ['with the kid unprotected', (parts) => sign1([cbor(new Map([[1, -7]])), new Map([[4, kidBytes]]), ...parts.slice(2)])],
    ['signed with ES384', (parts) => sign1([cbor(new Map<number, unknown>([[1, -35], [4, kidBytes]])), ...parts.slice(1)])],
    ['with its kid as text', (parts) => sign1([cbor(new Map<number, unknown>([[1, -7], [4, 'key-a']])), ...parts.slice(1)])],
    ['with an empty kid', (parts) => sign1([cbor(new Map<number, unknown>([[1, -7], [4, new Uint8Array(0)]])), ...parts.slice(1)])],
    ['with a signature of 63 bytes', (parts) => sign1([...parts.slice(0, 3), (parts[3] as Uint8Array).subarray(1)])],
    ['with its payload an array', (parts) => sign1([parts[0], parts[1], cbor([1, 2]), parts[3]])],
    ['with its payload not CBOR', (parts) => sign1([parts[0], parts[1], Uint8Array.of(0xff), parts[3]])],
    ['with a payload claiming 4 GB', () => `KP1:${base45(Buffer.from('d28443a10126a05affffffff00', 'hex'))}`],
    ['with an array claiming 2^53 items', () => `KP1:${base45(Buffer.from('d29b001fffffffffffff', 'hex'))}`],
    ['longer than any pass', () => `KP1:${'0'.repeat(1200)}`],
  ])('%s', async (_, change) => {
    const text = await compact();
    const broken = change(partsOf(text), text);
    expect(looksLikePass(broken)).toBe(true);
    expect(readPassToken(broken)).toBeNull();
  });

  it('and the prefix alone, or other characters after it, is not a pass at all', () => {
    for (const text of ['KP1:', 'KP1:abc', 'KP1:A_B', 'KP2:BB8', 'kp1:BB8']) expect(looksLikePass(text)).toBe(false);
  });
});

describe.each<[string, Es256Verify]>([
  ['WebCrypto', webCryptoVerifier(globalThis.crypto.subtle)],
  ['@noble/curves', nobleVerifier],
])('checkPass on a compact pass, by %s', (_, verify) => {
  async function check(pass: string, changes: Partial<PassContext> = {}) {
    const token = readPassToken(pass);
    if (!token) throw new Error(`not a pass: ${pass}`);
    return checkPass(token, passContext(changes), verify);
  }

  it('accepts it, and refuses it for another property, unsigned by a published key, or with claims not a pass’s', async () => {
    expect(await check(await compact({ uses: 2 }))).toEqual({ ok: true, claims: passClaimsFor({ uses: 2 }) });
    expect(await check(await compact({ iss: 8 }, KEY_B))).toEqual({ ok: false, reason: 'other-property', jti: 'pass-1' });
    expect(await check(await compact({}, KEY_B))).toEqual({ ok: false, reason: 'bad-signature', jti: 'pass-1' });
    const [protectedHeader, unprotected, payload] = partsOf(await compact());
    expect(await check(sign1([protectedHeader, unprotected, payload, partsOf(await compact({ jti: 'pass-2' }))[3]]))).toMatchObject({ reason: 'bad-signature' });
    expect(await check(await compact({ name: 'x'.repeat(41) }))).toMatchObject({ ok: false, reason: 'malformed' });
    expect(await check(await compact({ kind: 'visitor' }))).toMatchObject({ ok: false, reason: 'malformed' });
  });

  it('refuses it revoked, outside nbf .. exp and its 60 s of leeway, or used up', async () => {
    expect(await check(await compact(), { revoked: ['pass-1'] })).toEqual({ ok: false, reason: 'revoked', jti: 'pass-1' });
    const early = await compact({ nbf: NOW_S + 60, exp: NOW_S + 3600 });
    expect(await check(early)).toMatchObject({ ok: true });
    expect(await check(early, { nowMs: (NOW_S - 1) * 1000 })).toEqual({ ok: false, reason: 'not-yet', jti: 'pass-1', nbf: NOW_S + 60 });
    const late = await compact({ nbf: NOW_S - 3600, exp: NOW_S - 60 });
    expect(await check(late)).toMatchObject({ ok: true });
    expect(await check(late, { nowMs: (NOW_S + 1) * 1000 })).toEqual({ ok: false, reason: 'expired', jti: 'pass-1' });
    expect(await check(await compact({ uses: 2 }), { usesTaken: () => 2 })).toEqual({ ok: false, reason: 'used', jti: 'pass-1' });
  });

  it('follows the published keys', async () => {
    const pass = await compact({}, KEY_B);
    expect(await check(pass, { keys: [publicPassKey(KEY_A), publicPassKey(KEY_B)] })).toMatchObject({ ok: true });
    expect(await check(pass, { keys: [publicPassKey(KEY_A)] })).toMatchObject({ ok: false, reason: 'bad-signature' });
  });
});

const verify = webCryptoVerifier(globalThis.crypto.subtle);

describe('a compact pass changed', () => {
  it('in any claim fails its signature', async () => {
    const [protectedHeader, unprotected, , signature] = partsOf(await compact());
    await fc.assert(
      fc.asyncProperty(claimChanges, async (changes) => {
        // The changed claims' payload (signed with the same key) under the original signature.
        const payload = partsOf(await compact(changes))[2];
        const token = readPassToken(sign1([protectedHeader, unprotected, payload, signature]));
        expect(token).not.toBeNull();
        expect(await checkPass(token!, passContext(), verify)).toMatchObject({ ok: false, reason: 'bad-signature' });
      }),
      { numRuns: 100 },
    );
  });

  it('in any byte of its payload is refused: unreadable, another property’s, or failing its signature', async () => {
    const [protectedHeader, unprotected, payload, signature] = partsOf(await compact({ uses: 2, resident_id: 12 })) as Uint8Array[];
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: payload!.length - 1 }), fc.integer({ min: 1, max: 255 }), async (at, flip) => {
        const changed = Uint8Array.from(payload!);
        changed[at]! ^= flip;
        const token = readPassToken(sign1([protectedHeader, unprotected, changed, signature]));
        if (token === null) return;
        const expected = token.raw.iss === PROPERTY_ID ? 'bad-signature' : 'other-property';
        expect(await checkPass(token, passContext(), verify)).toMatchObject({ ok: false, reason: expected });
      }),
      { numRuns: 300 },
    );
  });
});
