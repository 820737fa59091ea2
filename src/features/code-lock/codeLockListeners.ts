import { whileAppRuns, type AppStartListening } from '../../store/listenerMiddleware';
import type { RootState } from '../../store/rootState';
import { selectCodeLockClearedAt } from '../session/deviceSettings';
import { codeLockClockAnchored, codeLockEnded, codeLockLifted, codeLockTime, enteredCodeRefused, isEscalation } from './codeLockSlice';
import { TICK_MS } from '../../lib/elapsedClock';
import { lockPhoto } from './lockPhoto';

const codeLockOf = (state: RootState) => state.codeLock;
const lockOf = (state: RootState) => state.codeLock.lock;
const remembers = (state: RootState) => lockOf(state) !== null || state.codeLock.refusedAt.length > 0 || state.codeLock.lockedAt.length > 0;

/**
 * From appStarted until the middleware is cleared: anchors the guess clock
 * (at the start, then every TICK_MS while refusals or locks are remembered,
 * so a reload loses none of their time), ends each code-entry lock when its
 * time is up (one held across a reload included), and tells the back end of
 * every lock (someone may be guessing; `escalation` marks the day's first
 * and each longer one; with the device record's `photo_on_code_lock`, a
 * picture from the camera, lockPhoto.ts), lifts the lock when the device record brings a new
 * `code_lock_cleared_at`, and tells the back end of each lift.
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
    effect: async (_action, { getState, extra }) => {
      const { lock, refusedAt } = codeLockOf(getState());
      if (!lock) return;
      const lockedForMs = lock.until - lock.since;
      const report = {
        lockOfTheDay: lock.number,
        escalation: isEscalation(extra.settings.codeLock, lock.number),
        lockedForMs,
        refusedWithinDay: refusedAt.length,
        lockedUntil: new Date(Date.now() + lockedForMs).toISOString(),
      };
      extra.logger.child('code-lock').error('Code entry locked: too many refused codes', { ...report, ...(await lockPhoto(getState(), extra)) });
    },
  });
  startListening({
    predicate: (_action, state) => {
      const mark = selectCodeLockClearedAt(state);
      return mark !== null && mark !== state.codeLock.liftedMark;
    },
    effect: (_action, { getState, dispatch }) => {
      const mark = selectCodeLockClearedAt(getState());
      if (mark !== null && mark !== codeLockOf(getState()).liftedMark) dispatch(codeLockLifted({ by: 'back end', mark }));
    },
  });
  startListening({
    actionCreator: codeLockLifted,
    effect: ({ payload }, { getOriginalState, extra }) => {
      const before = codeLockOf(getOriginalState());
      extra.logger.child('code-lock').warn('Code entry lock lifted', {
        by: payload.by,
        wasLocked: before.lock !== null,
        refusedWithinDay: before.refusedAt.length,
      });
    },
  });
}
