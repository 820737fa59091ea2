import type { CSSProperties } from 'react';
import type { DirectoryRow } from '../../features/directory/directoryRows';

interface Props {
  row: DirectoryRow;
  showLookupCode: boolean;
  onCall: (residentId: number) => void;
  style?: CSSProperties;
}

/** A group heading, a tappable resident, or an empty slot. */
export function DirectoryRowView({ row, showLookupCode, onCall, style }: Props) {
  if (row.kind === 'blank') return <div className="directory-row directory-blank" style={style} aria-hidden="true" />;
  if (row.kind === 'heading') {
    return (
      <h2 className={row.continued ? 'directory-row directory-heading continued' : 'directory-row directory-heading'} style={style}>
        {row.group}
      </h2>
    );
  }
  const { entry } = row;
  // The name's length lets CSS shrink a long name to fit its row instead of cutting it.
  const fit = { ...style, '--name-chars': Math.max(entry.name.length, 1) } as CSSProperties;
  return (
    <button type="button" className="directory-row directory-resident" style={fit} onClick={() => onCall(entry.id)}>
      {showLookupCode && <span className="lookup-code">{entry.lookupCode}</span>}{' '}
      <span className="resident-name">{entry.name}</span>
    </button>
  );
}
