import { whileAppRuns, type AppStartListening } from '../../app/listenerMiddleware';

export const CHECK_IN_INTERVAL_MS = 30000;

/** From appStarted until the middleware is cleared: POST a check-in now and every 30 s. */
export function listenForCheckIn(startListening: AppStartListening): void {
  whileAppRuns(startListening, async (listener) => {
    const { api, logger } = listener.extra;
    for (;;) {
      try {
        await api.checkIn();
      } catch (error) {
        logger.error('Check-in failed', error);
      }
      await listener.delay(CHECK_IN_INTERVAL_MS);
    }
  });
}
