import type { RootState } from '../../store/rootState';
import type { ClockReading } from '../../lib/elapsedClock';
import { selectPropertyAgeMs } from '../property/propertyAgeSlice';
import { selectStandingCodes, selectValidCodes } from '../property/selectors';
import { guestCodesExpired, type CodeSet } from '../property/validCodes';
import { selectDeviceSettings } from '../session/deviceSettings';

/**
 * The codes that open the gate now: every valid code while the property data
 * is fresh; only residents' and staff codes once the last good load is older
 * than the device's limit for guests (docs/answers.md), so a revoked guest's
 * code stops working on a panel whose uplink is cut.
 */
export function selectCodesThatOpen(state: RootState, reading: ClockReading): CodeSet {
  const expired = guestCodesExpired(selectPropertyAgeMs(state, reading), selectDeviceSettings(state).offlineGuestCodeHours);
  return expired ? selectStandingCodes(state) : selectValidCodes(state);
}
