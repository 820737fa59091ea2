import { FULL_CAPABILITIES, type Capabilities } from '../../lib/capabilities';
import { createTestServices } from '../../testing/fakeServices';
import { rawProperty } from '../../testing/fixtures';
import { storeWithProperty } from '../../testing/renderKiosk';
import { callConnected, callCreated, callEnded, callRequested, type CallEndReason } from './callEvents';
import { offersMessage } from './messageOffer';

const callId = 'a';

/** A store whose device record has `visitor_messages` as given (absent when undefined), after a call with these events. */
function ended({ field, reason = 'timeout', created = true, answered = false }: { field?: unknown; reason?: CallEndReason; created?: boolean; answered?: boolean }) {
  const property = rawProperty();
  const device = field === undefined ? property.device : { ...property.device, visitor_messages: field };
  const store = storeWithProperty(createTestServices(), 'GEN2', { ...property, device });
  store.dispatch(callRequested({ callId, target: { kind: 'resident', residentId: '11' } }));
  if (created) store.dispatch(callCreated({ callId, serverCallId: 'call-1' }));
  if (answered) store.dispatch(callConnected({ callId }));
  store.dispatch(callEnded({ callId, reason }));
  store.dispose();
  return store.getState();
}

describe('the message offer after a call nobody answered', () => {
  it.each([true, 1, '1', 'true'])('is made when the device record says visitor_messages: %j', (field) => {
    expect(offersMessage(ended({ field }), FULL_CAPABILITIES)).toBe(true);
  });

  it.each([undefined, null, false, 0, '0', 'yes', []])('is not made when visitor_messages is %j (absent: off)', (field) => {
    expect(offersMessage(ended({ field }), FULL_CAPABILITIES)).toBe(false);
  });

  it.each<[string, Partial<Capabilities>]>([
    ['MediaRecorder', { mediaRecorder: false }],
    ['a camera API', { camera: false }],
    ['IndexedDB, where the message is kept', { indexedDb: false }],
  ])('is not made on an engine without %s', (_what, missing) => {
    expect(offersMessage(ended({ field: true }), { ...FULL_CAPABILITIES, ...missing })).toBe(false);
  });

  it('is made only for a call nobody answered that the back end gave an id', () => {
    expect(offersMessage(ended({ field: true, reason: 'not-rung' }), FULL_CAPABILITIES)).toBe(true);
    expect(offersMessage(ended({ field: true, created: false }), FULL_CAPABILITIES)).toBe(false);
    expect(offersMessage(ended({ field: true, answered: true }), FULL_CAPABILITIES)).toBe(false);
    for (const reason of ['denied', 'hung-up', 'cancelled', 'error', 'peer-lost'] as const) {
      expect(offersMessage(ended({ field: true, reason }), FULL_CAPABILITIES), reason).toBe(false);
    }
  });
});
