// `npm run simulator`: the simulator alone, on PORT or 8787.
import { startSimulator } from './server.mjs';

const port = Number(process.env.PORT ?? 8787);
const sim = await startSimulator({ port });
console.log(`Simulator listening on ${sim.url}`);
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
