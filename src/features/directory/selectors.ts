import { createSelector } from '@reduxjs/toolkit';
import { orFallback } from '../../store/selectorFallback';
import { selectResidents } from '../property/selectors';
import { directoryOf } from './directoryAhead';
import { buildDirectory } from './directoryModel';
import { listRows, pagedRows } from './directoryRows';
import { buildNameIndex } from './nameSearch';
import { headingRows } from './touchScroll';

/** Sorted and grouped once per property load (memoized on the residents array), not per render; built ahead in idle time (directoryAhead.ts). */
export const selectDirectory = createSelector([selectResidents], orFallback(directoryOf, buildDirectory([])));
/** Button models' rows (headings, residents, blanks) laid out for columns of `rowsPerColumn` rows. */
export const selectPagedRows = createSelector(
  [selectDirectory, (_state: unknown, rowsPerColumn: number) => rowsPerColumn],
  orFallback((directory, rowsPerColumn: number) => pagedRows(directory, rowsPerColumn), []),
);
/** The touch model's single scrolling list. */
export const selectListRows = createSelector([selectDirectory], orFallback(listRows, []));
/** Where each letter's heading is in the touch list: a letter jump is a lookup, not a scan of every row. */
export const selectHeadingRows = createSelector([selectListRows], orFallback(headingRows, new Map<string, number>()));
/** The touch directory's name search: built when a visitor first opens it, then once per property load. */
export const selectNameIndex = createSelector([selectDirectory], orFallback((directory) => buildNameIndex(directory.entries), buildNameIndex([])));
