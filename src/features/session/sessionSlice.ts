import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { launchModel, type LaunchParams } from './launchParams';
import { parseModel, type PanelModel } from './models';

export interface SessionState {
  token: string | null;
  model: PanelModel;
}

const initialState: SessionState = { token: null, model: 'DEFAULT' };

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    /** The query string wins over storage; a missing model keeps the stored one. */
    launchParamsRead(state, { payload }: PayloadAction<LaunchParams>) {
      if (payload.token) state.token = payload.token;
      state.model = launchModel(payload, state.model);
    },
  },
  selectors: {
    selectToken: (state) => (typeof state.token === 'string' && state.token !== '' ? state.token : null),
    // Read as the query string is, so that no model the screens do not know can reach them.
    selectModel: (state): PanelModel => parseModel(state.model) ?? 'DEFAULT',
  },
});

export const { launchParamsRead } = sessionSlice.actions;
export const { selectToken, selectModel } = sessionSlice.selectors;

declare module '../../store/rootState' {
  interface RootState {
    session: ReturnType<typeof sessionSlice.reducer>;
  }
}
