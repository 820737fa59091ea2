import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Whether the browser says it is online: never persisted. */
export interface ConnectivityState {
  isOnline: boolean;
}

const initialState: ConnectivityState = { isOnline: true };

export const connectivitySlice = createSlice({
  name: 'connectivity',
  initialState,
  reducers: {
    onlineChanged(state, { payload }: PayloadAction<boolean>) {
      state.isOnline = payload;
    },
  },
  selectors: {
    selectIsOnline: (state) => state.isOnline,
  },
});

export const { onlineChanged } = connectivitySlice.actions;
export const { selectIsOnline } = connectivitySlice.selectors;

declare module '../../store/rootState' {
  interface RootState {
    connectivity: ReturnType<typeof connectivitySlice.reducer>;
  }
}
