export const SOUND_NAMES = [
  'error',
  'success',
  'qr',
  'sorryCode',
  'sorryError',
  'sorryNoAccess',
  'sorryNoAnswer',
  'throttle',
  'ring',
  'welcome',
  'gateOpen',
] as const;

export type SoundName = (typeof SOUND_NAMES)[number];

/** The sounds that are words (the catalogue's `sound.*` strings), recorded in each language. */
export const SPOKEN_SOUNDS: readonly SoundName[] = ['sorryCode', 'sorryError', 'sorryNoAccess', 'sorryNoAnswer', 'throttle', 'welcome'];

/** Plays the kiosk's sounds. A refused play (autoplay policy) never throws; it retries on unlock. */
export interface SoundService {
  play(name: SoundName): void;
  stop(name: SoundName): void;
  stopAll(): void;
}
