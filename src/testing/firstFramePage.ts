import { vi } from 'vitest';
import en from '../strings/en.json';
import es from '../strings/es.json';
import type { FirstFrameSettings, FrameStrings } from '../first-frame/firstFrame';
import FRAME_STRINGS from '../first-frame/frameStrings.json';
import { rawProperty } from './fixtures';
import { createMemoryStorage } from './memoryStorage';

// As scripts/first-frame-build.mjs writes them in, from the catalogue.
const frameStrings = (messages: Record<string, string>) =>
  Object.fromEntries(Object.entries(FRAME_STRINGS).map(([name, key]) => [name, messages[key]])) as FrameStrings;
export const FIRST_FRAME_SETTINGS: FirstFrameSettings = { strings: { en: frameStrings(en), es: frameStrings(es) }, defaultLanguage: 'en' };

/** What the kiosk stores (src/app/persistence/): each part in its envelope, version 2. */
export function storedKiosk({ token = 'device-token' as string | null, model = 'GEN2', device = {}, version = 2 } = {}) {
  const storage = createMemoryStorage();
  const { property, device: stored } = rawProperty();
  if (token) storage.setItem('gate-kiosk:session', JSON.stringify({ version, state: { token, model } }));
  const core = { property, device: { ...stored, ...device }, standing: [], guests: [] };
  storage.setItem('gate-kiosk:propertyCore', JSON.stringify({ version, state: core }));
  return storage as unknown as Storage;
}

/** A page with the root the first frame paints into, its storage, and its key presses. */
export function firstFramePage(storage: Storage, search = '') {
  document.body.innerHTML = '<div id="root"></div>';
  const listeners: Array<(event: KeyboardEvent) => void> = [];
  const win = {
    document,
    location: { pathname: '/', search },
    localStorage: storage,
    addEventListener: vi.fn((_type: string, listener: (event: KeyboardEvent) => void) => listeners.push(listener)),
    removeEventListener: vi.fn(),
  } as unknown as Window;
  const press = (key: string) => listeners.forEach((listener) => listener(new KeyboardEvent('keydown', { key, cancelable: true })));
  return { win, press };
}

