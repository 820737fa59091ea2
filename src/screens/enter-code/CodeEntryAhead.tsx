import { useEffect, useState, type RefObject } from 'react';
import { afterNextFrame, whenIdle } from '../../lib/afterFirstScreen';
import { enteredDigits } from './codeEntry';
import { CodeEntryView } from './CodeEntryView';

/** Set once code entry has been painted ahead on this page: the browser keeps what it rasterised. */
let painted = false;
const ignore = () => undefined;
const ONE_DIGIT = enteredDigits('0');

/**
 * Code entry with one digit typed (shown masked, whichever it is), rendered
 * with home once the page is idle after its first screen: inert and hidden
 * from assistive technology. Once a page it is painted for one frame under
 * home, all in the background's colour (styles.css), so that its text is
 * rasterised where code entry goes; then it is kept over home as a layer of
 * its own, transparent, which home's first digit makes opaque
 * (useCodeEntryAtOnce): that key press changes one class, and renders no
 * screen (bench/README.md, first press).
 */
export function CodeEntryAhead({ view }: { view: RefObject<HTMLDivElement | null> }) {
  const [phase, setPhase] = useState<'waiting' | 'painting' | 'kept'>('waiting');
  useEffect(() => {
    if (phase === 'painting') return afterNextFrame(() => setPhase('kept'));
    if (phase !== 'waiting') return undefined;
    return whenIdle(() => {
      setPhase(painted ? 'kept' : 'painting');
      painted = true;
    });
  }, [phase]);
  return phase === 'waiting' ? null : (
    // `view` only once kept: the one frame painted in the background's colour is not for showing.
    <div ref={phase === 'kept' ? view : null} className={phase === 'kept' ? 'code-entry-ahead code-entry-kept' : 'code-entry-ahead'} aria-hidden="true" inert>
      <CodeEntryView digits={ONE_DIGIT} lockSeconds={0} onDigit={ignore} onCancel={ignore} />
    </div>
  );
}
