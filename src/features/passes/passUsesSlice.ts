import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * How many entries this panel has let each pass with `uses` make, stored in
 * `localStorage` (read before any scan is judged; docs/stored-state.md, "The
 * passes' uses") so that no reload or property load gives them back. A pass
 * is forgotten once it has expired (plus the leeway): it can no longer open
 * anything.
 */
export interface PassUsesState {
  /** By pass id: entries made, and the pass's `exp` (epoch s). */
  taken: Record<string, { count: number; exp: number }>;
}

const initialState: PassUsesState = { taken: {} };

export const passUsesSlice = createSlice({
  name: 'passUses',
  initialState,
  reducers: {
    /** A pass with `uses` let someone in at `nowS` (epoch s); passes expired by then are dropped. */
    passUseCounted(state, { payload: { jti, exp, nowS, forgetAfterS } }: PayloadAction<{ jti: string; exp: number; nowS: number; forgetAfterS: number }>) {
      for (const [id, use] of Object.entries(state.taken)) if (use.exp + forgetAfterS < nowS) delete state.taken[id];
      state.taken[jti] = { count: (state.taken[jti]?.count ?? 0) + 1, exp };
    },
  },
  selectors: {
    selectPassUses: (state, jti: string) => state.taken[jti]?.count ?? 0,
  },
});

export const { passUseCounted } = passUsesSlice.actions;
export const { selectPassUses } = passUsesSlice.selectors;

declare module '../../store/rootState' {
  interface RootState {
    passUses: ReturnType<typeof passUsesSlice.reducer>;
  }
}
