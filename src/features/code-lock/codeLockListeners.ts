import { whileAppRuns, type AppStartListening } from '../../store/listenerMiddleware';
import type { RootState } from '../../app/rootReducer';
import { codeLockClockAnchored, codeLockEnded, codeLockTime, enteredCodeRefused, isEscalation } from './codeLockSlice';
import { TICK_MS } from './guessClock';

const codeLockOf = (state: RootState) => state.codeLock;
const lockOf = (state: RootState) => state.codeLock.lock;
const remembers = (state: RootState) => lockOf(state) !== null || state.codeLock.refusedAt.length > 0 || state.codeLock.lockedAt.length > 0;

/**
 * From appStarted until the middleware is cleared: anchors the guess clock
 * (at the start, then every TICK_MS while refusals or locks are remembered,
 * so a reload loses none of their time), ends each code-entry lock when its
 * time is up (one held across a reload included), and tells the back end of
 * the day's first lock and of each longer one: someone may be guessing.
 */
export function listenForCodeLock(startListening: AppStartListening): void {
  whileAppRuns(startListening, async (listener) => {
    const { clock, settings } = listener.extra;
    listener.dispatch(codeLockClockAnchored({ reading: clock(), settings: settings.codeLock }));
    for (;;) {
      if (!remembers(listener.getState())) await listener.condition((_action, state) => remembers(state));
      const lock = lockOf(listener.getState());
      const left = lock ? lock.until - codeLockTime(codeLockOf(listener.getState()), clock()) : TICK_MS;
      await listener.take((action, state) => codeLockEnded.match(action) || lockOf(state) !== lock, Math.max(0, Math.min(left, TICK_MS)));
      if (lock && lockOf(listener.getState()) === lock && codeLockTime(codeLockOf(listener.getState()), clock()) >= lock.until) {
        listener.dispatch(codeLockEnded());
      }
      listener.dispatch(codeLockClockAnchored({ reading: clock(), settings: settings.codeLock }));
    }
  });
  startListening({
    predicate: (action, current, previous) => enteredCodeRefused.match(action) && lockOf(current) !== null && lockOf(current) !== lockOf(previous),
    effect: (_action, { getState, extra }) => {
      const { lock, refusedAt } = codeLockOf(getState());
      if (!lock || !isEscalation(extra.settings.codeLock, lock.number)) return;
      const lockedForMs = lock.until - lock.since;
      extra.logger.child('code-lock').error('Code entry locked: too many refused codes', {
        lockOfTheDay: lock.number,
        lockedForMs,
        refusedWithinDay: refusedAt.length,
        lockedUntil: new Date(Date.now() + lockedForMs).toISOString(),
      });
    },
  });
}
