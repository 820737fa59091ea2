import { useEffect } from 'react';
import { whenIdle } from '../../lib/afterFirstScreen';
import type { Resident } from '../property/types';

/**
 * Each property load's directory, sorted in idle time (directoryAhead.ts), so
 * the key that opens the directory only renders it. The sorting code is
 * fetched once the page is idle: the welcome screen does not need it. Without
 * it (a fetch that failed) the directory is built when it opens, as it is
 * when opened before the build ends.
 */
export function useDirectoryAhead(residents: readonly Resident[], enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return undefined;
    let stop: (() => void) | null = null;
    let ended = false;
    const cancel = whenIdle(
      () =>
        void import('./directoryAhead').then(
          ({ buildDirectoryAhead }) => {
            if (!ended) stop = buildDirectoryAhead(residents);
          },
          () => undefined,
        ),
    );
    return () => {
      ended = true;
      cancel();
      stop?.();
    };
  }, [residents, enabled]);
}
