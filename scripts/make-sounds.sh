#!/usr/bin/env bash
# Generates the kiosk's sounds (docs/rules.md#r9-5-1) into public/sounds/<name>.wav.
# Needs sox, espeak-ng and node (the spoken phrases are the catalogue's
# `sound.*` strings, src/strings/speech.en.json; scripts/make-speech.mjs makes the
# other languages' and the spoken prompts). The output is committed, so CI and the build do not
# need either tool; rerun this only when a sound changes.
# Format: mono, 16 kHz, 16-bit PCM WAV (small, and decodable by every browser).
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/public/sounds"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"

# -D: no dither, so reruns produce identical files and git sees no change.
format=(-D -r 16000 -c 1 -b 16 -e signed-integer)

# tone <file> <seconds> <frequency> [second frequency]: a soft-edged note.
tone() {
  local file=$1 length=$2 f1=$3 f2=${4:-}
  local second=()
  [[ -n $f2 ]] && second=(synth "$length" sine mix "$f2")
  sox -n "${format[@]}" "$file" synth "$length" sine "$f1" "${second[@]}" fade 0.01 "$length" 0.02 gain -n -3
}

silence() {
  sox -n "${format[@]}" "$1" trim 0 "$2"
}

# sequence <name> <part>...: joins the parts into public/sounds/<name>.wav.
sequence() {
  local name=$1
  shift
  sox "$@" "${format[@]}" "$out/$name.wav"
}

# speak <name>: the catalogue's English `sound.<name>`, trimmed of leading and trailing silence.
speak() {
  local text
  text="$(node -p "require('$root/src/strings/speech.en.json')['sound.$1']")"
  espeak-ng -v en-us -s 150 -w "$work/speech.wav" "$text"
  sox "$work/speech.wav" "${format[@]}" "$out/$1.wav" \
    silence 1 0.02 0.5% reverse silence 1 0.02 0.5% reverse gain -n -1
}

# Chimes and tones.
tone "$work/low.wav" 0.15 220 233
silence "$work/gap.wav" 0.08
sequence error "$work/low.wav" "$work/gap.wav" "$work/low.wav"

tone "$work/c5.wav" 0.12 523
tone "$work/e5.wav" 0.12 659
tone "$work/g5.wav" 0.3 784
sequence success "$work/c5.wav" "$work/g5.wav"
sequence gateOpen "$work/c5.wav" "$work/e5.wav" "$work/g5.wav"

tone "$work/blip.wav" 0.08 1800
sequence qr "$work/blip.wav"

# Ring: a British-style double ring then a pause, 2 s in all, so it loops evenly.
tone "$work/burst.wav" 0.4 400 450
silence "$work/short.wav" 0.2
silence "$work/long.wav" 1.0
sequence ring "$work/burst.wav" "$work/short.wav" "$work/burst.wav" "$work/long.wav"

# Silence for the voice client's own sounds: the kiosk rings itself, and the
# panel may be offline when the client would fetch its defaults from the web.
silence "$out/silence.wav" 0.1

# Spoken phrases.
for name in sorryCode sorryError sorryNoAccess sorryNoAnswer throttle welcome; do speak "$name"; done

ls -l "$out"
