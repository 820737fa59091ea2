import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { isRecord } from '../../services/json';
import type { PropertyData } from './types';

export interface PropertyState {
  data: PropertyData | null;
  twimlToken: string | null;
}

const initialState: PropertyState = { data: null, twimlToken: null };

/** Property data the back end sent, stamped with the panel's clock when it arrived. */
export const propertyLoaded = createAction('property/loaded', (payload: { data: PropertyData; twimlToken: string | null }) => ({
  payload: { ...payload, at: Date.now() },
}));
/** Reload property data now: a `property-updated` event, or the channel subscribed again after an outage (events may have been missed). */
export const propertyRefreshRequested = createAction('property/refreshRequested');

export const propertySlice = createSlice({
  name: 'property',
  initialState,
  reducers: {
    /** The property data as the database holds it, read after the first screen rendered, taking the place of what the page started with. */
    storedPropertyRead: (_state, { payload }: PayloadAction<PropertyState>) => payload,
  },
  extraReducers: (builder) => {
    builder.addCase(propertyLoaded, (state, { payload }: PayloadAction<{ data: PropertyData; twimlToken: string | null }>) => {
      state.data = payload.data;
      // A response without a token keeps the one we had.
      if (payload.twimlToken) state.twimlToken = payload.twimlToken;
    });
  },
  selectors: {
    selectPropertyData: (state) => (isPropertyData(state.data) ? state.data : null),
    selectTwimlToken: (state) => state.twimlToken,
  },
});

export const { storedPropertyRead } = propertySlice.actions;
export const { selectPropertyData, selectTwimlToken } = propertySlice.selectors;

/** The outline of parsed property data; what is inside each list is guarded where it is used. */
function isPropertyData(data: unknown): data is PropertyData {
  if (!isRecord(data) || !isRecord(data.property) || !isRecord(data.device)) return false;
  return ['residents', 'property_staff', 'property_guests', 'unitGuests'].every((key) => Array.isArray(data[key]));
}

declare module '../../store/rootState' {
  interface RootState {
    property: ReturnType<typeof propertySlice.reducer>;
  }
}
