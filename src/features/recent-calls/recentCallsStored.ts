import { isFiniteNumber } from '../../services/api/values';
import { isRecord } from '../../services/json';
import { excerpt, STORE_VERSION, type StoredPart } from '../../store/storedPart';
import { recentCallsSlice, type RecentCallsState } from './recentCallsSlice';

/** Per call target, when each recent call stops counting, as stored (docs/stored-state.md). */
export const recentCallsStored: StoredPart<RecentCallsState, 'recentCalls'> = {
  key: recentCallsSlice.reducerPath,
  version: STORE_VERSION,
  migrations: {},
  where: 'localStorage',
  read(stored) {
    const raw = isRecord(stored) && isRecord(stored.expiries) ? stored.expiries : null;
    if (!raw) return { state: { expiries: {} }, problems: [`recentCalls: no expiries (${excerpt(stored)})`] };
    const expiries: RecentCallsState['expiries'] = {};
    const problems: string[] = [];
    for (const [target, times] of Object.entries(raw)) {
      if (Array.isArray(times) && times.every(isFiniteNumber)) expiries[target] = times;
      else problems.push(`recentCalls.expiries.${target}: ${excerpt(times)}`);
    }
    return { state: { expiries }, problems };
  },
};
