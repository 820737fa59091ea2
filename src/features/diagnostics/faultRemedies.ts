import type { InstallerKey } from '../../strings/installerStrings';
import type { FaultKind } from './diagnosticsSlice';

/** What an installer should do about a fault whose cause the kiosk knows: the installer screen and the fault's log line say it. */
export const FAULT_REMEDIES: Partial<Record<FaultKind, InstallerKey>> = {
  'local-network-access': 'remedy.local-network-access',
  storage: 'remedy.storage',
};
