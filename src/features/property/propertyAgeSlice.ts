import { createSlice } from '@reduxjs/toolkit';
import { propertyLoaded } from './propertySlice';

/**
 * When the property data last came from the back end, by the panel's clock:
 * guests' codes expire offline from it (docs/answers.md). A part of its own,
 * written at every load, so that the large property data is written only
 * when it changes.
 */
export interface PropertyAgeState {
  /** Epoch ms; null when unknown (data stored by a kiosk that did not keep it). */
  loadedAt: number | null;
}

const initialState: PropertyAgeState = { loadedAt: null };

export const propertyAgeSlice = createSlice({
  name: 'propertyAge',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(propertyLoaded, (state, { payload }) => {
      state.loadedAt = payload.at;
    });
  },
  selectors: {
    selectPropertyLoadedAt: (state) => state.loadedAt,
  },
});

export const { selectPropertyLoadedAt } = propertyAgeSlice.selectors;
