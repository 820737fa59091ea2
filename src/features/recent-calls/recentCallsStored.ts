import * as v from 'valibot';
import { isRecord } from '../../services/json';
import { excerpt, STORE_VERSION, type StoredPart } from '../../store/storedPart';
import { RECENT_CALL_WINDOW_MS, recentCallsSlice, type RecentCallsState } from './recentCallsSlice';

const expiryList = v.array(v.pipe(v.number(), v.finite()));

/** Per call target, when each recent call stops counting, as stored (docs/stored-state.md). */
export const recentCallsStored: StoredPart<RecentCallsState, 'recentCalls'> = {
  key: recentCallsSlice.reducerPath,
  version: STORE_VERSION,
  migrations: {
    /*
     * An older kiosk kept a count per target; each counted call is taken to
     * end an hour after the reload. The hour holds in every build,
     * development's 10 s window included: the stored state is read before
     * the services that choose the window exist, and the count was an hour's.
     */
    2: (old) => {
      if (!isRecord(old) || isRecord(old.expiries)) return old;
      const counts = isRecord(old.counts) ? old.counts : old;
      const expiresAt = Date.now() + RECENT_CALL_WINDOW_MS.production;
      const expiries = Object.entries(counts).map(([target, count]) => [
        target,
        typeof count === 'number' && count > 0 ? Array.from({ length: Math.min(count, 100) }, () => expiresAt) : count,
      ]);
      return { expiries: Object.fromEntries(expiries) };
    },
  },
  read(stored) {
    const raw = isRecord(stored) && isRecord(stored.expiries) ? stored.expiries : null;
    if (!raw) return { state: { expiries: {} }, problems: [`recentCalls: no expiries (${excerpt(stored)})`] };
    const expiries: RecentCallsState['expiries'] = {};
    const problems: string[] = [];
    for (const [target, times] of Object.entries(raw)) {
      if (v.is(expiryList, times)) expiries[target] = times;
      else problems.push(`recentCalls.expiries.${target}: ${excerpt(times)}`);
    }
    return { state: { expiries }, problems };
  },
};
