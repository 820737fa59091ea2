import en from './screens.en.json';
import es from './screens.es.json';
import { partStrings } from './partStrings';

/** The strings of the screens that load after the first one (directory, QR scan, call), in their chunks. */
export type ScreenKey = keyof typeof en;
export const screenStrings = partStrings<ScreenKey>({ en, es });
