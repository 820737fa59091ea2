import en from './guidance.en.json';
import es from './guidance.es.json';
import { partStrings } from './partStrings';

/** The guidance's strings, in its chunk (it shows after 20 s without input at the earliest). */
export const guidanceStrings = partStrings<keyof typeof en>({ en, es });
