import { createAction } from '@reduxjs/toolkit';

/** A visitor typed a complete lookup code that names no listed resident. */
export const lookupCodeMissed = createAction<string>('directory/lookupCodeMissed');
