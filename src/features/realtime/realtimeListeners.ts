import { whileAppRuns, type AppStartListening } from '../../store/listenerMiddleware';
import type { RootState } from '../../store/rootState';
import { propertyLoaded, propertyRefreshRequested } from '../property/propertySlice';
import { channelEventReceived, channelSubscriptionFailed, propertyChannelName } from './realtimeActions';

export const RESUBSCRIBE_DELAY_MS = 5000;

const selectPropertyId = (state: RootState) => state.property.data?.property.id ?? null;

/**
 * From appStarted until the middleware is cleared: stays subscribed to the
 * property's private channel, follows a change of property, and resubscribes
 * 5 s after a subscription error. Every subscription after the first (pusher-js
 * resubscribes by itself after a reconnection) reloads the property: a
 * `property-updated` sent while the channel was down was never heard.
 */
export function listenForRealtime(startListening: AppStartListening): void {
  whileAppRuns(startListening, async (listener) => {
    const { realtime } = listener.extra;
    const logger = listener.extra.logger.child('realtime');
    let subscribedBefore = false;
    try {
      for (;;) {
        if (selectPropertyId(listener.getState()) === null) {
          await listener.condition((_action, state) => selectPropertyId(state) !== null);
        }
        const propertyId = selectPropertyId(listener.getState()) as number;
        const unsubscribe = realtime.subscribe(propertyChannelName(propertyId), {
          onEvent: (event, data) =>
            listener.dispatch(event === 'property-updated' ? propertyRefreshRequested() : channelEventReceived({ event, data })),
          onSubscribed: () => {
            if (subscribedBefore) listener.dispatch(propertyRefreshRequested());
            subscribedBefore = true;
          },
          onSubscriptionError: (error) => {
            logger.error('Real-time channel subscription failed', error);
            listener.dispatch(channelSubscriptionFailed());
          },
        });
        let failed = false;
        try {
          const [ended] = await listener.take(
            (action) =>
              channelSubscriptionFailed.match(action) ||
              (propertyLoaded.match(action) && action.payload.data.property.id !== propertyId),
          );
          failed = channelSubscriptionFailed.match(ended);
        } finally {
          unsubscribe();
        }
        if (failed) await listener.delay(RESUBSCRIBE_DELAY_MS);
      }
    } finally {
      realtime.disconnect();
    }
  });
}
