// @vitest-environment node
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { speechTexts, VOICES } from './make-speech.mjs';

const SPEECH = fileURLToPath(new URL('../public/speech/', import.meta.url));
const manifest = JSON.parse(readFileSync(fileURLToPath(new URL('speech-manifest.json', import.meta.url)), 'utf8'));

// The clips are committed (public/speech/, like public/sounds/): these catch a
// string changed without running `node scripts/make-speech.mjs`.
describe('public/speech', () => {
  it.each(Object.keys(VOICES))('says what the %s catalogue says today', (language) => {
    expect(manifest[language]).toEqual(speechTexts(language));
  });

  it('says each prompt with the model’s own button name', () => {
    expect(manifest.en['cancel-GEN1']).toBe('Press Escape to cancel.');
    expect(manifest.en['cancel-GEN3']).toBe('Press star to cancel.');
    expect(manifest.es['homeQr-GEN3']).toBe('Para escanear un código QR, presione numeral.');
    expect(manifest.en.granted).toBe('Access granted. You can now enter.');
  });

  it('has a small Ogg Opus file for every clip, about 620 KB in all', () => {
    let total = 0;
    for (const [language, texts] of Object.entries(manifest)) {
      for (const clip of Object.keys(texts)) {
        const file = path.join(SPEECH, language, `${clip}.ogg`);
        const bytes = readFileSync(file);
        expect(bytes.toString('latin1', 0, 4), file).toBe('OggS');
        expect(bytes.toString('latin1', 28, 36), file).toBe('OpusHead');
        expect(statSync(file).size, file).toBeLessThan(16_000);
        total += bytes.length;
      }
    }
    expect(total).toBeLessThan(640_000);
  });
});
