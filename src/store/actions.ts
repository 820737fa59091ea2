import { createAction } from '@reduxjs/toolkit';

/** Starts every app-lifetime effect (polling, queue, channel, hardware). */
export const appStarted = createAction('app/started');

/** A part of the stored state could not be written (storage full): it is kept in memory (`held` records of it) and tried again. */
export const storedStateUnwritten = createAction<{ part: string; held: number; error: string; at: number }>('app/storedStateUnwritten');
/** What could not be written is stored again. */
export const storedStateWritten = createAction<{ at: number }>('app/storedStateWritten');

