import type { ReactNode } from 'react';
import { useAppSelector } from '../../store/hooks';
import { CancelButton } from '../../components/CancelButton';
import { ALPHABET, availableLetters } from '../../features/directory/directoryModel';
import { selectDirectory, selectHeadingRows } from '../../features/directory/selectors';
import { headingOffset, pageScrollDistance, TOUCH_ROW_REM } from '../../features/directory/touchScroll';
import { useDevice } from '../../features/session/useDevice';
import { useScreenStrings } from '../../features/session/useScreenStrings';
import { prompts } from '../../features/speech/prompts';
import { useSpokenPrompt } from '../../features/speech/useSpokenPrompt';
import { useVirtualScroll } from '../../hooks/useVirtualScroll';
import { DirectoryRowView } from './DirectoryRowView';
import { NameKeyboard } from './NameKeyboard';
import { useNameSearch } from './useNameSearch';

interface Props {
  onCall: (residentId: number) => void;
  onCancel: () => void;
  /** The line saying whom a delivery is for is being picked; null for a plain directory. */
  purpose: ReactNode;
}

/**
 * TOUCH: one scrolling column, A-Z jumps and page buttons; only the rows in view are rendered.
 * Search opens a keyboard beside the list (under it on portrait panels), and the letters typed take the A-Z bar's place.
 */
export function TouchDirectory({ onCall, onCancel, purpose }: Props) {
  const directory = useAppSelector(selectDirectory);
  const headings = useAppSelector(selectHeadingRows);
  const search = useNameSearch();
  const rows = search.rows;
  const ts = useScreenStrings();
  const { cancel, model } = useDevice();
  useSpokenPrompt(search.open ? prompts.directorySearch(model) : []);
  const letters = availableLetters(directory);
  const { ref, onScroll, scrollTo, atTop, atBottom, viewportHeight, rowHeight, range } = useVirtualScroll(rows.length, TOUCH_ROW_REM);
  const page = pageScrollDistance(viewportHeight, rowHeight);

  const jumpTo = (letter: string) => {
    const offset = headingOffset(headings, letter, rowHeight);
    if (offset !== null) scrollTo(offset);
  };
  // Each new list starts at its top.
  const thenToTop = (change: () => void) => {
    change();
    scrollTo(0);
  };

  return (
    <>
      <header className="screen-header directory-header">
        <h1>{ts('directory.title')}</h1>
        {purpose}
        <p className="directory-prompt">{ts('directory.promptTouch')}</p>
        {!search.open && directory.entries.length > 0 && (
          <button type="button" className="search-open" onClick={search.start}>
            {ts('directory.search')}
          </button>
        )}
        <CancelButton label={cancel} touch onCancel={onCancel} />
      </header>
      {search.open ? (
        <div className="name-search">
          <p className="search-typed" role="status" aria-label={ts('directory.typed')}>
            {search.query ? search.query.toUpperCase() : <span className="search-hint">{ts('directory.searchHint')}</span>}
          </p>
          <button type="button" className="search-clear" onClick={() => thenToTop(search.clear)}>
            <span aria-hidden="true">✕ </span>
            {ts('directory.clear')}
          </button>
        </div>
      ) : (
        <nav className="letter-bar" aria-label={ts('directory.letters')}>
          {ALPHABET.map((letter) => (
            <button key={letter} type="button" className="letter" disabled={!letters.has(letter)} onClick={() => jumpTo(letter)}>
              {letter}
            </button>
          ))}
        </nav>
      )}
      <div className={search.open ? 'directory-touch-body searching' : 'directory-touch-body'}>
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
        {search.open && (
          <NameKeyboard
            letters={search.letters}
            canErase={search.query !== ''}
            label={ts('directory.keyboard')}
            eraseLabel={ts('directory.erase')}
            onLetter={(letter) => thenToTop(() => search.type(letter))}
            onErase={() => thenToTop(search.erase)}
          />
        )}
      </div>
    </>
  );
}
