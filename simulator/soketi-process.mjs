// The soketi process the simulator forks (soketi.mjs): Pusher's protocol
// server with Pusher's published limits, bound to loopback only. It tells
// its parent the port it listens on, or exits saying why it could not start;
// asked to (`tap`), also each client event it takes and each 4301 it answers,
// for tests that assert the server's own figures.
import { createRequire } from 'node:module';
import path from 'node:path';
import { isLocalPage } from './http-util.mjs';

const require = createRequire(import.meta.url);
/** @type {{ host: string, port: number, appId: string, key: string, secret: string, tap?: boolean }} */
const config = JSON.parse(process.env.SIM_SOKETI ?? '{}');

/**
 * The uWebSockets.js that soketi requires is the npm republication (README,
 * "soketi"): when its native build for this Node cannot load it prints a
 * warning and falls back to a JavaScript imitation. Refuse to run on that.
 */
function nativeUws() {
  const entry = require.resolve('uWebSockets.js');
  const binary = path.join(path.dirname(entry), '..', 'binaries', `uws_${process.platform}_${process.arch}_${process.versions.modules}.node`);
  const uws = require('uWebSockets.js');
  if (require.cache[binary]?.exports !== uws) {
    throw new Error(`uWebSockets.js did not load its native build ${binary} (JavaScript fallback): soketi is not what runs in production`);
  }
  return uws;
}

// Dies with the simulator that forked it, however that ends: no orphan keeps the port.
process.on('disconnect', () => process.exit(0));

/**
 * The simulator's rule for every socket it serves (http-util.mjs,
 * isLocalPage): another web page open in the developer's browser gets 403.
 * soketi has no origin check of its own, so its upgrade is wrapped.
 * @param {{ prototype: { handleUpgrade: Function } }} WsHandler
 */
function refuseOtherPages(WsHandler) {
  const upgrade = WsHandler.prototype.handleUpgrade;
  WsHandler.prototype.handleUpgrade = function handleUpgrade(res, req, context) {
    const headers = { host: req.getHeader('host'), origin: req.getHeader('origin') || undefined };
    if (!isLocalPage(/** @type {any} */ ({ headers }), config.host)) return void res.writeStatus('403 Forbidden').end();
    return upgrade.call(this, res, req, context);
  };
}

/**
 * Tells the parent of each client event as soketi takes it (with its receive
 * time) and of each 4301 soketi sends back on that socket.
 * @param {{ prototype: { handleClientEvent: Function } }} WsHandler
 */
function tapClientEvents(WsHandler) {
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
  refuseOtherPages(WsHandler);
  if (config.tap) tapClientEvents(WsHandler);
  const server = new Server({
    host: config.host,
    port: config.port,
    // The usage endpoint cannot be switched off: loopback, on a port the system picks.
    'metrics.host': config.host,
    'metrics.port': 0,
    // Cluster discovery cannot be switched off either, and broadcasts to
    // 255.255.255.255 by default: a listen-only UDP socket on loopback
    // (client mode sends no hello), with the local adapter nothing else uses it.
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
  void server.start(() => process.send?.({ port: uws.us_socket_local_port(server.serverProcess) }));
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
