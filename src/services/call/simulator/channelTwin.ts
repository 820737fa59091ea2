import { isRecord, type JsonObject as Json } from '../../json';
import type { RealtimeService } from '../../realtime/types';

/**
 * The channel side of a simulator twin: sends `client-sim-<part>` events and
 * hears `sim-<part>` events about one leg (docs/calls.md). `close` says
 * goodbye, unbinds, and may be called twice.
 */
export function channelTwin(
  realtime: RealtimeService,
  channel: string,
  part: 'voice' | 'sip' | 'room',
  isMine: (data: Json) => boolean,
  onEvent: (data: Json) => void,
) {
  const unsubscribe = realtime.subscribe(channel, {
    onEvent: (event, data) => {
      if (event === `sim-${part}` && isRecord(data) && isMine(data)) onEvent(data);
    },
  });
  let open = true;
  return {
    send: (data: Json) => {
      if (open) realtime.trigger(channel, `client-sim-${part}`, data);
    },
    close: (farewell: Json) => {
      if (!open) return;
      realtime.trigger(channel, `client-sim-${part}`, farewell);
      open = false;
      unsubscribe();
    },
  };
}

/** The twin's error, in the simulator's words when it gives them. */
export function failure(data: Json, fallback: string): Error {
  return new Error(typeof data.message === 'string' ? data.message : fallback);
}
