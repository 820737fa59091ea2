import en from './installer.en.json';
import es from './installer.es.json';
import { partStrings } from './partStrings';

/** The installer screen's strings and the faults' names (the back end's log uses the English ones). */
export type InstallerKey = keyof typeof en;
export const installerStrings = partStrings<InstallerKey>({ en, es });
