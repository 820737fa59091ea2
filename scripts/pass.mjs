// `npm run pass -- --name Ana --hours 24 [--kind guest|delivery] [--uses 2]
//   [--resident 11] [--property 1] [--format cose|jws] [--key pass-key.json]
//   [--out pass.png]`: signs a pass (docs/passes.md; the compact one unless
// `--format jws`) with the private JWK in --key and writes its QR code as a
// PNG. `--new-key` first writes a new key there and prints the public half to
// publish in the property data's `pass_keys`.
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import QRCode from 'qrcode';
import { newPassKey, PASS_FORMATS, passClaims, passQrLevel, publicPassKey, signPass } from '../simulator/passes.mjs';

const { values } = parseArgs({
  options: {
    name: { type: 'string' },
    hours: { type: 'string', default: '24' },
    kind: { type: 'string', default: 'guest' },
    uses: { type: 'string' },
    resident: { type: 'string' },
    property: { type: 'string', default: '1' },
    format: { type: 'string', default: 'cose' },
    key: { type: 'string', default: 'pass-key.json' },
    out: { type: 'string', default: 'pass.png' },
    'new-key': { type: 'boolean', default: false },
  },
});

if (values['new-key']) {
  writeFileSync(values.key, `${JSON.stringify(await newPassKey(`key-${Date.now()}`), null, 2)}\n`, { mode: 0o600 });
  console.log(`New private key in ${values.key}; publish in pass_keys:\n${JSON.stringify(publicPassKey(JSON.parse(readFileSync(values.key, 'utf8'))))}`);
}
if (!values.name) {
  if (values['new-key']) process.exit(0);
  console.error('--name is required');
  process.exit(2);
}
if (!PASS_FORMATS.includes(values.format)) {
  console.error(`--format must be one of ${PASS_FORMATS.join(', ')}`);
  process.exit(2);
}
const key = JSON.parse(readFileSync(values.key, 'utf8'));
const claims = passClaims({
  propertyId: Number(values.property),
  name: values.name,
  kind: values.kind,
  hours: Number(values.hours),
  uses: values.uses ? Number(values.uses) : undefined,
  residentId: values.resident === undefined ? undefined : Number(values.resident),
});
const text = await signPass(key, claims, values.format);
const errorCorrectionLevel = passQrLevel(text);
await QRCode.toFile(values.out, text, { errorCorrectionLevel, margin: 4, scale: 8 });
const { version } = QRCode.create(text, { errorCorrectionLevel });
console.log(`${values.out}: QR version ${version} at error correction ${errorCorrectionLevel}, ${text.length} characters\n${JSON.stringify(claims)}\n${text}`);
