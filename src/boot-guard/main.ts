/** The boot guard's script (index.html loads it before the bundle); the build writes its settings in. */
import en from '../strings/bootGuard.en.json';
import es from '../strings/bootGuard.es.json';
import { startBootGuard } from './bootGuard';

declare const __BOOT_GUARD_API_URL__: string;
declare const __BOOT_GUARD_LANGUAGE__: string;

// A constant once built: only the build's language ends up in the file.
startBootGuard(window, { apiUrl: __BOOT_GUARD_API_URL__, strings: __BOOT_GUARD_LANGUAGE__ === 'es' ? es : en });
