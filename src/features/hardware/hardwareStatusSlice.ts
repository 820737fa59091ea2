import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { HardwareStatus } from '../../services/hardware/types';

/** The hardware socket as last heard of, and since when (epoch ms); 'connecting' until the first word. */
export type HardwareSocketState = { state: 'connecting'; since: null } | (HardwareStatus & { since: number });

/** The panel's hardware socket on this page: never persisted. */
export interface HardwareStatusState {
  socket: HardwareSocketState;
}

const initialState: HardwareStatusState = { socket: { state: 'connecting', since: null } };

export const hardwareStatusSlice = createSlice({
  name: 'hardwareStatus',
  initialState,
  reducers: {
    /** A change keeps its first time: a socket down for an hour says so, whatever the retries. */
    hardwareStatusChanged(state, { payload }: PayloadAction<{ status: HardwareStatus; at: number }>) {
      if (state.socket.state === payload.status.state) return;
      state.socket = { ...payload.status, since: payload.at };
    },
  },
  selectors: {
    selectHardwareSocket: (state) => state.socket,
  },
});

export const { hardwareStatusChanged } = hardwareStatusSlice.actions;
export const { selectHardwareSocket } = hardwareStatusSlice.selectors;

declare module '../../store/rootState' {
  interface RootState {
    hardwareStatus: ReturnType<typeof hardwareStatusSlice.reducer>;
  }
}
