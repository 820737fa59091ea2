import fc from 'fast-check';
import { selectQueuedAccessRequests } from '../features/access-queue/accessQueueSlice';
import { selectCall } from '../features/call/callSlice';
import { selectIsOnline } from '../features/connectivity/connectivitySlice';
import { selectListRows, selectPagedRows } from '../features/directory/selectors';
import { selectCurrentNotification } from '../features/notifications/notificationsSlice';
import { selectTelnyxEnabled } from '../features/property/featureFlagsSlice';
import { selectPropertyData, selectTwimlToken } from '../features/property/propertySlice';
import { selectGateOpeningsInFlight } from '../features/gate/gateSlice';
import { selectHardwareSocket } from '../features/hardware/hardwareStatusSlice';
import { selectPropertyError, selectPropertyRefreshPending, selectPropertyStatus } from '../features/property/propertyLoadSlice';
import { selectDevice, selectPropertyMeta, selectRecordsAccessRequests, selectResidents, selectValidCodes } from '../features/property/selectors';
import { selectNextCallExpiry, selectRecentCallCount } from '../features/recent-calls/recentCallsSlice';
import * as diagnostics from '../features/diagnostics/diagnosticsSlice';
import { selectDeviceSettings } from '../features/session/deviceSettings';
import { selectModel, selectToken } from '../features/session/sessionSlice';
import { anyAnswer, junk } from '../testing/propertyArbitraries';
import type { RootState } from '../store/rootState';

/** Every selector the screens and listeners use, each called as they call it. */
const SELECTORS: Array<[string, (state: RootState) => unknown]> = [
  ['selectToken', selectToken],
  ['selectModel', selectModel],
  ['selectDeviceSettings', selectDeviceSettings],
  ['selectActiveFault', (state) => diagnostics.selectActiveFault(state, 'camera')],
  ['selectPropertyData', selectPropertyData],
  ['selectTwimlToken', selectTwimlToken],
  ['selectTelnyxEnabled', selectTelnyxEnabled],
  ['selectValidCodes', (state) => selectValidCodes(state).exact.has('10001')],
  ['selectDevice', selectDevice],
  ['selectPropertyMeta', selectPropertyMeta],
  ['selectResidents', (state) => selectResidents(state).length],
  ['selectRecordsAccessRequests', selectRecordsAccessRequests],
  ['selectPagedRows', (state) => selectPagedRows(state, 10).length],
  ['selectListRows', (state) => selectListRows(state).length],
  ['selectQueuedAccessRequests', (state) => selectQueuedAccessRequests(state).length],
  ['selectCurrentNotification', selectCurrentNotification],
  ['selectRecentCallCount', (state) => selectRecentCallCount(state, '101')],
  ['selectNextCallExpiry', selectNextCallExpiry],
  ['selectCall', selectCall],
  ['selectPropertyStatus', selectPropertyStatus],
  ['selectPropertyError', selectPropertyError],
  ['selectPropertyRefreshPending', selectPropertyRefreshPending],
  ['selectIsOnline', selectIsOnline],
  ['selectGateOpeningsInFlight', selectGateOpeningsInFlight],
  ['selectHardwareSocket', selectHardwareSocket],
  ...(['selectFaults', 'selectUnreportedFaults', 'selectLastPropertyLoad', 'selectPropertyFailingSince'] as const).map(
    (name) => [name, diagnostics[name] as (state: RootState) => unknown] as [string, (state: RootState) => unknown],
  ),
];

/** A slice that is an object (the reducers always give one) holding anything at all under its own keys and others. */
const sliceOf = (fields: Record<string, fc.Arbitrary<unknown>>) =>
  fc.oneof(fc.record(fields, { requiredKeys: [] }), fc.dictionary(fc.string(), junk, { maxKeys: 3 }));

const anyState = fc.record({
  session: sliceOf({ token: junk, model: fc.oneof(fc.constantFrom('GEN2', 'gen2', 'TOUCH', 'toString', '__proto__'), junk) }),
  property: sliceOf({ data: fc.oneof(anyAnswer, junk), twimlToken: junk }),
  featureFlags: sliceOf({ telnyx_enabled: junk }),
  accessQueue: sliceOf({ items: junk }),
  notifications: sliceOf({ items: fc.oneof(fc.array(junk, { maxLength: 3 }), junk) }),
  recentCalls: sliceOf({ expiries: fc.oneof(fc.dictionary(fc.string(), junk), junk) }),
  propertyLoad: sliceOf({ status: junk, error: junk }),
  connectivity: sliceOf({ isOnline: junk }),
  gate: sliceOf({ openingsInFlight: junk }),
  hardwareStatus: sliceOf({ socket: junk }),
  call: sliceOf({ phase: junk, callId: junk }),
  diagnostics: sliceOf({ faults: fc.oneof(fc.array(junk, { maxLength: 3 }), junk), lastPropertyLoad: junk, propertyFailingSince: junk }),
}) as fc.Arbitrary<unknown> as fc.Arbitrary<RootState>;

describe('selectors on state of any shape (property-based)', () => {
  it.each(SELECTORS)('%s never throws', (_name, selector) => {
    fc.assert(
      fc.property(anyState, (state) => {
        selector(state);
      }),
      { numRuns: 300 },
    );
  });

  it('read the model in any case, and an unknown one as DEFAULT', () => {
    const state = (model: unknown) => ({ session: { token: 'x', model } }) as unknown as RootState;
    expect(selectModel(state('gen2'))).toBe('GEN2');
    expect(selectModel(state('toString'))).toBe('DEFAULT');
    expect(selectModel(state(undefined))).toBe('DEFAULT');
  });
});
