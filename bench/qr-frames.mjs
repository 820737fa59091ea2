// Camera frames of a visitor's phone showing a QR code, for comparing decoders:
// 240x180 like the scan screen's camera, the code flat on, at a distance
// (2 pixels a module and less) and at an angle (turned and tilted away, in
// perspective), on a dim phone screen in uneven light with sensor noise.
// Deterministic: the same frames on every run.
import QRCode from 'qrcode';

export const FRAME_WIDTH = 240;
export const FRAME_HEIGHT = 180;
const QUIET_ZONE = 4;
const FOCAL = 208; // about 60 degrees across 240 pixels
const SUPERSAMPLE = 3; // the lens blurs module edges over a pixel

/** A small seeded generator (mulberry32), so frames are the same on every run. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 3x3 inverse (row-major). */
function invert([a, b, c, d, e, f, g, h, i]) {
  const A = e * i - f * h, B = -(d * i - f * g), C = d * h - e * g;
  const det = a * A + b * B + c * C;
  return [A, -(b * i - c * h), b * f - c * e, B, a * i - c * g, -(a * f - c * d), C, -(a * h - b * g), a * e - b * d].map((v) => v / det);
}

/** Image -> code plane mapping for a code turned by `turn`, tilted by `tiltX`/`tiltY` (radians), centred at (dx, dy). */
function planeFromImage({ turn, tiltX, tiltY, dx, dy }) {
  const [cx, sx, cy, sy, cz, sz] = [Math.cos(tiltX), Math.sin(tiltX), Math.cos(tiltY), Math.sin(tiltY), Math.cos(turn), Math.sin(turn)];
  // R = Rz * Ry * Rx; its first two columns carry the plane's axes.
  const r1 = [cz * cy, sz * cy, -sy];
  const r2 = [cz * sy * sx - sz * cx, sz * sy * sx + cz * cx, cy * sx];
  const t = [dx, dy, FOCAL];
  const [ox, oy] = [FRAME_WIDTH / 2, FRAME_HEIGHT / 2];
  // H = K [r1 r2 t], K = [[f, 0, ox], [0, f, oy], [0, 0, 1]]: plane (X, Y, 1) -> image.
  const column = [r1, r2, t];
  const H = [
    ...column.map((c) => FOCAL * c[0] + ox * c[2]),
    ...column.map((c) => FOCAL * c[1] + oy * c[2]),
    ...column.map((c) => c[2]),
  ];
  return invert(H);
}

/** One RGBA frame of `text` with `px` pixels a module at the centre. */
function drawFrame(text, { px, pose, light, rand, level }) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: level });
  const size = modules.size;
  const half = (size + 2 * QUIET_ZONE) / 2;
  const inverse = planeFromImage(pose);
  const data = new Uint8ClampedArray(FRAME_WIDTH * FRAME_HEIGHT * 4);
  for (let y = 0; y < FRAME_HEIGHT; y += 1) {
    for (let x = 0; x < FRAME_WIDTH; x += 1) {
      let sum = 0;
      for (let s = 0; s < SUPERSAMPLE * SUPERSAMPLE; s += 1) {
        const ix = x + ((s % SUPERSAMPLE) + 0.5) / SUPERSAMPLE;
        const iy = y + (Math.floor(s / SUPERSAMPLE) + 0.5) / SUPERSAMPLE;
        const w = inverse[6] * ix + inverse[7] * iy + inverse[8];
        const u = (inverse[0] * ix + inverse[1] * iy + inverse[2]) / w / px + half;
        const v = (inverse[3] * ix + inverse[4] * iy + inverse[5]) / w / px + half;
        const inScreen = u >= -1 && v >= -1 && u < 2 * half + 1 && v < 2 * half + 1;
        const col = Math.floor(u) - QUIET_ZONE;
        const row = Math.floor(v) - QUIET_ZONE;
        const dark = col >= 0 && row >= 0 && col < size && row < size && modules.get(row, col);
        sum += !inScreen ? light.background : dark ? light.dark : light.light;
      }
      // Uneven light across the frame, then sensor noise.
      const shade = 1 - light.falloff * ((x - light.spotX) ** 2 + (y - light.spotY) ** 2) / (FRAME_WIDTH * FRAME_WIDTH);
      const value = (sum / (SUPERSAMPLE * SUPERSAMPLE)) * shade + (rand() + rand() + rand() - 1.5) * light.noise;
      const i = (y * FRAME_WIDTH + x) * 4;
      data[i] = data[i + 1] = data[i + 2] = value;
      data[i + 3] = 255;
    }
  }
  return data;
}

/**
 * A version 1 code with its quiet zone, in modules: the 5-digit codes. A
 * phone shows any code at about the same size on its screen, so a larger
 * code's modules are smaller by as much at the same distance: `px` is given
 * for this span and scaled to the code's own.
 */
const REFERENCE_SPAN = 21 + 2 * QUIET_ZONE;

export const KINDS = {
  'flat on': (rand) => ({ px: 4 + rand() * 1.5, turn: (rand() - 0.5) * 0.2, tiltX: 0, tiltY: 0 }),
  'at a distance': (rand) => ({ px: 1.6 + rand() * 0.9, turn: (rand() - 0.5) * 0.4, tiltX: (rand() - 0.5) * 0.3, tiltY: (rand() - 0.5) * 0.3 }),
  'at an angle': (rand) => ({
    px: 3.2 + rand() * 1.3,
    turn: (0.25 + rand() * 0.55) * (rand() < 0.5 ? -1 : 1),
    tiltX: (0.15 + rand() * 0.4) * (rand() < 0.5 ? -1 : 1),
    tiltY: (rand() - 0.5) * 0.3,
  }),
};

/** The phone held as close as the code still fits: it fills most of the frame's height, flat on. */
export const HELD_CLOSE = { 'held close': (rand) => ({ fill: 0.8 + rand() * 0.15, turn: (rand() - 0.5) * 0.2, tiltX: 0, tiltY: 0 }) };

/** Pixels a module: a kind's `px` is for a version 1 code, a `fill` is the share of the frame's height the code takes. */
function moduleSize(text, { px, fill }, level) {
  const span = QRCode.create(text, { errorCorrectionLevel: level }).modules.size + 2 * QUIET_ZONE;
  return fill === undefined ? (px * REFERENCE_SPAN) / span : (fill * FRAME_HEIGHT) / span;
}

/**
 * `count` frames, the kinds in turn; each with the code it shows: by default
 * the 5-digit codes `10001 + 7i`, else `textOf(i)`; at error correction M
 * unless `level` says otherwise.
 */
export function qrFrames(count = 100, seed = 1, { textOf = (i) => String(10001 + i * 7), kinds: shapes = KINDS, level = 'M' } = {}) {
  const rand = random(seed);
  const kinds = Object.keys(shapes);
  return Array.from({ length: count }, (_, i) => {
    const kind = kinds[i % kinds.length];
    const text = textOf(i);
    const { turn, tiltX, tiltY, ...size } = shapes[kind](rand);
    const px = moduleSize(text, size, level);
    const light = {
      dark: 25 + rand() * 40,
      light: 175 + rand() * 60,
      background: 60 + rand() * 50,
      falloff: rand() * 0.6,
      spotX: rand() * FRAME_WIDTH,
      spotY: rand() * FRAME_HEIGHT,
      noise: 4 + rand() * 6,
    };
    const pose = { turn, tiltX, tiltY, dx: (rand() - 0.5) * 40, dy: (rand() - 0.5) * 30 };
    return { kind, text, data: drawFrame(text, { px, pose, light, rand, level }) };
  });
}
