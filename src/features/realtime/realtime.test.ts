import { requestsTo, withApiServer } from '../../testing/apiServer';
import { rawProperty } from '../../testing/fixtures';
import { parsePropertyResponse } from '../property/parsePropertyResponse';
import { propertyLoaded } from '../property/propertySlice';
import { withFakeTimers } from '../../testing/fakeTimers';
import { startedStore } from '../../testing/renderKiosk';

withApiServer();

const CHANNEL = 'private-telephone-entry-property-1';

withFakeTimers();

const started = () => startedStore({ property: null });

describe('real-time channel', () => {
  it("subscribes to the property's private channel once the property is known", async () => {
    const { services } = started();
    expect(services.realtime.subscribe).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(10);
    expect(services.realtime.subscribe).toHaveBeenCalledWith(CHANNEL, expect.anything());
  });

  it('property-updated reloads property data', async () => {
    const { services } = started();
    await vi.advanceTimersByTimeAsync(10);
    expect(requestsTo('telephone-entry/property')).toHaveLength(1);
    services.realtime.emit(CHANNEL, 'property-updated', {});
    await vi.advanceTimersByTimeAsync(10);
    expect(requestsTo('telephone-entry/property')).toHaveLength(2);
  });

  it('reloads the property when the channel is subscribed again after a reconnection, not on the first subscription', async () => {
    const { services } = started();
    await vi.advanceTimersByTimeAsync(10);
    services.realtime.confirmSubscription(CHANNEL);
    await vi.advanceTimersByTimeAsync(10);
    expect(requestsTo('telephone-entry/property')).toHaveLength(1);
    // The connection dropped and came back: whatever was sent meanwhile was missed.
    services.realtime.confirmSubscription(CHANNEL);
    await vi.advanceTimersByTimeAsync(10);
    expect(requestsTo('telephone-entry/property')).toHaveLength(2);
  });

  it('resubscribes 5 s after a subscription error', async () => {
    const { services } = started();
    await vi.advanceTimersByTimeAsync(10);
    services.realtime.failSubscription(CHANNEL, { status: 403 });
    await vi.advanceTimersByTimeAsync(10);
    expect(services.realtime.subscriptions.has(CHANNEL)).toBe(false);
    await vi.advanceTimersByTimeAsync(4900);
    expect(services.realtime.subscribe).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(services.realtime.subscribe).toHaveBeenCalledTimes(2);
    expect(services.realtime.subscriptions.has(CHANNEL)).toBe(true);
  });

  it('follows a change of property id', async () => {
    const { store, services } = started();
    await vi.advanceTimersByTimeAsync(10);
    const base = rawProperty();
    const parsed = parsePropertyResponse({ ...base, property: { ...base.property, id: 2 } });
    store.dispatch(propertyLoaded({ data: parsed.data, twimlToken: null }));
    await vi.advanceTimersByTimeAsync(10);
    expect([...services.realtime.subscriptions.keys()]).toEqual(['private-telephone-entry-property-2']);
  });

  it('unsubscribes and disconnects when the store is disposed', async () => {
    const { store, services } = started();
    await vi.advanceTimersByTimeAsync(10);
    store.dispose();
    await vi.advanceTimersByTimeAsync(10);
    expect(services.realtime.subscriptions.size).toBe(0);
    expect(services.realtime.disconnect).toHaveBeenCalled();
  });
});
