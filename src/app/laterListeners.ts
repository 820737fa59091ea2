import { listenForAccessQueue } from '../features/access-queue/accessQueueListeners';
import { listenForCheckIn } from '../features/check-in/checkInListeners';
import { listenForDirectory } from '../features/directory/directoryListeners';
import { listenForMessages } from '../features/messages/messageListeners';
import { listenForPasses } from '../features/passes/passListeners';
import { listenForQrScan } from '../features/qr/qrListeners';
import { listenForRealtime } from '../features/realtime/realtimeListeners';
import { listenForRecentCalls } from '../features/recent-calls/recentCallsListeners';
import type { Listen } from './store';

/**
 * The workflows the first screen does not need, loaded after it (main.tsx,
 * persistedStore.ts) and registered before the database's parts join the
 * store and `appStarted`: the check-in, the queue's sender, the back end's
 * channel, the call counts, the messages, and what the lazy screens' actions
 * (directory, QR scan, passes) start. The property's loading and age are
 * not among them: a first start shows home once the property has loaded,
 * and the age keeps guests' codes from outliving their hours offline.
 */
export const LATER_LISTENERS: readonly Listen[] = [
  listenForCheckIn,
  listenForAccessQueue,
  listenForRealtime,
  listenForRecentCalls,
  listenForMessages,
  listenForDirectory,
  listenForQrScan,
  listenForPasses,
];
