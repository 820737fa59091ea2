// Builds the kiosk against a local simulator: used by `npm start`, the
// end-to-end fixtures and the benchmarks.
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The build's VITE_* variables (.env.example) for a simulator at host:port, its Pusher server (soketi) at host:pusherPort. */
export function simulatorEnv(host, port, pusherPort) {
  const origin = `${host}:${port}`;
  return {
    VITE_API_URL: `http://${origin}`,
    VITE_PUSHER_KEY: 'kiosk-local',
    VITE_PUSHER_CLUSTER: 'mt1',
    VITE_PUSHER_HOST: host,
    VITE_PUSHER_PORT: String(pusherPort),
    VITE_PUSHER_FORCE_TLS: 'false',
    VITE_HARDWARE_SOCKET_URL: `ws://${origin}/hardware`,
    VITE_VIDEO_API_URL: `http://${origin}/video-provider`,
    VITE_VIDEO_API_KEY: 'local-video-key',
    VITE_APP_ENV: 'production',
    VITE_CALL_PROVIDERS: 'simulator',
  };
}

/**
 * Production build into `outDir` for the simulator at host:port, its soketi on pusherPort (`env`
 * overrides single variables, e.g. `{ VITE_APP_ENV: 'development' }`;
 * `version` replaces package.json's in the footer, to tell two builds apart;
 * `build` adds Vite build options, e.g. `{ manifest: true }` for the benchmark). The
 * configuration is build-time (Vite reads process.env), so it is set for the
 * build and restored after, rather than read from a .env file.
 * @param {{ host?: string, port: number | string, pusherPort: number | string, outDir: string, logLevel?: import('vite').LogLevel,
 *   env?: Record<string, string>, version?: string }} options
 */
export async function buildForSimulator({ host = '127.0.0.1', port, pusherPort, outDir, logLevel = 'warn', env: overrides = {}, version, build: options = {} }) {
  const env = { ...simulatorEnv(host, port, pusherPort), ...overrides };
  const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  Object.assign(process.env, env);
  try {
    const define = version === undefined ? undefined : { __APP_VERSION__: JSON.stringify(version) };
    await build({ root: ROOT, mode: 'production', logLevel, define, build: { ...options, outDir, emptyOutDir: true } });
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}
