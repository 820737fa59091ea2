import { createSlice } from '@reduxjs/toolkit';
import { propertyLoaded, propertyRefreshRequested } from './propertySlice';

export type PropertyStatus = 'not-loaded' | 'loading' | 'loaded';

/** How the property data's loading goes on this page: never persisted. */
export interface PropertyLoadState {
  status: PropertyStatus;
  error: boolean;
  /** A refresh was asked for since the current load started: one more load follows it. */
  refreshPending: boolean;
}

const initialState: PropertyLoadState = { status: 'not-loaded', error: false, refreshPending: false };

export const propertyLoadSlice = createSlice({
  name: 'propertyLoad',
  initialState,
  reducers: {
    propertyLoadStarted(state) {
      state.status = 'loading';
      state.refreshPending = false;
    },
    propertyLoadFailed(state) {
      state.error = true;
      if (state.status === 'loading') state.status = 'not-loaded';
    },
  },
  extraReducers: (builder) => {
    builder.addCase(propertyRefreshRequested, (state) => {
      state.refreshPending = true;
    });
    builder.addCase(propertyLoaded, (state) => {
      state.status = 'loaded';
      state.error = false;
    });
  },
  selectors: {
    selectPropertyStatus: (state) => state.status,
    selectPropertyError: (state) => state.error,
    selectPropertyRefreshPending: (state) => state.refreshPending,
  },
});

export const { propertyLoadStarted, propertyLoadFailed } = propertyLoadSlice.actions;
export const { selectPropertyStatus, selectPropertyError, selectPropertyRefreshPending } = propertyLoadSlice.selectors;

declare module '../../store/rootState' {
  interface RootState {
    propertyLoad: ReturnType<typeof propertyLoadSlice.reducer>;
  }
}
