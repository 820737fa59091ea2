import { useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useAppDispatch } from '../../store/hooks';
import { CancelButton } from '../../components/CancelButton';
import { Slots } from '../../components/CodeSlots';
import { lookupCodeMissed } from '../../features/directory/directoryActions';
import { clampPage, pageArrows, pagesToRender } from '../../features/directory/directoryRows';
import { lookupSlots, lookupStep } from '../../features/directory/lookupEntry';
import { pageShapeFor } from '../../features/directory/pageShape';
import { directoryFor, pagedRowsFor } from '../../features/directory/selectors';
import { useButtons } from '../../features/input/useButtons';
import { useDevice } from '../../features/session/useDevice';
import { useScreenStrings } from '../../features/session/useScreenStrings';
import { useElementSize } from '../../hooks/useElementSize';
import { isDigit } from '../../services/input/buttons';
import { useScreenLayers } from '../../hooks/screenLayers';
import { DirectorySheet } from './DirectorySheet';
import { useDirectoryResidents } from './useDirectoryResidents';
import { useDirectoryPage } from './useDirectoryPage';

interface Props {
  onCall: (residentId: number) => void;
  onCancel: () => void;
  /** The line saying whom a delivery is for is being picked; null for a plain directory. */
  purpose: ReactNode;
}

/**
 * Button panels: pages of two columns of 10 on landscape panels, one column of
 * as many rows as fit on portrait ones; UP/DOWN to page, 4-digit lookup codes.
 */
export function ButtonDirectory({ onCall, onCancel, purpose }: Props) {
  const dispatch = useAppDispatch();
  const residents = useDirectoryResidents();
  const directory = directoryFor(residents);
  const { ref, size } = useElementSize<HTMLDivElement>();
  const shape = pageShapeFor(size);
  const rows = pagedRowsFor(residents, shape.rowsPerColumn);
  const { labels, cancel } = useDevice();
  const ts = useScreenStrings();
  const [digits, setDigits] = useState('');
  const more = useRef<HTMLSpanElement>(null);
  const pages = useDirectoryPage({ pages: ref, more }, (n) => pageArrows(n, rows, shape));
  // A property reload can shorten the list under us, a rotated panel reshape it: stay on a page that exists.
  const page = clampPage(pages.page, rows, shape);
  const arrows = pageArrows(page, rows, shape);
  const turnBy = (step: number) => pages.turn(clampPage(clampPage(pages.current(), rows, shape) + step, rows, shape));
  const pagesStyle = { '--columns': shape.columns, '--rows-per-column': shape.rowsPerColumn } as CSSProperties;

  const layers = useScreenLayers();
  useButtons((button) => {
    if (layers.takeOverFirst()) return;
    if (button === 'UP') turnBy(-1);
    else if (button === 'DOWN') turnBy(1);
    else if (button === 'BACK') onCancel();
    else if (isDigit(button)) {
      const step = lookupStep(digits, button, directory);
      setDigits(step.kind === 'typing' ? step.digits : '');
      if (step.kind === 'matched') onCall(step.residentId);
      else if (step.kind === 'missed') dispatch(lookupCodeMissed(step.code));
    }
  });

  return (
    <>
      <header className="screen-header directory-header">
        <h1>{ts('directory.title')}</h1>
        {purpose}
        <p className="directory-prompt">{ts('directory.promptButtons')}</p>
        <Slots slots={lookupSlots(digits)} filled={digits.length} label={ts('directory.lookupCode')} className="code-slots lookup-slots" />
      </header>
      <div ref={ref} className="directory-pages" style={pagesStyle}>
        {pagesToRender(page, pages.settled, rows, shape).map((n) => (
          <DirectorySheet
            key={n}
            rows={rows}
            page={n}
            columns={shape.columns}
            rowsPerColumn={shape.rowsPerColumn}
            shown={n === page}
            inert={pages.settled !== null && n !== pages.settled}
            label={ts('directory.page', { number: n + 1 })}
            onCall={onCall}
          />
        ))}
      </div>
      {directory.entries.length === 0 && <p className="directory-empty">{ts('directory.empty')}</p>}
      <footer className="screen-footer">
        <CancelButton label={cancel} touch={false} onCancel={onCancel} />
        <span ref={more} className="directory-more">
          <span className="more-up" hidden={!arrows.up}>{ts('directory.more', { arrow: labels?.up ?? '' })}</span>
          <span className="more-down" hidden={!arrows.down}>{ts('directory.more', { arrow: labels?.down ?? '' })}</span>
        </span>
      </footer>
    </>
  );
}
