// `npm start`: builds the kiosk against the local simulator, then serves both
// (the simulator starts soketi for the Pusher channel).
import { fileURLToPath } from 'node:url';
import { startSimulator } from '../simulator/server.mjs';
import { buildForSimulator } from './build-for-simulator.mjs';
import { startStaticServer } from './static-server.mjs';

const HOST = '127.0.0.1';
const SIM_PORT = 8787;
/** soketi's own default port. */
const PUSHER_PORT = 6001;
const KIOSK_PORT = 5173;
const root = fileURLToPath(new URL('..', import.meta.url));

try {
  // The SIP leg runs the Telnyx client itself against the simulator's twin; the console's SIP phone answers it.
  const env = { VITE_TELNYX_RTC_HOST: `ws://${HOST}:${SIM_PORT}/telnyx-rtc` };
  await buildForSimulator({ host: HOST, port: SIM_PORT, pusherPort: PUSHER_PORT, outDir: `${root}/dist`, logLevel: 'info', env });
} catch (err) {
  console.error('\nThe kiosk build failed, so nothing was started:', err instanceof Error ? err.message : err);
  process.exit(1);
}

const sim = await startSimulator({ port: SIM_PORT, host: HOST, pusherPort: PUSHER_PORT });
const kiosk = await startStaticServer({ dir: `${root}/dist`, port: KIOSK_PORT, host: HOST });

console.log('\nKiosk and simulator are running. Open:');
console.log(`  ${kiosk.url}/?token=demo-token&model=GEN2`);
console.log(`  ${sim.url}/console`);
console.log(`The kiosk's Pusher channel runs on soketi at ${sim.pusherUrl}.`);
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
