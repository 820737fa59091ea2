// `npm run simulator`: the simulator alone, on PORT or 8787, its soketi on
// PUSHER_PORT or 6001 (HARDWARE_PORT: the hardware socket on a port of its own too).
import { startSimulator } from './server.mjs';

const port = Number(process.env.PORT ?? 8787);
const pusherPort = Number(process.env.PUSHER_PORT ?? 6001);
const hardwarePort = process.env.HARDWARE_PORT ? Number(process.env.HARDWARE_PORT) : undefined;
const sim = await startSimulator({ port, pusherPort, hardwarePort });
console.log(`Simulator listening on ${sim.url}, soketi on ${sim.pusherUrl}`);
if (hardwarePort !== undefined) console.log(`Hardware socket: ${sim.hardwareUrl}`);
console.log(`Console: ${sim.url}/console`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await sim.close();
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
