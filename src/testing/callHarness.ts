import { vi } from 'vitest';
import type { RootState } from '../store/rootState';
import { callEnding, callRequested, type CallTargetRef } from '../features/call/callEvents';
import { selectCall } from '../features/call/callSlice';
import type { Notification } from '../features/notifications/notificationsSlice';
import { featureFlagsLoaded } from '../features/property/featureFlagsSlice';
import { createTestServices } from './fakeServices';
import { requestsTo } from './apiServer';
import { rawProperty } from './fixtures';
import { storeWithProperty } from './renderKiosk';

// The engine loads on the first call (a dynamic import); loaded here, it is in the module cache before any test's clock starts.
await import('../features/call/runCall');

/** The fixture's only resident (rawProperty): video allowed, code 10001. */
export const RESIDENT: CallTargetRef = { kind: 'resident', residentId: '11' };
export const MANAGER: CallTargetRef = { kind: 'manager' };
export const CHANNEL = 'private-telephone-entry-property-1';
/** docs/rules.md#r9-3-5: 2 s of camera warm-up before the snapshot and the call's creation. */
export const WARM_UP_MS = 2000;

/**
 * A store with the fixture's property and fake call services, for driving
 * one call: `request` starts it, `emit` plays the channel, `sent` reads what
 * the kiosk sent on it.
 */
export function callStore({
  property = rawProperty(),
  telnyx = false,
  preloaded = {},
}: { property?: ReturnType<typeof rawProperty>; telnyx?: boolean; preloaded?: Partial<RootState> } = {}) {
  const services = createTestServices();
  const store = storeWithProperty(services, 'GEN2', property, preloaded);
  if (telnyx) store.dispatch(featureFlagsLoaded({ telnyx_enabled: true }));
  onTestFinished(() => store.dispose());
  const fake = services.call;
  return {
    store,
    services,
    fake,
    request: (target: CallTargetRef = RESIDENT, callId = 'c1', delivery = false) => store.dispatch(callRequested({ callId, target, delivery })),
    cancel: (callId = 'c1') => store.dispatch(callEnding({ callId })),
    emit: (event: string, data: unknown) => services.realtime.emit(CHANNEL, event, data),
    /** Payloads of the client events the kiosk sent with this name. */
    sent: (event: string) => services.realtime.trigger.mock.calls.filter(([, name]) => name === event).map(([, , data]) => data),
    call: () => selectCall(store.getState()),
    notifications: () => store.getState().notifications.items.map(({ title, body, status }: Notification) => ({ title, body, status })),
    sounds: () => services.sound.play.mock.calls.map(([name]) => name),
    /** Every camera and microphone track the call opened has been stopped, and nothing is on screen. */
    released: () =>
      fake.opened.every((stream) => stream.getTracks().every((track) => track.readyState === 'ended')) &&
      fake.streams.get().local === null &&
      fake.streams.get().remote === null,
  };
}

/** Lets the call get through its warm-up and its creation on the back end. */
export async function untilCreated(): Promise<void> {
  await vi.advanceTimersByTimeAsync(WARM_UP_MS + 50);
}

/** The lines the kiosk logged to the back end: each message, with the message of the error it carries (if any). */
export function loggedLines(): Array<[string, string | undefined]> {
  return requestsTo('telephone-entry/logs').map(({ body }) => {
    const { message, meta } = body as { message: string; meta?: { detail?: { message?: string } } };
    return [message, meta?.detail?.message];
  });
}
