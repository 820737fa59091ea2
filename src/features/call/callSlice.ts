import { createSlice, isAnyOf } from '@reduxjs/toolkit';
import { CALL_EVENTS } from './callEvents';
import { idleCall, transition, type CallState } from './callMachine';

/** The call on screen; transient (a reload ends any call). */
export const callSlice = createSlice({
  name: 'call',
  initialState: idleCall as CallState,
  reducers: {},
  extraReducers: (builder) => {
    builder.addMatcher(isAnyOf(...CALL_EVENTS), transition);
  },
  selectors: {
    selectCall: (state) => state,
  },
});

export const { selectCall } = callSlice.selectors;

declare module '../../store/rootState' {
  interface RootState {
    call: ReturnType<typeof callSlice.reducer>;
  }
}
