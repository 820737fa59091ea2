import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../store/rootState';
import { orFallback } from '../../store/selectorFallback';
import { selectPropertyData } from './propertySlice';
import { codeSetOf } from './validCodes';

const NO_CODES = codeSetOf();
const selectStanding = (state: RootState) => state.propertyCore?.standing;
const selectGuests = (state: RootState) => state.propertyCore?.guests;

/** Every valid code of the last good load, normalised for both comparisons once per load. */
export const selectValidCodes = createSelector(
  [selectStanding, selectGuests],
  orFallback((standing, guests) => codeSetOf(standing ?? [], guests ?? []), NO_CODES),
);
/** Residents' and staff codes only: what opens the gate once guests' codes have expired offline. */
export const selectStandingCodes = createSelector([selectStanding], orFallback((standing) => codeSetOf(standing ?? []), NO_CODES));

export const selectDevice = createSelector([selectPropertyData], (data) => data?.device ?? null);
export const selectPropertyMeta = createSelector([selectPropertyData], (data) => data?.property ?? null);
export const selectResidents = createSelector([selectPropertyData], (data) => data?.residents ?? []);

/** Access requests are recorded only with loaded data and no clubhouse panel. */
export const selectRecordsAccessRequests = createSelector(
  [selectPropertyData],
  (data) => data !== null && (data.property.clubhouse_panel_id ?? null) === null,
);
