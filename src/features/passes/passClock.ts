import type { ClockReading } from '../../lib/elapsedClock';
import type { ServerDate } from '../../services/api/serverDate';
import { selectPropertyAgeMs, selectPropertyLoadedAt } from '../property/propertyAgeSlice';
import type { RootState } from '../../store/rootState';

/**
 * The best time the panel has for a pass, epoch ms: the back end's `Date` at
 * its last good answer plus the page's monotonic time since; before any
 * answer on this page, the last good property load's time plus the data's
 * age (an elapsed clock a clock set back does not move); with neither, the
 * panel's own clock. A panel clock set back so never extends a pass.
 */
export function passTimeMs(state: RootState, reading: ClockReading, server: ServerDate | null): number {
  if (server && reading.mono >= server.mono) return server.date + (reading.mono - server.mono);
  const loadedAt = selectPropertyLoadedAt(state);
  const age = selectPropertyAgeMs(state, reading);
  return loadedAt !== null && age !== null ? loadedAt + age : reading.wall;
}
