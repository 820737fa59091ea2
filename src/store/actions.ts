import { createAction } from '@reduxjs/toolkit';

/** Starts every app-lifetime effect (polling, queue, channel, hardware). */
export const appStarted = createAction('app/started');
