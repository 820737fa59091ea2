import en from './setup.en.json';
import es from './setup.es.json';
import { partStrings } from './partStrings';

/** The installer message's strings (a panel without a token), in its own chunk: a working panel never shows it. */
export const setupStrings = partStrings<keyof typeof en>({ en, es });
