import { vi } from 'vitest';
import type { ClockReading } from '../lib/elapsedClock';

/**
 * The page's clocks under fake timers: the monotonic one moves with the
 * timers only; `setWallClockBack` moves the wall clock (Date) alone, as a
 * panel's clock set back by a reboot before its time is synced.
 */
export function createFakeClocks() {
  let setBack = 0;
  return {
    read: (): ClockReading => ({ mono: Date.now() + setBack, wall: Date.now() }),
    setWallClockBack(ms: number) {
      setBack += ms;
      vi.setSystemTime(Date.now() - ms);
    },
  };
}
