import { parseLanguage, type Language } from '../strings/languages.ts';

/**
 * Build-time configuration, read from Vite's `VITE_*` variables. Pure, so the
 * build itself (vite.config.ts: the Content-Security-Policy) reads the same
 * values the kiosk does.
 */
/** At most `attempts` refused codes within `windowMs`; 0 attempts turns it off. */
interface Budget {
  attempts: number;
  windowMs: number;
}

export interface AppConfig {
  apiUrl: string;
  pusher: { key: string; cluster: string; host: string; port: number; forceTLS: boolean };
  hardwareSocketUrl: string;
  videoApiUrl: string;
  /**
   * The video provider's bearer key, for join tokens; null when built without
   * one (explicitly empty), the recommended build: whoever downloads the
   * kiosk can read a key in it, so the back end sends `room_token` instead.
   */
  videoApiKey: string | null;
  appEnv: 'production' | 'development';
  callProviders: 'live' | 'simulator';
  /**
   * Where the live SIP client's socket goes (a ws:// or wss:// URL), e.g. the
   * simulator's Telnyx WebRTC twin; null: the SDK's own gateway.
   */
  telnyxRtcHost: string | null;
  /**
   * The reload after each notification (docs/rules.md#r2-2-5). Only a development build can turn
   * it off (VITE_TEST_NO_RELOAD_AFTER_NOTIFICATION=true), for the memory
   * benchmark, where the reload would hide a leak.
   */
  reloadAfterNotification: boolean;
  /**
   * Code guessing: refused typed or scanned codes have budgets (at most `attempts` within `windowMs`,
   * 0 attempts: no such budget). Spending the `burst` locks code entry, first for `lockMs` (0: never),
   * each later lock of the day twice the last up to `maxLockMs` (0: no escalation); spending one of
   * the longer `budgets` locks it at least until that budget has room again.
   */
  codeLock: { burst: Budget; budgets: Budget[]; lockMs: number; maxLockMs: number };
  version: string;
  /** What a device record that names no language or spoken-prompt setting gets (docs/answers.md). */
  deviceDefaults: { language: Language; spokenPrompts: boolean; offlineGuestCodeHours: number };
  /** The service worker's script (offline start, src/sw.ts); null in development, where Vite builds none. */
  serviceWorkerUrl: string | null;
}

type Env = Record<string, string | boolean | undefined>;

function text(env: Env, name: string, fallback: string): string {
  const value = env[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback;
}

/** A URL the URL parser takes. Not URL.canParse: Chromium before 120 (the panels' 83, 92, 110) has none, and the kiosk would not start. */
function parses(raw: string): boolean {
  try {
    new URL(raw);
    return true;
  } catch {
    return false;
  }
}

/** A ws:// or wss:// URL, else null. */
function socketUrl(env: Env, name: string): string | null {
  const raw = text(env, name, '');
  return /^wss?:\/\/[^/\s]/.test(raw) && parses(raw) ? raw : null;
}

/** A whole number of at least `min`, else the fallback. */
function int(env: Env, name: string, fallback: number, min = 1): number {
  const raw = text(env, name, '');
  const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  return Number.isSafeInteger(value) && value >= min ? value : fallback;
}

export function readConfig(env: Env, version: string): AppConfig {
  const appEnv = text(env, 'VITE_APP_ENV', 'production') === 'development' ? 'development' : 'production';
  return {
    apiUrl: text(env, 'VITE_API_URL', 'http://127.0.0.1:8787').replace(/\/+$/, ''),
    pusher: {
      key: text(env, 'VITE_PUSHER_KEY', 'kiosk-local'),
      cluster: text(env, 'VITE_PUSHER_CLUSTER', 'mt1'),
      // Explicitly empty means the cluster's hosted service.
      host: env.VITE_PUSHER_HOST === undefined ? '127.0.0.1' : text(env, 'VITE_PUSHER_HOST', ''),
      port: int(env, 'VITE_PUSHER_PORT', 8787),
      forceTLS: text(env, 'VITE_PUSHER_FORCE_TLS', 'false') === 'true',
    },
    hardwareSocketUrl: text(env, 'VITE_HARDWARE_SOCKET_URL', 'ws://127.0.0.1:8787/hardware'),
    videoApiUrl: text(env, 'VITE_VIDEO_API_URL', 'http://127.0.0.1:8787/video-provider').replace(/\/+$/, ''),
    // Explicitly empty means no key in the build (docs/security.md).
    videoApiKey: env.VITE_VIDEO_API_KEY === undefined ? 'local-video-key' : text(env, 'VITE_VIDEO_API_KEY', '') || null,
    appEnv,
    callProviders: text(env, 'VITE_CALL_PROVIDERS', 'live') === 'simulator' ? 'simulator' : 'live',
    telnyxRtcHost: socketUrl(env, 'VITE_TELNYX_RTC_HOST'),
    reloadAfterNotification: !(appEnv === 'development' && text(env, 'VITE_TEST_NO_RELOAD_AFTER_NOTIFICATION', '') === 'true'),
    codeLock: {
      burst: { attempts: int(env, 'VITE_CODE_LOCK_ATTEMPTS', 5, 0), windowMs: int(env, 'VITE_CODE_LOCK_WINDOW_SECONDS', 60, 0) * 1000 },
      budgets: [
        { attempts: int(env, 'VITE_CODE_LOCK_PER_HOUR', 30, 0), windowMs: 3_600_000 },
        { attempts: int(env, 'VITE_CODE_LOCK_PER_DAY', 100, 0), windowMs: 86_400_000 },
      ],
      lockMs: int(env, 'VITE_CODE_LOCK_SECONDS', 30, 0) * 1000,
      maxLockMs: int(env, 'VITE_CODE_LOCK_MAX_SECONDS', 900, 0) * 1000,
    },
    version,
    deviceDefaults: {
      language: parseLanguage(text(env, 'VITE_LANGUAGE', 'en')) ?? 'en',
      spokenPrompts: text(env, 'VITE_SPOKEN_PROMPTS', 'false') === 'true',
      offlineGuestCodeHours: int(env, 'VITE_OFFLINE_GUEST_CODE_HOURS', 168, 0),
    },
    serviceWorkerUrl: env.PROD === true ? `${text(env, 'BASE_URL', '/')}sw.js` : null,
  };
}
