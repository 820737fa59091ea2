import type { ChannelHandlers, RealtimeService } from './types';

interface Waiting {
  channelName: string;
  handlers: ChannelHandlers;
  /** Set once the subscription is made on the loaded client. */
  unsubscribe: (() => void) | null;
}

/**
 * A real-time service whose client (pusher-js, about 20 kB compressed and the
 * costliest module to evaluate at start) loads after the first screen instead
 * of with it. Loading starts at once (`load` may wait for the page to be idle
 * first); subscriptions asked for before it arrives are made when it does,
 * unless they were cancelled meanwhile. If it never loads, the kiosk works on
 * without the channel and the failure is logged.
 */
export function createLazyRealtime(load: () => Promise<RealtimeService>, log: (message: string, meta?: unknown) => void): RealtimeService {
  let client: RealtimeService | null = null;
  const waiting = new Set<Waiting>();

  load().then(
    (loaded) => {
      client = loaded;
      for (const entry of waiting) entry.unsubscribe = loaded.subscribe(entry.channelName, entry.handlers);
    },
    (error: unknown) => {
      waiting.clear();
      log('The real-time client could not be loaded', error);
    },
  );

  return {
    subscribe(channelName, handlers) {
      if (client) return client.subscribe(channelName, handlers);
      const entry: Waiting = { channelName, handlers, unsubscribe: null };
      waiting.add(entry);
      return () => {
        waiting.delete(entry);
        entry.unsubscribe?.();
        entry.unsubscribe = null;
      };
    },
    trigger(channelName, event, data) {
      // Nothing can be subscribed yet, so nothing can be sent: as for any channel not subscribed.
      if (client) return client.trigger(channelName, event, data);
      log(`Realtime event ${event} not sent`, { channel: channelName });
      return false;
    },
    disconnect() {
      for (const entry of waiting) entry.unsubscribe = null;
      waiting.clear();
      client?.disconnect();
    },
  };
}
