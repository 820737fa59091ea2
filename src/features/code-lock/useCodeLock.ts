import { useCallback, useSyncExternalStore } from 'react';
import { useAppSelector } from '../../store/hooks';
import { useServices } from '../../store/servicesContext';
import { lockSecondsLeft, selectCodeLock } from './codeLockSlice';
import { everySecond, never } from '../../lib/everySecond';

/**
 * Seconds left of the code-entry lock (0: not locked), counting down once a
 * second while a lock is held; the timer stops when the lock ends or the screen goes.
 */
export function useCodeLockSeconds(): number {
  const lock = useAppSelector(selectCodeLock);
  const { clock } = useServices();
  const secondsLeft = useCallback(() => lockSecondsLeft(lock, clock()), [lock, clock]);
  return useSyncExternalStore(lock.lock === null ? never : everySecond, secondsLeft);
}
