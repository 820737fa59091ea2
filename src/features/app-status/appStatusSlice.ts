import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { propertyLoaded, propertyRefreshRequested } from '../property/propertySlice';

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
}

const initialState: AppStatusState = {
  propertyStatus: 'not-loaded',
  propertyError: false,
  propertyRefreshPending: false,
  isOnline: true,
  sendingAccessRequests: false,
  gateOpeningsInFlight: 0,
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
  },
});

export const {
  propertyLoadStarted,
  propertyLoadFailed,
  onlineChanged,
  accessRequestsSendingChanged,
  gateOpeningStarted,
  gateOpeningEnded,
} = appStatusSlice.actions;
export const {
  selectPropertyStatus,
  selectPropertyError,
  selectPropertyRefreshPending,
  selectIsOnline,
  selectSendingAccessRequests,
  selectGateOpeningsInFlight,
} = appStatusSlice.selectors;
