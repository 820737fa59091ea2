import { createSlice, isDraft, original, type PayloadAction } from '@reduxjs/toolkit';
import type { AccessRequest } from '../../services/api/apiClient';
import { withoutEchoed } from './accessRequestKey';

export type { AccessRequest };

export interface AccessQueueState {
  items: AccessRequest[];
}

const NO_REQUESTS: AccessRequest[] = [];

/**
 * A long queue (100,000 after weeks offline) changes by one copy of its list,
 * never a walk of its items. Each change returns a new state object, frozen:
 * Immer takes a frozen result as it is, so it neither walks nor freezes the
 * list inside. The list stays a plain array because V8 copies a frozen one
 * item by item (a slice of 100,000 takes 2.7 ms, not 0.35).
 */
const queueOf = (items: AccessRequest[]): AccessQueueState => Object.freeze({ items });
const itemsOf = (state: AccessQueueState): readonly AccessRequest[] => (isDraft(state) ? original(state)! : state).items;
const initialState = queueOf([]);

/** How far back a new record looks for one of its code and outcome at the same instant: a burst is at the tail. */
const SAME_INSTANT_LOOKBACK = 100;

/**
 * A new record's time, a millisecond later than any queued record of its code
 * and outcome has: a busy page takes several card reads in one task, and two
 * at one instant would be one record to the back end's idempotency key
 * (docs/access-requests.md).
 */
function withDistinctTime(items: readonly AccessRequest[], record: AccessRequest): AccessRequest {
  const taken = new Set<number>();
  for (let i = items.length - 1; i >= Math.max(0, items.length - SAME_INSTANT_LOOKBACK); i -= 1) {
    const item = items[i]!;
    if (item.user_code === record.user_code && item.access_granted === record.access_granted) taken.add(Date.parse(item.created_at));
  }
  let at = Date.parse(record.created_at);
  if (!taken.has(at)) return record;
  while (taken.has(at)) at += 1;
  return { ...record, created_at: new Date(at).toISOString() };
}

export const accessQueueSlice = createSlice({
  name: 'accessQueue',
  initialState,
  reducers: {
    accessRequestQueued(state, { payload }: PayloadAction<AccessRequest>) {
      const items = itemsOf(state);
      return queueOf([...items, withDistinctTime(items, payload)]);
    },
    /** The queue as the database holds it, read after the first screen rendered (src/app/persistence), with what was queued meanwhile after it. */
    storedQueueRead: (_state, { payload }: PayloadAction<readonly AccessRequest[]>) => queueOf([...payload]),
    /**
     * Only items the server echoed back leave the queue, one per echo, matched
     * on code, outcome and instant among the items sent (withoutEchoed), so a
     * batch costs about its own size whatever the queue's length.
     */
    accessRequestsAccepted(state, { payload: { sent, echoed } }: PayloadAction<{ sent: readonly AccessRequest[]; echoed: readonly AccessRequest[] }>) {
      const kept = new Set(withoutEchoed(sent, echoed));
      const removed = new Set(sent.filter((item) => !kept.has(item)));
      if (removed.size === 0) return;
      const items = itemsOf(state);
      // Mostly the batch was the queue's head and all of it is acknowledged: cut it off (a copy, not a walk with a lookup each).
      const head = items.slice(0, removed.size).every((item) => removed.has(item));
      return queueOf(head ? items.slice(removed.size) : items.filter((item) => !removed.has(item)));
    },
  },
  selectors: {
    selectQueuedAccessRequests: (state): AccessRequest[] => (Array.isArray(state.items) ? state.items : NO_REQUESTS),
  },
});

export const { accessRequestQueued, accessRequestsAccepted, storedQueueRead } = accessQueueSlice.actions;
export const { selectQueuedAccessRequests } = accessQueueSlice.selectors;

/**
 * When the oldest queued request was made (epoch ms), or null when none has a
 * readable time. A loop: spreading a queue of 150,000 into Math.min throws.
 */
export function oldestQueuedAt(items: readonly AccessRequest[]): number | null {
  let oldest = Infinity;
  for (const item of items) {
    const at = Date.parse(item.created_at);
    if (at < oldest) oldest = at;
  }
  return Number.isFinite(oldest) ? oldest : null;
}

declare module '../../store/rootState' {
  interface RootState {
    accessQueue: ReturnType<typeof accessQueueSlice.reducer>;
  }
}
