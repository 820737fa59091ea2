// Another member of the property's private channel, as every resident's app
// and every panel of the property is: the back end signs its subscription,
// and it sends whatever client events it likes (docs/security.md).
import { once } from 'node:events';
import WebSocket from 'ws';
import type { Simulator } from './simulator';

export interface ChannelMember {
  /** Sends a client event on the property's channel, as pusher-js's `channel.trigger` does. */
  send(event: `client-${string}`, data: Record<string, unknown>): void;
  close(): Promise<void>;
}

interface PusherFrame {
  event: string;
  data?: unknown;
}

/** Connects to the simulator's Pusher server and subscribes to the property's channel. */
export async function joinChannel(sim: Simulator): Promise<ChannelMember> {
  const channel = sim.channelName();
  const ws = new WebSocket(`${sim.url.replace(/^http/, 'ws')}/app/${sim.snapshot().pusherKey}?protocol=7&client=js&version=8.6.0`);
  const frames: PusherFrame[] = [];
  let arrived: () => void = () => undefined;
  ws.on('message', (raw: Buffer) => {
    frames.push(JSON.parse(raw.toString('utf8')) as PusherFrame);
    arrived();
  });
  const next = async (event: string): Promise<PusherFrame> => {
    for (;;) {
      const found = frames.find((frame) => frame.event === event);
      if (found) return found;
      await new Promise<void>((resolve) => (arrived = resolve));
    }
  };
  await once(ws, 'open');
  const established = await next('pusher:connection_established');
  const socketId = (JSON.parse(established.data as string) as { socket_id: string }).socket_id;
  const { auth } = sim.pusherAuth({ socket_id: socketId, channel_name: channel });
  ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth } }));
  await next('pusher_internal:subscription_succeeded');
  return {
    send: (event, data) => ws.send(JSON.stringify({ event, channel, data })),
    async close() {
      if (ws.readyState === WebSocket.CLOSED) return;
      ws.close();
      await once(ws, 'close');
    },
  };
}
