// soketi as the test forks it (soketi.mjs): Pusher's protocol with Pusher's
// published limits, on loopback. It tells its parent, over IPC, every client
// event it receives (with its receive time) and every 4301 it answers: the
// figures the test asserts are the server's own.
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
/** @type {{ host: string, port: number, appId: string, key: string, secret: string }} */
const config = JSON.parse(process.env.TURN_TEST_SOKETI ?? '{}');

process.on('disconnect', () => process.exit(0));

/** The override's native uWebSockets.js, not its JavaScript fallback (which would not be the server under test). */
function nativeUws() {
  const entry = require.resolve('uWebSockets.js');
  const binary = path.join(path.dirname(entry), '..', 'binaries', `uws_${process.platform}_${process.arch}_${process.versions.modules}.node`);
  const uws = require('uWebSockets.js');
  if (require.cache[binary]?.exports !== uws) throw new Error(`uWebSockets.js did not load its native build ${binary}`);
  return uws;
}

/** Reports each client event as soketi takes it, and each 4301 it sends back on that socket. */
function tap(WsHandler) {
  const handle = WsHandler.prototype.handleClientEvent;
  WsHandler.prototype.handleClientEvent = function handleClientEvent(ws, message) {
    const at = Date.now();
    if (!ws.tapped) {
      ws.tapped = true;
      const sendJson = ws.sendJson;
      ws.sendJson = (data) => {
        if (data?.event === 'pusher:error' && data.data?.code === 4301) process.send?.({ kind: 'refused', at: Date.now(), socket: ws.id, message: data.data.message });
        return sendJson(data);
      };
    }
    process.send?.({ kind: 'event', at, socket: ws.id, event: message.event, data: message.data });
    return handle.call(this, ws, message);
  };
}

try {
  const uws = nativeUws();
  const { Server, WsHandler } = require('@soketi/soketi');
  tap(WsHandler);
  const server = new Server({
    host: config.host,
    port: config.port,
    'metrics.host': config.host,
    'metrics.port': 0,
    // Cluster discovery cannot be switched off and broadcasts by default: a
    // listen-only socket on loopback (client mode sends no hello).
    'cluster.address': config.host,
    'cluster.unicast': config.host,
    'cluster.client': true,
    'cluster.port': config.port,
    'appManager.array.apps': [
      {
        id: config.appId,
        key: config.key,
        secret: config.secret,
        enableClientMessages: true,
        // Pusher Channels' published limits.
        maxClientEventsPerSecond: 10,
        maxEventPayloadInKb: 10,
      },
    ],
  });
  void server.start(() => process.send?.({ kind: 'listening', port: uws.us_socket_local_port(server.serverProcess) }));
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
