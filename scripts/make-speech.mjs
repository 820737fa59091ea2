#!/usr/bin/env node
// Spoken prompts (docs/rules.md#r2-9-2), generated from the string catalogue's spoken
// strings (src/strings/speech.<language>.json) into
// public/speech/<language>/<clip>.ogg, with scripts/speech-manifest.json
// saying what each clip says (for the tests; the kiosk never fetches it). Needs espeak-ng, sox and opusenc (Debian:
// espeak-ng sox opus-tools). The output is committed, like public/sounds/, so
// CI and the build need none of them; rerun this after changing a `speech.*`
// or `sound.*` string (a unit test fails until you do).
//
// Clips: each `speech.<name>` string; one per button model when it names a
// button ({back}, {go}), as `<name>-<MODEL>`. Other languages also get
// `sound-<name>` for each spoken sound (`sound.<name>`), English's being the
// WAV files of public/sounds/.
//
// Format: Ogg Opus, mono, 10 kb/s: speech from a synthesizer needs no more,
// and every clip stays a few kilobytes.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const BUTTON_MODELS = ['DEFAULT', 'GEN1', 'GEN2', 'GEN3'];
/** espeak-ng's voice for each language of the catalogue. */
export const VOICES = { en: 'en-us', es: 'es-419' };

/** The catalogue's spoken strings (src/strings/speech.<language>.json). */
const readCatalogue = (language) => JSON.parse(readFileSync(path.join(ROOT, 'src/strings', `speech.${language}.json`), 'utf8'));
const fill = (template, params) => template.replace(/\{(\w+)\}/g, (whole, name) => params[name] ?? whole);
const namesButton = (template) => /\{(back|go)\}/.test(template);

/** Clip name -> what it says, for one language. */
export function speechTexts(language, messages = readCatalogue(language), english = readCatalogue('en')) {
  const texts = {};
  for (const [key, template] of Object.entries(messages)) {
    if (key.startsWith('speech.button.')) continue;
    if (key.startsWith('speech.')) {
      const name = key.slice('speech.'.length);
      if (!namesButton(english[key])) texts[name] = template;
      else
        for (const model of BUTTON_MODELS) {
          const button = (which) => messages[`speech.button.${model}.${which}`];
          texts[`${name}-${model}`] = fill(template, { back: button('back'), go: button('go') });
        }
    } else if (key.startsWith('sound.') && language !== 'en') {
      texts[`sound-${key.slice('sound.'.length)}`] = template;
    }
  }
  return texts;
}

function generate() {
  const out = path.join(ROOT, 'public/speech');
  const work = mkdtempSync(path.join(tmpdir(), 'speech-'));
  const manifest = {};
  try {
    for (const language of Object.keys(VOICES)) {
      const texts = speechTexts(language);
      manifest[language] = texts;
      mkdirSync(path.join(out, language), { recursive: true });
      for (const [clip, text] of Object.entries(texts)) {
        const raw = path.join(work, 'raw.wav');
        const trimmed = path.join(work, 'trimmed.wav');
        execFileSync('espeak-ng', ['-v', VOICES[language], '-s', '150', '-w', raw, text]);
        // Trimmed of silence at both ends, 16 kHz mono, a little below full scale.
        execFileSync('sox', [raw, '-D', '-r', '16000', '-c', '1', '-b', '16', trimmed,
          'silence', '1', '0.02', '0.5%', 'reverse', 'silence', '1', '0.02', '0.5%', 'reverse', 'gain', '-n', '-1']);
        // A fixed serial number and no comments: reruns write the same bytes.
        execFileSync('opusenc', ['--quiet', '--bitrate', '10', '--serial', '1', '--discard-comments', trimmed,
          path.join(out, language, `${clip}.ogg`)]);
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  writeFileSync(fileURLToPath(new URL('speech-manifest.json', import.meta.url)), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`public/speech: ${Object.values(manifest).reduce((sum, texts) => sum + Object.keys(texts).length, 0)} clips`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) generate();
