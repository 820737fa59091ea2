import { parseLanguage, type Language } from '../strings/catalogue';

/** Build-time configuration. The only module that reads import.meta.env. */
export interface AppConfig {
  apiUrl: string;
  pusher: { key: string; cluster: string; host: string; port: number; forceTLS: boolean };
  hardwareSocketUrl: string;
  videoApiUrl: string;
  videoApiKey: string;
  appEnv: 'production' | 'development';
  callProviders: 'live' | 'simulator';
  /**
   * SPEC.md's reload after each notification. Only a development build can turn
   * it off (VITE_TEST_NO_RELOAD_AFTER_NOTIFICATION=true), for the memory
   * benchmark, where the reload would hide a leak.
   */
  reloadAfterNotification: boolean;
  version: string;
  /** What a device record that names no language or spoken-prompt setting gets (docs/answers.md). */
  deviceDefaults: { language: Language; spokenPrompts: boolean };
  /** The service worker's script (offline start, src/sw.ts); null in development, where Vite builds none. */
  serviceWorkerUrl: string | null;
}

type Env = Record<string, string | boolean | undefined>;

function text(env: Env, name: string, fallback: string): string {
  const value = env[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback;
}

function int(env: Env, name: string, fallback: number): number {
  const value = Number.parseInt(text(env, name, ''), 10);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

export function readConfig(env: Env): AppConfig {
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
    videoApiKey: text(env, 'VITE_VIDEO_API_KEY', 'local-video-key'),
    appEnv,
    callProviders: text(env, 'VITE_CALL_PROVIDERS', 'live') === 'simulator' ? 'simulator' : 'live',
    reloadAfterNotification: !(appEnv === 'development' && text(env, 'VITE_TEST_NO_RELOAD_AFTER_NOTIFICATION', '') === 'true'),
    version: __APP_VERSION__,
    deviceDefaults: {
      language: parseLanguage(text(env, 'VITE_LANGUAGE', 'en')) ?? 'en',
      spokenPrompts: text(env, 'VITE_SPOKEN_PROMPTS', 'false') === 'true',
    },
    serviceWorkerUrl: env.PROD === true ? `${text(env, 'BASE_URL', '/')}sw.js` : null,
  };
}

export const config: AppConfig = readConfig(import.meta.env);
