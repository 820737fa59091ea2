// `node bench/qr-passes.mjs [frames]`: how often each decoder reads a pass
// (docs/passes.md) from the scan screen's camera, on the QR bench's frames
// (qr-frames.mjs: 240x180, flat on, at a distance, at an angle, with the code
// as large on the phone's screen as a 5-digit code's; and held close, the
// code filling the frame). Two passes: a typical one as `npm run pass` makes
// it, and the longest (a 40-character name, `uses`, `resident_id`). jsQR and
// zxing-wasm in a Web Worker, as the kiosk decodes (bench/qr.mjs). The
// issue's bar: 95% of frames. Each pass in two formats, the JWS the panel
// reads and the denser COSE/Base45 proposed (cose-pass.mjs), each at error
// correction M and L; the same frames (poses, light, noise) for all four.
import { p256 } from '@noble/curves/nist.js';
import { chromium } from '@playwright/test';
import QRCode from 'qrcode';
import { CHROMIUM, CHROMIUM_ARGS } from './common.mjs';
import { cosePassText } from './cose-pass.mjs';
import { HELD_CLOSE, KINDS, qrFrames } from './qr-frames.mjs';
import { measureQr } from './qr.mjs';

const FRAMES = Number(process.argv[2] ?? 200);
/** A fixed key, signed with deterministically (RFC 6979): the same frames on every run. */
const SECRET = Buffer.from('JLMo3IhhYACefPPWpIge_CgbXy5KTwtZLe9T56u5dQk', 'base64url');
const part = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');
const NBF = 1_780_315_200;
const KID = 'key-1780315200000';

function jwsText(claims) {
  const signed = `${part({ alg: 'ES256', kid: KID })}.${part(claims)}`;
  return `${signed}.${Buffer.from(p256.sign(new TextEncoder().encode(signed), SECRET)).toString('base64url')}`;
}

const FORMATS = { JWS: jwsText, 'COSE+Base45': (claims) => cosePassText(claims, KID, SECRET) };
const LEVELS = ['M', 'L'];

/** Each frame's pass has an id of its own, as the issuer makes them (`pass-` and 8 base-36 characters). */
const jti = (i) => `pass-${(2_821_109_907_456 + i * 48_271).toString(36).slice(-8)}`;
const PASSES = {
  'typical (npm run pass -- --name Ana)': (i) => ({ iss: 1, jti: jti(i), nbf: NBF, exp: NBF + 86_400, name: 'Ana', kind: 'guest' }),
  'longest (40-character name, uses, resident_id)': (i) =>
    ({ iss: 1, jti: jti(i), nbf: NBF, exp: NBF + 86_400, name: 'María José Fernández-Ortega de la Peñalv', kind: 'delivery', uses: 10, resident_id: 40004 }),
};

const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
try {
  for (const [label, claimsOf] of Object.entries(PASSES)) {
    console.log(`${label}:`);
    for (const [format, encode] of Object.entries(FORMATS)) {
      const textOf = (i) => encode(claimsOf(i));
      for (const level of LEVELS) {
        const sample = textOf(0);
        const { version } = QRCode.create(sample, { errorCorrectionLevel: level });
        console.log(`  ${format}, ${sample.length} characters, error correction ${level}: QR version ${version} (${17 + 4 * version} modules)`);
        const frames = qrFrames(FRAMES, 1, { textOf, kinds: { ...KINDS, ...HELD_CLOSE }, level });
        const { worker } = await measureQr(browser, { frames, slowed: false });
        for (const [decoder, { decoded }] of Object.entries(worker)) {
          const ok = Object.values(decoded).reduce((sum, kind) => sum + kind.ok, 0);
          const kinds = Object.entries(decoded).map(([kind, { ok: read, of }]) => `${kind} ${read}/${of}`);
          console.log(`    ${decoder}: ${ok}/${frames.length} (${Math.round((100 * ok) / frames.length)}%): ${kinds.join(', ')}`);
        }
      }
    }
  }
} finally {
  await browser.close();
}
