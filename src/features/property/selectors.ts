import { createSelector } from '@reduxjs/toolkit';
import { orFallback } from '../../store/selectorFallback';
import { selectPropertyData } from './propertySlice';
import { deriveStandingCodes, deriveValidCodes } from './validCodes';

const EMPTY = new Set<string>();

/** Derived once per property load (memoized on the data object). */
export const selectValidCodes = createSelector([selectPropertyData], orFallback((data) => (data ? deriveValidCodes(data) : EMPTY), EMPTY));
/** Residents' and staff codes only: what opens the gate once guests' codes have expired offline. */
export const selectStandingCodes = createSelector([selectPropertyData], orFallback((data) => (data ? deriveStandingCodes(data) : EMPTY), EMPTY));

export const selectDevice = createSelector([selectPropertyData], (data) => data?.device ?? null);
export const selectPropertyMeta = createSelector([selectPropertyData], (data) => data?.property ?? null);
export const selectResidents = createSelector([selectPropertyData], (data) => data?.residents ?? []);

/** Access requests are recorded only with loaded data and no clubhouse panel. */
export const selectRecordsAccessRequests = createSelector(
  [selectPropertyData],
  (data) => data !== null && (data.property.clubhouse_panel_id ?? null) === null,
);
