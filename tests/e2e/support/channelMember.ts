// Another member of the property's private channel, as every resident's app
// and every panel of the property is: the back end signs its subscription,
// and it sends whatever client events it likes (docs/security.md), within
// Pusher's limit of 10 a second, which soketi enforces: a test's burst is
// paced, as a well-behaved app's would be, not refused.
import { once } from 'node:events';
import WebSocket from 'ws';
import type { Simulator } from './simulator';

export interface ChannelMember {
  /** Sends a client event on the property's channel, as pusher-js's `channel.trigger` does (paced: at most 10 a second). */
  send(event: `client-${string}`, data: Record<string, unknown>): void;
  close(): Promise<void>;
}

interface PusherFrame {
  event: string;
  data?: unknown;
}

/** Pusher's limit: client events a connection may send a second. */
const EVENTS_PER_SECOND = 10;
/** A second, and a margin for frames that arrive at the server closer together than they left. */
const WINDOW_MS = 1_100;

/** Connects to the simulator's Pusher server (soketi) and subscribes to the property's channel. */
export async function joinChannel(sim: Simulator): Promise<ChannelMember> {
  const channel = sim.channelName();
  const ws = new WebSocket(`${sim.pusherUrl}/app/${sim.snapshot().pusherKey}?protocol=7&client=js&version=8.6.0`);
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

  const sentAt: number[] = [];
  let queue = Promise.resolve();
  /** Sends once fewer than 10 events left in the last second. */
  async function paced(frame: string): Promise<void> {
    for (;;) {
      while (sentAt.length > 0 && sentAt[0]! <= Date.now() - WINDOW_MS) sentAt.shift();
      if (sentAt.length < EVENTS_PER_SECOND) break;
      await new Promise((resolve) => setTimeout(resolve, sentAt[0]! + WINDOW_MS - Date.now()));
    }
    sentAt.push(Date.now());
    ws.send(frame);
  }
  return {
    send: (event, data) => {
      const frame = JSON.stringify({ event, channel, data });
      queue = queue.then(() => paced(frame));
    },
    async close() {
      await queue;
      if (ws.readyState === WebSocket.CLOSED) return;
      ws.close();
      await once(ws, 'close');
    },
  };
}
