import { startTransition, useEffect, useState } from 'react';
import { isDirectoryBuilt, onDirectoryBuilt } from '../../features/directory/directoryAhead';
import { selectResidents } from '../../features/property/selectors';
import type { Resident } from '../../features/property/types';
import { useOnTop } from '../../hooks/screenLayers';
import { useAppSelector } from '../../store/hooks';

const NO_RESIDENTS: readonly Resident[] = [];

/**
 * The residents whose directory the button directory renders. Shown, the
 * current ones: a directory whose build in idle time has not ended is built
 * in the press. Rendered ahead (not on top), the last ones whose directory
 * was built, and none before: a property load or the stored data read back
 * does not build the new directory at once for a screen nobody sees (at
 * 50,000 residents a single task of over a second at 4x); the screen ahead
 * takes the new residents when their build in idle time ends, in a
 * transition, so React renders its pages in slices a key press can come
 * between (a key pressed then waited for the whole render, tens of
 * milliseconds at 4x, on the page a reload had just loaded). Selecting the
 * residents alone keeps the build out of the store's subscribers.
 */
export function useDirectoryResidents(): readonly Resident[] {
  const residents = useAppSelector(selectResidents);
  const shown = useOnTop();
  const [ahead, setAhead] = useState(() => (isDirectoryBuilt(residents) ? residents : NO_RESIDENTS));
  useEffect(() => {
    const take = () => {
      if (isDirectoryBuilt(residents)) startTransition(() => setAhead(residents));
    };
    take();
    return onDirectoryBuilt(take);
  }, [residents]);
  return shown ? residents : ahead;
}
