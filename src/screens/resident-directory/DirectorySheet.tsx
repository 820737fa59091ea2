import { memo, useMemo } from 'react';
import { pageOf, type DirectoryRow } from '../../features/directory/directoryRows';
import { DirectoryRowView } from './DirectoryRowView';

interface Props {
  rows: readonly DirectoryRow[];
  page: number;
  columns: number;
  rowsPerColumn: number;
  /** The page the visitor sees; the others are rendered ahead, hidden from sight and screen readers. */
  shown: boolean;
  /**
   * Out of reach of focus and touch: every page but the one settled on. It
   * follows the turn a frame late, as the subtree's restyle would slow the turn.
   */
  inert: boolean;
  label: string;
  onCall: (residentId: number) => void;
}

/** One page of a button model's directory, in columns. */
export const DirectorySheet = memo(function DirectorySheet({ rows, page, columns, rowsPerColumn, shown, inert, label, onCall }: Props) {
  // Showing or hiding the page re-renders only the sheet, not its rows.
  const content = useMemo(
    () =>
      pageOf(rows, page, { columns, rowsPerColumn }).map((column, index) => (
        <div key={index} className="directory-column">
          {column.map((row, rowIndex) => (
            <DirectoryRowView key={rowIndex} row={row} showLookupCode onCall={onCall} />
          ))}
        </div>
      )),
    [rows, page, columns, rowsPerColumn, onCall],
  );
  return (
    <div
      data-page={page}
      className={shown ? 'directory-sheet directory-page' : 'directory-sheet directory-ahead'}
      aria-label={shown ? label : undefined}
      aria-hidden={shown ? undefined : true}
      inert={inert}
    >
      {content}
    </div>
  );
});
