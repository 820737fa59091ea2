import { whileAppRuns, type AppStartListening } from '../../store/listenerMiddleware';
import type { RootState } from '../../app/rootReducer';
import { codeLockEnded, enteredCodeRefused } from './codeLockSlice';

const lockOf = (state: RootState) => state.codeLock.lock;

/**
 * From appStarted until the middleware is cleared: ends each code-entry lock
 * when its time is up (one held across a reload included), and tells the back
 * end when refused codes start one: someone may be guessing.
 */
export function listenForCodeLock(startListening: AppStartListening): void {
  whileAppRuns(startListening, async (listener) => {
    for (;;) {
      if (lockOf(listener.getState()) === null) await listener.condition((_action, state) => lockOf(state) !== null);
      const lock = lockOf(listener.getState());
      // A clock set back before the lock began ends it at once (see isCodeEntryLocked).
      const left = lock && lock.since <= Date.now() ? lock.until - Date.now() : 0;
      await listener.take((action, state) => codeLockEnded.match(action) || lockOf(state) !== lock, Math.max(0, left));
      if (lockOf(listener.getState()) === lock) listener.dispatch(codeLockEnded());
    }
  });
  startListening({
    actionCreator: enteredCodeRefused,
    effect: ({ payload: { at, settings } }, { getState, extra }) => {
      const lock = lockOf(getState());
      if (lock?.since !== at) return;
      extra.logger.child('code-lock').error('Code entry locked: too many refused codes', { refused: settings.attempts, withinMs: settings.windowMs, lockedUntil: new Date(lock.until).toISOString() });
    },
  });
}
