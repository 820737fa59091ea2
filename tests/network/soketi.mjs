// soketi for one scenario (simulator/soketi.mjs, Pusher's limits on), keeping
// what it reports: the client events it received and the 4301s it answered.
import { startSoketi as startServer } from '../../simulator/soketi.mjs';

/** @param {{ host: string, port: number, appId: string, key: string, secret: string }} config */
export async function startSoketi(config) {
  /** @type {Array<{ at: number, socket: string, event: string, data: any }>} */
  const events = [];
  /** @type {Array<{ at: number, socket: string, message: string }>} */
  const refusals = [];
  const server = await startServer({
    ...config,
    tap: (message) => (message.kind === 'event' ? events : refusals).push(/** @type {any} */ (message)),
  });
  return { events, refusals, close: () => server.close() };
}
