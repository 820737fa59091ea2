/** The boot report's script, loaded by the guard when the app did not start; the build writes its settings in. */
import en from '../strings/bootGuard.en.json';
import es from '../strings/bootGuard.es.json';
import { ERROR_ATTRIBUTE } from './bootGuard';
import { reportBootFailure } from './bootReport';

declare const __BOOT_GUARD_API_URL__: string;
declare const __BOOT_GUARD_LANGUAGE__: string;

const script = document.currentScript;
// A constant once built: only the build's language ends up in the file.
reportBootFailure(
  window,
  { apiUrl: __BOOT_GUARD_API_URL__, strings: __BOOT_GUARD_LANGUAGE__ === 'es' ? es : en },
  script ? script.getAttribute(ERROR_ATTRIBUTE) : null,
);
