import { createFakeRealtime } from '../../testing/fakeServices';
import { createLazyRealtime } from './lazyRealtime';
import type { RealtimeService } from './types';

function deferredClient() {
  const client = createFakeRealtime();
  let arrive!: () => void;
  let fail!: (error: Error) => void;
  const load = vi.fn(() => new Promise<RealtimeService>((resolve, reject) => ((arrive = () => resolve(client)), (fail = reject))));
  return {
    client,
    load,
    arrive: async () => {
      arrive();
      await Promise.resolve();
    },
    fail: (error: Error) => fail(error),
  };
}

const handlers = () => ({ onEvent: vi.fn(), onSubscribed: vi.fn() });

describe('lazy real-time client', () => {
  it('makes the subscriptions asked for before the client arrives, and only those not cancelled', async () => {
    const { client, load, arrive } = deferredClient();
    const realtime = createLazyRealtime(load, vi.fn());
    expect(load).toHaveBeenCalledTimes(1);
    const property = handlers();
    const call = handlers();
    realtime.subscribe('private-telephone-entry-property-7', property);
    const cancel = realtime.subscribe('private-call', call);
    cancel();
    await arrive();
    expect(client.subscribe).toHaveBeenCalledTimes(1);
    client.emit('private-telephone-entry-property-7', 'property-updated', {});
    expect(property.onEvent).toHaveBeenCalledWith('property-updated', {});
    expect(client.subscriptions.has('private-call')).toBe(false);
  });

  it('unsubscribes a subscription made on arrival, and passes everything through after it', async () => {
    const { client, load, arrive } = deferredClient();
    const realtime = createLazyRealtime(load, vi.fn());
    const unsubscribe = realtime.subscribe('private-a', handlers());
    await arrive();
    unsubscribe();
    expect(client.subscriptions.size).toBe(0);

    realtime.subscribe('private-b', handlers());
    realtime.trigger('private-b', 'client-hangup', { call_id: 'x' });
    realtime.disconnect();
    expect(client.subscriptions.has('private-b')).toBe(true);
    expect(client.trigger).toHaveBeenCalledWith('private-b', 'client-hangup', { call_id: 'x' });
    expect(client.disconnect).toHaveBeenCalledTimes(1);
  });

  it('forgets waiting subscriptions on disconnect, and logs an event it cannot send yet', async () => {
    const { client, load, arrive } = deferredClient();
    const log = vi.fn();
    const realtime = createLazyRealtime(load, log);
    realtime.subscribe('private-a', handlers());
    realtime.trigger('private-a', 'client-hangup', {});
    realtime.disconnect();
    await arrive();
    expect(client.subscribe).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledWith('Realtime event client-hangup not sent', { channel: 'private-a' });
  });

  it('works on without the channel when the client cannot be loaded, and logs it', async () => {
    const { load, fail } = deferredClient();
    const log = vi.fn();
    const realtime = createLazyRealtime(load, log);
    const unsubscribe = realtime.subscribe('private-a', handlers());
    fail(new TypeError('Failed to fetch dynamically imported module'));
    await vi.waitFor(() => expect(log).toHaveBeenCalledWith('The real-time client could not be loaded', expect.any(TypeError)));
    expect(() => unsubscribe()).not.toThrow();
    expect(() => realtime.subscribe('private-b', handlers())).not.toThrow();
  });
});
