// `npm start`: builds the kiosk against the local simulator, then serves both.
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { startSimulator } from '../simulator/server.mjs';
import { startStaticServer } from './static-server.mjs';

const HOST = '127.0.0.1';
const SIM_PORT = 8787;
const KIOSK_PORT = 5173;
const root = fileURLToPath(new URL('..', import.meta.url));

// CONTRACT.md section 2, the simulator's column. Set here rather than read
// from .env so `npm start` always talks to the simulator it starts.
Object.assign(process.env, {
  VITE_API_URL: `http://${HOST}:${SIM_PORT}`,
  VITE_PUSHER_KEY: 'kiosk-local',
  VITE_PUSHER_CLUSTER: 'mt1',
  VITE_PUSHER_HOST: HOST,
  VITE_PUSHER_PORT: String(SIM_PORT),
  VITE_PUSHER_FORCE_TLS: 'false',
  VITE_HARDWARE_SOCKET_URL: `ws://${HOST}:${SIM_PORT}/hardware`,
  VITE_VIDEO_API_URL: `http://${HOST}:${SIM_PORT}/video-provider`,
  VITE_VIDEO_API_KEY: 'local-video-key',
  VITE_APP_ENV: 'production',
  VITE_CALL_PROVIDERS: 'simulator',
});

try {
  await build({ root, mode: 'production', build: { outDir: 'dist', emptyOutDir: true } });
} catch (err) {
  console.error('\nThe kiosk build failed, so nothing was started:', err instanceof Error ? err.message : err);
  process.exit(1);
}

const sim = await startSimulator({ port: SIM_PORT, host: HOST });
const kiosk = await startStaticServer({ dir: `${root}/dist`, port: KIOSK_PORT, host: HOST });

console.log('\nKiosk and simulator are running. Open:');
console.log(`  ${kiosk.url}/?token=demo-token&model=GEN2`);
console.log(`  ${sim.url}/console`);
console.log('Press Ctrl-C to stop.');

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await Promise.all([sim.close(), kiosk.close()]);
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
