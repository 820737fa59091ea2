import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import * as v from 'valibot';
import { flag, parseEach } from '../../services/api/answerSchemas';

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

const acceptedRequest = v.object({ user_code: v.string(), access_granted: flag, created_at: v.string() });

/** The accepted items, as a bare list or under `requests`. */
const acceptedAnswer = v.union([
  v.array(v.unknown()),
  v.pipe(
    v.object({ requests: v.array(v.unknown()) }),
    v.transform((answer) => answer.requests),
  ),
]);

/** Reads the server's answer; anything that is not a well-formed item is ignored. */
export function parseAcceptedRequests(raw: unknown): AccessRequest[] {
  const answer = v.safeParse(acceptedAnswer, raw);
  return answer.success ? parseEach(acceptedRequest, answer.output, 'accepted').items : [];
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
