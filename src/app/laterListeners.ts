import { listenForAccessQueue } from '../features/access-queue/accessQueueListeners';
import { listenForCheckIn } from '../features/check-in/checkInListeners';
import { listenForDirectory } from '../features/directory/directoryListeners';
import { listenForMessages } from '../features/messages/messageListeners';
import { listenForPasses } from '../features/passes/passListeners';
import { listenForPropertyAge } from '../features/property/propertyAgeListeners';
import { listenForPropertyPolling } from '../features/property/propertyListeners';
import { listenForQrScan } from '../features/qr/qrListeners';
import { listenForRealtime } from '../features/realtime/realtimeListeners';
import { listenForRecentCalls } from '../features/recent-calls/recentCallsListeners';
import type { Listen } from './store';

/**
 * The workflows the first screen does not need, loaded after it (main.tsx,
 * persistedStore.ts) and registered before the database's parts join the
 * store and `appStarted`: the property's loading and age, the check-in, the
 * queue's sender, the back end's channel, the call counts, the messages, and
 * what the lazy screens' actions (directory, QR scan, passes) start.
 */
export const LATER_LISTENERS: readonly Listen[] = [
  listenForPropertyPolling,
  listenForPropertyAge,
  listenForCheckIn,
  listenForAccessQueue,
  listenForRealtime,
  listenForRecentCalls,
  listenForMessages,
  listenForDirectory,
  listenForQrScan,
  listenForPasses,
];
