// Passes as the simulated back end issues them (docs/passes.md): one signing
// key at a time, its public half and any earlier ones in the property data's
// `pass_keys`, revoked ids in `revoked_passes`.
import { generateKeyPairSync } from 'node:crypto';
import QRCode from 'qrcode';
import { HttpError, readObject } from './http-util.mjs';
import { PASS_FORMATS, passClaims, passQrLevel, publicPassKey, signPass } from './passes.mjs';

/** A new P-256 signing key as a private JWK, made at once (the property data publishes it before any load). */
function newKey(kid) {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  return { ...privateKey.export({ format: 'jwk' }), kid };
}

/**
 * @param {ReturnType<typeof import('./store.mjs').createStore>} store
 * @param {() => number} announce tells the kiosk the property data changed (`property-updated`)
 */
export function createPassControls(store, announce) {
  const { state } = store;
  let keyCount = 1;
  let signing = newKey(`sim-key-${keyCount}`);
  const publish = (keys, revoked) => {
    state.property = { ...state.property, pass_keys: keys, revoked_passes: revoked };
  };
  publish([publicPassKey(signing)], []);
  /** Every pass issued: its claims and text (what its QR code holds), for the console. */
  state.passes = [];

  return {
    /**
     * Signs a pass for `name` (valid from now for `hours`) with the current
     * key, compact unless `format` is `jws` (docs/passes.md, "Which format");
     * works offline: nothing is published.
     */
    async issuePass({ name, kind = 'guest', hours = 24, uses, residentId, format = 'cose' }) {
      if (typeof name !== 'string' || name.trim() === '') throw new HttpError(400, '`name` must be text');
      if (!PASS_FORMATS.includes(format)) throw new HttpError(400, '`format` must be cose or jws');
      if (!['guest', 'delivery'].includes(kind)) throw new HttpError(400, '`kind` must be guest or delivery');
      if (!(Number(hours) > 0)) throw new HttpError(400, '`hours` must be more than 0');
      const claims = passClaims({ propertyId: state.property.property.id, name: name.trim(), kind, hours: Number(hours), uses: uses ? Number(uses) : undefined, residentId });
      const pass = { claims, text: await signPass(signing, claims, format), kid: signing.kid };
      state.passes.push(pass);
      store.changed();
      return pass;
    },
    /** Lists the pass's id in `revoked_passes` and tells the kiosk. */
    revokePass(jti) {
      if (typeof jti !== 'string' || !jti) throw new HttpError(400, '`jti` must be text');
      publish(state.property.pass_keys, [...new Set([...state.property.revoked_passes, jti])]);
      store.changed();
      return announce();
    },
    /** A new signing key, published beside the old ones; `retire` drops the old ones, and with them every pass they signed. */
    rotatePassKey({ retire = false } = {}) {
      keyCount += 1;
      signing = newKey(`sim-key-${keyCount}`);
      publish([...(retire ? [] : state.property.pass_keys), publicPassKey(signing)], state.property.revoked_passes);
      store.changed();
      return { kid: signing.kid, delivered: announce() };
    },
  };
}

/**
 * A pass's QR code as a PNG data URL, 8 pixels a module: large enough on a
 * screen to hold to the panel's camera. Its error correction as `npm run pass`
 * and the scan bench draw it (passQrLevel).
 */
export const passQrCode = (text) => QRCode.toDataURL(text, { errorCorrectionLevel: passQrLevel(text), margin: 4, scale: 8 });

/** The /sim/ routes of the pass controls: an issued pass comes with its QR code (`qr`), which the state does not keep. */
export function passRoutes(passes, state) {
  return {
    'POST passes': async (req) => {
      const pass = await passes.issuePass(await readObject(req));
      return { ...pass, qr: await passQrCode(pass.text) };
    },
    'POST passes/qr': async (req) => {
      const { jti } = await readObject(req);
      const pass = state.passes.find(({ claims }) => claims.jti === jti);
      if (!pass) throw new HttpError(404, `No pass ${JSON.stringify(jti)} was issued here`);
      return { jti, qr: await passQrCode(pass.text) };
    },
    'POST passes/revoke': async (req) => ({ delivered: passes.revokePass((await readObject(req)).jti) }),
    'POST passes/rotate-key': async (req) => passes.rotatePassKey(await readObject(req)),
  };
}
