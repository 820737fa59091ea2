import type { AppStartListening } from '../../store/listenerMiddleware';
import { cardFloodChecked, selectCardFlood } from './gateSlice';

/** How often a flood is looked at to see whether it is over. */
const FLOOD_CHECK_MS = 1_000;

/** A flood of card reads is looked at every second until the reads have slowed down. */
export function listenForCardFlood(startListening: AppStartListening): void {
  startListening({
    predicate: (_action, current, previous) => selectCardFlood(current) && !selectCardFlood(previous),
    effect: async (_action, { dispatch, delay, getState, extra }) => {
      while (selectCardFlood(getState())) {
        await delay(FLOOD_CHECK_MS);
        dispatch(cardFloodChecked(extra.clock().mono));
      }
    },
  });
}
