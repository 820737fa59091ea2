// `node bench/qr-passes.mjs [frames]`: how often each decoder reads a pass
// (docs/passes.md) from the scan screen's camera, on the QR bench's frames
// (qr-frames.mjs: 240x180, flat on, at a distance, at an angle, with the code
// as large on the phone's screen as a 5-digit code's; and held close, the
// code filling the frame). Two passes: a typical one as `npm run pass` makes
// it, and the longest (a 40-character name, `uses`, `resident_id`). jsQR and
// zxing-wasm in a Web Worker, as the kiosk decodes (bench/qr.mjs). The
// issue's bar: 95% of frames. Each pass in both formats the panel reads, the
// JWS and the compact COSE pass (simulator/cosePass.mjs), each at error
// correction M and L; the same frames (poses, light, noise) for all four.
// Each row gives its rate on all frames and on those a phone is held at to
// show a pass (flat on and held close).
import { p256 } from '@noble/curves/nist.js';
import { chromium } from '@playwright/test';
import QRCode from 'qrcode';
import { passToSign } from '../simulator/passes.mjs';
import { CHROMIUM, CHROMIUM_ARGS } from './common.mjs';
import { HELD_CLOSE, KINDS, qrFrames } from './qr-frames.mjs';
import { measureQr } from './qr.mjs';

const FRAMES = Number(process.argv[2] ?? 200);
/** A fixed key, signed with deterministically (RFC 6979): the same frames on every run. */
const SECRET = Buffer.from('JLMo3IhhYACefPPWpIge_CgbXy5KTwtZLe9T56u5dQk', 'base64url');
const NBF = 1_780_315_200;
const KID = 'key-1780315200000';

const signedText = (format) => (claims) => {
  const { signed, text } = passToSign(format, claims, KID);
  return text(p256.sign(signed, SECRET));
};
const FORMATS = { JWS: signedText('jws'), 'COSE+Base45': signedText('cose') };
const LEVELS = ['M', 'L'];
/** The frames a phone is held at to show a pass. */
const HELD = ['flat on', 'held close'];

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
          const share = (kinds) => {
            const read = kinds.reduce((sum, kind) => sum + decoded[kind].ok, 0);
            const of = kinds.reduce((sum, kind) => sum + decoded[kind].of, 0);
            return `${read}/${of} (${Math.round((100 * read) / of)}%)`;
          };
          const kinds = Object.entries(decoded).map(([kind, { ok: read, of }]) => `${kind} ${read}/${of}`);
          console.log(`    ${decoder}: all ${share(Object.keys(decoded))}, held to show (${HELD.join(' + ')}) ${share(HELD)}: ${kinds.join(', ')}`);
        }
      }
    }
  }
} finally {
  await browser.close();
}
