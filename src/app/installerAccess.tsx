import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from '../hooks/pageAddress';
import { useButtons } from '../features/input/useButtons';
import { useButtonSequence } from '../features/input/useButtonSequence';
import { useIdleTimeout } from '../features/input/useIdleTimeout';
import type { Button } from '../services/input/buttons';
import { lazyScreen } from './lazyScreen';

/**
 * Opens the installer screen: started on home, harmless there and on the
 * directory it may open (UP and DOWN only page), and too quick for a visitor.
 */
export const INSTALLER_SEQUENCE: readonly Button[] = ['UP', 'DOWN', 'UP', 'DOWN', 'UP', 'DOWN'];
export const INSTALLER_SEQUENCE_MS = 3000;
/** The installer screen closes after this long without input. */
export const INSTALLER_IDLE_MS = 60000;

export const InstallerScreen = lazyScreen('installer', () =>
  import('../screens/installer/InstallerScreen').then((module) => module.InstallerScreen),
);

/** The kiosk's screens, or the installer screen over them once the button sequence is pressed on home. */
export function InstallerAccess({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();
  useButtonSequence(
    INSTALLER_SEQUENCE,
    INSTALLER_SEQUENCE_MS,
    () => {
      // Whatever the presses opened is left; closing the installer screen shows home.
      navigate('/', { replace: true });
      setOpen(true);
    },
    { enabled: !open, canStart: () => location.pathname === '/' },
  );
  if (!open) return children;
  return <InstallerOverlay onLeave={() => setOpen(false)} />;
}

function InstallerOverlay({ onLeave }: { onLeave: () => void }) {
  useIdleTimeout(onLeave, INSTALLER_IDLE_MS);
  useButtons((button) => {
    if (button === 'BACK') onLeave();
  });
  return <InstallerScreen />;
}
