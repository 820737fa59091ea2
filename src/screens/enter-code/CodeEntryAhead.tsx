import { useEffect, useState } from 'react';
import { afterNextFrame, whenIdle } from '../../lib/afterFirstScreen';
import { CodeEntryView } from './CodeEntryView';

/** Set once code entry has been drawn ahead on this page: the browser keeps what it rasterised. */
let drawn = false;
const ignore = () => undefined;

/**
 * Code entry drawn for one frame under home, all in the background's colour
 * (styles.css), once a page, when the page is idle after its first screen:
 * out of sight, inert and hidden from assistive technology. The first digit on a fresh page opens
 * code entry, and its frame then finds that text already rasterised in place
 * (bench/README.md, first press).
 */
export function CodeEntryAhead() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (drawn) return undefined;
    return whenIdle(() => {
      drawn = true;
      setShown(true);
    });
  }, []);
  useEffect(() => (shown ? afterNextFrame(() => setShown(false)) : undefined), [shown]);
  return shown ? (
    <div className="code-entry-ahead" aria-hidden="true" inert>
      <CodeEntryView digits="" lockSeconds={0} onDigit={ignore} onCancel={ignore} />
    </div>
  ) : null;
}
