import type { ElementSize } from '../../hooks/useElementSize';
import { BUTTON_PANEL_PAGE, type PageShape } from './directoryRows';

/** Two columns side by side need this much width (a lookup code and a long name each). */
const TWO_COLUMNS_MIN_REM = 36;
/** The least height a row needs to read comfortably, with room for a second line of a long name. */
const ROW_MIN_REM = 2.2;
/** Even a short page shows a heading and a few names. */
const MIN_ROWS = 4;

/**
 * The page that fits the directory's area: two columns of 10 (docs/rules.md#r2-5-4) where
 * two columns fit side by side (every landscape panel), otherwise one column
 * of as many rows as fit (portrait panels). Unmeasured: two columns of 10.
 */
export function pageShapeFor(size: ElementSize | null): PageShape {
  if (size === null || size.width >= TWO_COLUMNS_MIN_REM * size.rem) return BUTTON_PANEL_PAGE;
  return { columns: 1, rowsPerColumn: Math.max(MIN_ROWS, Math.floor(size.height / (ROW_MIN_REM * size.rem))) };
}
