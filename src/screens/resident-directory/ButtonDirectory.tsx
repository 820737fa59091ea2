import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { CancelButton } from '../../components/CancelButton';
import { lookupCodeMissed } from '../../features/directory/directoryActions';
import { clampPage, pageArrows, pageOf } from '../../features/directory/directoryRows';
import { lookupSlots, lookupStep } from '../../features/directory/lookupEntry';
import { selectDirectory, selectPagedRows } from '../../features/directory/selectors';
import { useButtons } from '../../features/input/useButtons';
import { useDevice } from '../../features/session/useDevice';
import { isDigit } from '../../services/input/buttons';
import { DirectoryRowView } from './DirectoryRowView';
import { DIRECTORY_TITLE } from './strings';

interface Props {
  onCall: (residentId: number) => void;
  onCancel: () => void;
}

/** Button panels: 20-row pages in two columns, UP/DOWN to page, 4-digit lookup codes. */
export function ButtonDirectory({ onCall, onCancel }: Props) {
  const dispatch = useAppDispatch();
  const directory = useAppSelector(selectDirectory);
  const rows = useAppSelector(selectPagedRows);
  const { labels, strings } = useDevice();
  const [requestedPage, setPage] = useState(0);
  const [digits, setDigits] = useState('');
  // A property reload can shorten the list under us: stay on a page that exists.
  const page = clampPage(requestedPage, rows);
  const arrows = pageArrows(page, rows);

  useButtons((button) => {
    if (button === 'UP') setPage(clampPage(page - 1, rows));
    else if (button === 'DOWN') setPage(clampPage(page + 1, rows));
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
        <h1>{DIRECTORY_TITLE}</h1>
        <p className="directory-prompt">{strings.callResidentPrompt}</p>
        <div className="code-slots lookup-slots" role="status" aria-label="Lookup code">
          {lookupSlots(digits).map((slot, index) => (
            <span key={index} className={slot === '-' ? 'slot slot-empty' : 'slot slot-filled'}>
              {slot}
            </span>
          ))}
        </div>
      </header>
      <div className="directory-page" aria-label={`Page ${page + 1}`}>
        {pageOf(rows, page).map((column, index) => (
          <div key={index} className="directory-column">
            {column.map((row, rowIndex) => (
              <DirectoryRowView key={rowIndex} row={row} showLookupCode onCall={onCall} />
            ))}
          </div>
        ))}
      </div>
      {directory.entries.length === 0 && <p className="directory-empty">No residents are listed.</p>}
      <footer className="screen-footer">
        <CancelButton onCancel={onCancel} />
        <span className="directory-more">
          {arrows.up && <span className="more-up">{labels?.up} for more</span>}
          {arrows.down && <span className="more-down">{labels?.down} for more</span>}
        </span>
      </footer>
    </>
  );
}
