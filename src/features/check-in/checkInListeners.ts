import { whileAppRuns, type AppStartListening } from '../../store/listenerMiddleware';

export const CHECK_IN_INTERVAL_MS = 30000;

/**
 * From appStarted until the middleware is cleared: POST a check-in now and
 * every 30 s, counted from the start of the last one, so a slow or hung
 * check-in (given up at its time limit) does not push the next one back.
 */
export function listenForCheckIn(startListening: AppStartListening): void {
  whileAppRuns(startListening, async (listener) => {
    const { api } = listener.extra;
    const logger = listener.extra.logger.child('check-in');
    for (;;) {
      const started = Date.now();
      try {
        await api.checkIn();
      } catch (error) {
        logger.error('Check-in failed', error);
      }
      await listener.delay(Math.max(0, CHECK_IN_INTERVAL_MS - (Date.now() - started)));
    }
  });
}
