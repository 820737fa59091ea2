import { useAppSelector } from '../../store/hooks';
import { CancelButton } from '../../components/CancelButton';
import { ALPHABET, availableLetters } from '../../features/directory/directoryModel';
import { selectDirectory, selectHeadingRows, selectListRows } from '../../features/directory/selectors';
import { headingOffset, pageScrollDistance, TOUCH_ROW_REM } from '../../features/directory/touchScroll';
import { useDevice } from '../../features/session/useDevice';
import { useScreenStrings } from '../../features/session/useScreenStrings';
import { useVirtualScroll } from '../../hooks/useVirtualScroll';
import { DirectoryRowView } from './DirectoryRowView';

interface Props {
  onCall: (residentId: number) => void;
  onCancel: () => void;
}

/** TOUCH: one scrolling column, A-Z jumps and page buttons; only the rows in view are rendered. */
export function TouchDirectory({ onCall, onCancel }: Props) {
  const directory = useAppSelector(selectDirectory);
  const rows = useAppSelector(selectListRows);
  const headings = useAppSelector(selectHeadingRows);
  const ts = useScreenStrings();
  const { cancel } = useDevice();
  const letters = availableLetters(directory);
  const { ref, onScroll, scrollTo, atTop, atBottom, viewportHeight, rowHeight, range } = useVirtualScroll(rows.length, TOUCH_ROW_REM);
  const page = pageScrollDistance(viewportHeight, rowHeight);

  const jumpTo = (letter: string) => {
    const offset = headingOffset(headings, letter, rowHeight);
    if (offset !== null) scrollTo(offset);
  };

  return (
    <>
      <header className="screen-header directory-header">
        <h1>{ts('directory.title')}</h1>
        <p className="directory-prompt">{ts('directory.promptTouch')}</p>
        <CancelButton label={cancel} touch onCancel={onCancel} />
      </header>
      <nav className="letter-bar" aria-label={ts('directory.letters')}>
        {ALPHABET.map((letter) => (
          <button key={letter} type="button" className="letter" disabled={!letters.has(letter)} onClick={() => jumpTo(letter)}>
            {letter}
          </button>
        ))}
      </nav>
      <div className="directory-touch-body">
        <div className="directory-scroll" ref={ref} onScroll={onScroll} data-testid="directory-list">
          <div className="directory-scroll-content" style={{ height: rows.length * rowHeight }}>
            {rows.slice(range.first, range.end).map((row, offset) => {
              const index = range.first + offset;
              const key = row.kind === 'resident' ? `r${row.entry.id}` : `h${index}`;
              const style = { top: index * rowHeight, height: rowHeight };
              return <DirectoryRowView key={key} row={row} showLookupCode={false} onCall={onCall} style={style} />;
            })}
          </div>
          {rows.length === 0 && <p className="directory-empty">{ts('directory.empty')}</p>}
        </div>
        <div className="page-buttons">
          <button type="button" className="page-button" aria-label={ts('directory.pageUp')} disabled={atTop} onClick={() => scrollTo({ by: -page })}>
            ▲
          </button>
          <button
            type="button"
            className="page-button"
            aria-label={ts('directory.pageDown')}
            disabled={atBottom}
            onClick={() => scrollTo({ by: page })}
          >
            ▼
          </button>
        </div>
      </div>
    </>
  );
}
