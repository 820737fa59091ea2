import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface AccessRequest {
  user_code: string;
  access_granted: boolean;
  created_at: string;
}

export interface AccessQueueState {
  items: AccessRequest[];
}

const initialState: AccessQueueState = { items: [] };

const sameRequest = (a: AccessRequest, b: AccessRequest): boolean =>
  a.user_code === b.user_code && a.created_at === b.created_at && a.access_granted === b.access_granted;

/** Reads the server's answer; anything that is not a well-formed item is ignored. */
export function parseAcceptedRequests(raw: unknown): AccessRequest[] {
  const list = Array.isArray(raw) ? raw : (raw as { requests?: unknown } | null)?.requests;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (item): item is AccessRequest =>
      typeof item === 'object' &&
      item !== null &&
      typeof item.user_code === 'string' &&
      typeof item.access_granted === 'boolean' &&
      typeof item.created_at === 'string',
  );
}

export const accessQueueSlice = createSlice({
  name: 'accessQueue',
  initialState,
  reducers: {
    accessRequestQueued(state, { payload }: PayloadAction<AccessRequest>) {
      state.items.push(payload);
    },
    /** Only items the server echoed back leave the queue. */
    accessRequestsAccepted(state, { payload }: PayloadAction<AccessRequest[]>) {
      state.items = state.items.filter((item) => !payload.some((accepted) => sameRequest(item, accepted)));
    },
  },
  selectors: {
    selectQueuedAccessRequests: (state) => state.items,
  },
});

export const { accessRequestQueued, accessRequestsAccepted } = accessQueueSlice.actions;
export const { selectQueuedAccessRequests } = accessQueueSlice.selectors;
