export interface ChannelHandlers {
  /** Any event on the channel other than pusher: internals; `data` is already JSON-parsed. */
  onEvent(event: string, data: unknown): void;
  onSubscribed?(): void;
  onSubscriptionError?(error: unknown): void;
}

/**
 * The Pusher-protocol real-time connection. The connection opens on the first
 * `subscribe` and closes on `disconnect`.
 */
export interface RealtimeService {
  /** Subscribes; the returned function unsubscribes and unbinds the handlers. */
  subscribe(channelName: string, handlers: ChannelHandlers): () => void;
  /**
   * Sends a client event (`client-` prefix) on a subscribed channel, paced
   * within Pusher's limits. False when it will never be sent (over the size
   * limit, or no connection).
   */
  trigger(channelName: string, event: `client-${string}`, data: unknown): boolean;
  disconnect(): void;
}
