import { createAction } from '@reduxjs/toolkit';
import type { AccessRequest } from '../services/api/apiClient';
import type { PropertyState } from '../features/property/propertySlice';
import type { PropertyCoreState } from '../features/property/propertyCoreSlice';

/** Starts every app-lifetime effect (polling, queue, channel, hardware). */
export const appStarted = createAction('app/started');

/** A part of the stored state could not be written (storage full): it is kept in memory (`held` records of it) and tried again. */
export const storedStateUnwritten = createAction<{ part: string; held: number; error: string; at: number }>('app/storedStateUnwritten');
/** What could not be written is stored again. */
export const storedStateWritten = createAction<{ at: number }>('app/storedStateWritten');

/**
 * The parts the database holds, read after the first screen rendered
 * (app/persistence/persistedStore.ts): the queue as it is to be kept, and the
 * property data and core when the stored ones take the place of those the
 * page started with. A part left out stays as it is.
 */
export const storedPartsRead = createAction<{ accessQueue: readonly AccessRequest[]; property?: PropertyState; propertyCore?: PropertyCoreState }>('app/storedPartsRead');
