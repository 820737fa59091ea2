import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { HardwareStatus } from '../../services/hardware/types';
import { propertyLoaded, propertyRefreshRequested } from '../property/propertySlice';

/** The hardware socket as last heard of, and since when (epoch ms); 'connecting' until the first word. */
export type HardwareSocketState = { state: 'connecting'; since: null } | (HardwareStatus & { since: number });

export type PropertyStatus = 'not-loaded' | 'loading' | 'loaded';

/** Transient state of this page's life: never persisted. */
export interface AppStatusState {
  propertyStatus: PropertyStatus;
  propertyError: boolean;
  /** A refresh was asked for since the current load started: one more load follows it. */
  propertyRefreshPending: boolean;
  isOnline: boolean;
  sendingAccessRequests: boolean;
  gateOpeningsInFlight: number;
  hardwareSocket: HardwareSocketState;
}

const initialState: AppStatusState = {
  propertyStatus: 'not-loaded',
  propertyError: false,
  propertyRefreshPending: false,
  isOnline: true,
  sendingAccessRequests: false,
  gateOpeningsInFlight: 0,
  hardwareSocket: { state: 'connecting', since: null },
};

export const appStatusSlice = createSlice({
  name: 'app',
  initialState,
  reducers: {
    propertyLoadStarted(state) {
      state.propertyStatus = 'loading';
      state.propertyRefreshPending = false;
    },
    propertyLoadFailed(state) {
      state.propertyError = true;
      if (state.propertyStatus === 'loading') state.propertyStatus = 'not-loaded';
    },
    onlineChanged(state, { payload }: PayloadAction<boolean>) {
      state.isOnline = payload;
    },
    accessRequestsSendingChanged(state, { payload }: PayloadAction<boolean>) {
      state.sendingAccessRequests = payload;
    },
    gateOpeningStarted(state) {
      state.gateOpeningsInFlight += 1;
    },
    gateOpeningEnded(state) {
      state.gateOpeningsInFlight = Math.max(0, state.gateOpeningsInFlight - 1);
    },
    /** A change keeps its first time: a socket down for an hour says so, whatever the retries. */
    hardwareStatusChanged(state, { payload }: PayloadAction<{ status: HardwareStatus; at: number }>) {
      if (state.hardwareSocket.state === payload.status.state) return;
      state.hardwareSocket = { ...payload.status, since: payload.at };
    },
  },
  extraReducers: (builder) => {
    builder.addCase(propertyRefreshRequested, (state) => {
      state.propertyRefreshPending = true;
    });
    builder.addCase(propertyLoaded, (state) => {
      state.propertyStatus = 'loaded';
      state.propertyError = false;
    });
  },
  selectors: {
    selectPropertyStatus: (state) => state.propertyStatus,
    selectPropertyError: (state) => state.propertyError,
    selectPropertyRefreshPending: (state) => state.propertyRefreshPending,
    selectIsOnline: (state) => state.isOnline,
    selectSendingAccessRequests: (state) => state.sendingAccessRequests,
    selectGateOpeningsInFlight: (state) => state.gateOpeningsInFlight,
    selectHardwareSocket: (state) => state.hardwareSocket,
  },
});

export const {
  propertyLoadStarted,
  propertyLoadFailed,
  onlineChanged,
  accessRequestsSendingChanged,
  gateOpeningStarted,
  gateOpeningEnded,
  hardwareStatusChanged,
} = appStatusSlice.actions;
export const {
  selectPropertyStatus,
  selectPropertyError,
  selectPropertyRefreshPending,
  selectIsOnline,
  selectSendingAccessRequests,
  selectGateOpeningsInFlight,
  selectHardwareSocket,
} = appStatusSlice.selectors;
