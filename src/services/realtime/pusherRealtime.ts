import Pusher, { type Channel, type ChannelAuthorizationHandler, type Options } from 'pusher-js';
import type { Logger } from '../api/remoteLogger';
import { createClientEventPacer, type ClientEventPacer } from './clientEventPacer';
import type { ChannelHandlers, RealtimeService } from './types';

export interface PusherRealtimeOptions {
  key: string;
  cluster: string;
  /** A self-hosted Pusher-protocol server; empty to use the Pusher cluster. */
  host: string;
  port: number;
  forceTLS: boolean;
  /**
   * Asks the back end to sign a subscription (POST telephone-entry/pusher/auth),
   * with its own time limit: pusher-js's own request has none, and a hung one
   * would leave the channel unsubscribed for good.
   */
  authorize: (socketId: string, channelName: string) => Promise<unknown>;
  logger: Pick<Logger, 'error' | 'warn'>;
  PusherImpl?: typeof Pusher;
}

/** The authorization in the shape pusher-js needs, or why it is not one. */
function authorizationData(answer: unknown): { auth: string; channel_data?: string } {
  const { auth, channel_data } = (typeof answer === 'object' && answer !== null ? answer : {}) as Record<string, unknown>;
  if (typeof auth !== 'string' || auth === '') throw new Error('The channel authorization has no auth string');
  return typeof channel_data === 'string' ? { auth, channel_data } : { auth };
}

/** pusher-js options for either a self-hosted server or the Pusher cluster. */
export function pusherOptions({ cluster, host, port, forceTLS, authorize }: Omit<PusherRealtimeOptions, 'key' | 'logger' | 'PusherImpl'>): Options {
  const customHandler: ChannelAuthorizationHandler = ({ socketId, channelName }, callback) => {
    authorize(socketId, channelName)
      .then(authorizationData)
      .then(
        (data) => callback(null, data),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
      );
  };
  const channelAuthorization: Options['channelAuthorization'] = { customHandler };
  if (!host) return { cluster, forceTLS, channelAuthorization };
  // A self-hosted server speaks WebSocket only: no HTTP fallbacks to try.
  return {
    cluster,
    wsHost: host,
    wsPort: port,
    wssPort: port,
    forceTLS,
    enabledTransports: ['ws', 'wss'],
    channelAuthorization,
  };
}

/** Pusher's error for a client event over the connection's rate limit. */
const RATE_LIMITED = 4301;
const errorCode = (error: unknown) => (error as { data?: { code?: unknown } } | null)?.data?.code;

/**
 * The real-time channel over pusher-js. The connection is made on the first
 * `subscribe` and dropped by `disconnect`; a channel is left when its last
 * subscriber unsubscribes, so several features can share one channel. Client
 * events go out paced within Pusher's limits (clientEventPacer.ts).
 */
export function createPusherRealtime({
  key,
  logger,
  PusherImpl = Pusher,
  ...config
}: PusherRealtimeOptions): RealtimeService {
  let pusher: Pusher | null = null;
  let pacer: ClientEventPacer | null = null;
  const subscriberCounts = new Map<string, number>();

  function connection(): Pusher {
    if (pusher) return pusher;
    const created = new PusherImpl(key, pusherOptions(config));
    const paced = createClientEventPacer({
      send({ channel: channelName, event, data }) {
        // pusher.channel() is typed as always returning, but gives undefined for unknown channels.
        const channel = created.channel(channelName) as Channel | undefined;
        if (!channel?.trigger(event, data)) logger.error(`Realtime event ${event} not sent`, { channel: channelName });
      },
      logger,
    });
    // Only the states that mean trouble are worth a log line on the back end.
    created.connection.bind('state_change', ({ current }: { current: string }) => {
      if (current === 'unavailable' || current === 'failed') logger.error(`Realtime connection ${current}`);
    });
    created.connection.bind('error', (error: unknown) => {
      if (errorCode(error) === RATE_LIMITED) paced.refused();
      else logger.error('Realtime connection error', error);
    });
    pusher = created;
    pacer = paced;
    return created;
  }

  return {
    subscribe(channelName, handlers: ChannelHandlers) {
      const instance = connection();
      const channel = instance.subscribe(channelName);
      subscriberCounts.set(channelName, (subscriberCounts.get(channelName) ?? 0) + 1);
      const route = (event: string, data: unknown) => {
        if (event === 'pusher:subscription_succeeded') handlers.onSubscribed?.();
        else if (event === 'pusher:subscription_error') handlers.onSubscriptionError?.(data);
        else if (!event.startsWith('pusher:')) handlers.onEvent(event, data);
      };
      channel.bind_global(route);
      // A later subscriber to a live channel would otherwise never hear that it is subscribed.
      if (channel.subscribed) handlers.onSubscribed?.();

      let active = true;
      return () => {
        if (!active) return;
        active = false;
        channel.unbind_global(route);
        if (pusher !== instance) return; // already disconnected
        const remaining = (subscriberCounts.get(channelName) ?? 1) - 1;
        if (remaining > 0) {
          subscriberCounts.set(channelName, remaining);
        } else {
          subscriberCounts.delete(channelName);
          instance.unsubscribe(channelName);
        }
      };
    },

    trigger(channelName, event, data) {
      if (pacer) return pacer.enqueue({ channel: channelName, event, data });
      logger.error(`Realtime event ${event} not sent`, { channel: channelName });
      return false;
    },

    disconnect() {
      pacer?.stop();
      pacer = null;
      pusher?.disconnect();
      pusher = null;
      subscriberCounts.clear();
    },
  };
}
