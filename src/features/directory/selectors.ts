import { createSelector, weakMapMemoize } from '@reduxjs/toolkit';
import { orFallback } from '../../store/selectorFallback';
import { selectResidents } from '../property/selectors';
import type { Resident } from '../property/types';
import { directoryOf } from './directoryAhead';
import { buildDirectory } from './directoryModel';
import { listRows, pagedRows } from './directoryRows';
import { buildNameIndex } from './nameSearch';
import { headingRows } from './touchScroll';

/** A residents array's directory, sorted and grouped once per property load, not per render; built ahead in idle time (directoryAhead.ts). */
export const directoryFor = weakMapMemoize(orFallback(directoryOf, buildDirectory([])));
export const selectDirectory = createSelector([selectResidents], directoryFor);
/** Button models' rows (headings, residents, blanks) of a residents array's directory, laid out for columns of `rowsPerColumn` rows. */
export const pagedRowsFor = weakMapMemoize((residents: readonly Resident[], rowsPerColumn: number) =>
  orFallback(pagedRows, [])(directoryFor(residents), rowsPerColumn),
);
export const selectPagedRows = createSelector([selectResidents, (_state: unknown, rowsPerColumn: number) => rowsPerColumn], pagedRowsFor);
/** The touch model's single scrolling list. */
export const selectListRows = createSelector([selectDirectory], orFallback(listRows, []));
/** Where each letter's heading is in the touch list: a letter jump is a lookup, not a scan of every row. */
export const selectHeadingRows = createSelector([selectListRows], orFallback(headingRows, new Map<string, number>()));
/** The touch directory's name search: built when a visitor first opens it, then once per property load. */
export const selectNameIndex = createSelector([selectDirectory], orFallback((directory) => buildNameIndex(directory.entries), buildNameIndex([])));
