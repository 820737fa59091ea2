import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PropertyVersion } from '../../services/api/apiClient';
import { isRecord } from '../../services/json';
import type { PropertyData } from './types';

export interface PropertyState {
  data: PropertyData | null;
  twimlToken: string | null;
  /** Which answer `data` is (stored with it): a later load asks the back end about it, so an unchanged answer is not parsed again. */
  version?: PropertyVersion | null;
}

/** A load's outcome: `same` when the answer held the data already held (the same object, nothing derived anew). */
export interface PropertyLoad {
  data: PropertyData;
  twimlToken: string | null;
  version?: PropertyVersion | null;
  same?: boolean;
}

const initialState: PropertyState = { data: null, twimlToken: null };

/** Property data the back end sent, stamped with the panel's clock when it arrived. */
export const propertyLoaded = createAction('property/loaded', (payload: PropertyLoad) => ({
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
    builder.addCase(propertyLoaded, (state, { payload }: PayloadAction<PropertyLoad>) => {
      // Frozen (parsePropertyResponse): Immer neither walks nor freezes 50,000 residents.
      state.data = payload.data;
      state.version = payload.version ?? null;
      // A response without a token keeps the one we had.
      if (payload.twimlToken) state.twimlToken = payload.twimlToken;
    });
  },
  selectors: {
    selectPropertyData: (state) => (isPropertyData(state.data) ? state.data : null),
    selectTwimlToken: (state) => state.twimlToken,
    selectPropertyVersion: (state) => (isPropertyData(state.data) ? (state.version ?? null) : null),
  },
});

export const { storedPropertyRead } = propertySlice.actions;
export const { selectPropertyData, selectTwimlToken, selectPropertyVersion } = propertySlice.selectors;

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
