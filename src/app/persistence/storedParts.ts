import { accessQueueStored } from '../../features/access-queue/accessQueueStored';
import { codeLockStored } from '../../features/code-lock/codeLockStored';
import { diagnosticsStored } from '../../features/diagnostics/diagnosticsStored';
import { notificationsStored } from '../../features/notifications/notificationsStored';
import { passUsesStored } from '../../features/passes/passUsesStored';
import { featureFlagsStored } from '../../features/property/featureFlagsStored';
import { propertyAgeStored } from '../../features/property/propertyAgeStored';
import { propertyCoreStored } from '../../features/property/propertyCoreStored';
import { propertyStored } from '../../features/property/propertyStored';
import { recentCallsStored } from '../../features/recent-calls/recentCallsStored';
import { sessionStored } from '../../features/session/sessionStored';
import type { LaterStoredPart, StoredPart } from '../../store/storedPart';
import type { RootState } from '../../store/rootState';
import type { TransientKey } from '../rootReducer';

/** The parts of the state kept across reloads: all but the transient ones. */
export type StoredKey = Exclude<keyof RootState, TransientKey>;

/**
 * Every stored part, each declared beside its slice, in the order they are
 * written: what must never be lost first, what the back end can send again
 * last. The type asks for every part, each under its own key.
 */
export const STORED_PARTS: { [K in StoredKey]: StoredPart<RootState[K], K> | LaterStoredPart<RootState[K], K> } = {
  [sessionStored.key]: sessionStored,
  [accessQueueStored.key]: accessQueueStored,
  [passUsesStored.key]: passUsesStored,
  [propertyCoreStored.key]: propertyCoreStored,
  [codeLockStored.key]: codeLockStored,
  [recentCallsStored.key]: recentCallsStored,
  [notificationsStored.key]: notificationsStored,
  [propertyAgeStored.key]: propertyAgeStored,
  [featureFlagsStored.key]: featureFlagsStored,
  [propertyStored.key]: propertyStored,
  [diagnosticsStored.key]: diagnosticsStored,
};

/** Parts the back end sends again at the next load: given up first when storage is full, the last written first. */
export const REFETCHABLE: readonly StoredKey[] = (Object.keys(STORED_PARTS) as StoredKey[]).filter((key) => STORED_PARTS[key].refetchable).reverse();
