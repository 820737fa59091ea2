import { act, fireEvent, screen } from '@testing-library/react';
import { requestsTo, withApiServer } from '../../testing/apiServer';
import { FAKE_STILL } from '../../testing/fakeServices';
import { withFakeTimers } from '../../testing/fakeTimers';
import { rawProperty } from '../../testing/fixtures';
import { renderKiosk } from '../../testing/renderKiosk';

withApiServer();
withFakeTimers();

// The screen and the engine load lazily: in the module cache before the tests, they are there after one flush.
await Promise.all([import('./CallScreen'), import('../../features/call/runCall')]);
const flush = () => act(() => vi.advanceTimersByTimeAsync(0));
const location = () => screen.getByTestId('location').textContent;
const press = (key: string) => fireEvent.keyDown(window, { key });
/** Lets the message database's own turns run: fake-indexeddb is not on the faked clock. */
const turn = () => new Promise((resolve) => setImmediate(resolve));
async function settle(): Promise<void> {
  for (let n = 0; n < 50; n += 1) await act(turn);
}

/** The property answer whose device record carries `enable_deliveries: flag`. */
const withDeliveries = (flag: unknown) => rawProperty({ device: { ...rawProperty().device, enable_deliveries: flag } });

/** A kiosk whose device record has `enable_deliveries: flag`, on a delivery call to Aaron Abbott that nobody answers. */
async function unansweredDelivery(flag: unknown = true, model: 'GEN2' | 'TOUCH' = 'GEN2') {
  const view = renderKiosk({ route: '/call?resident=11&reason=delivery', model, property: withDeliveries(flag) });
  await flush();
  await act(() => vi.advanceTimersByTimeAsync(300000 + 2100));
  return view;
}

const keptMessages = async (services: Awaited<ReturnType<typeof unansweredDelivery>>['services']) => services.messages.heads();

describe('a delivery nobody answered (docs/rules.md#r2-7-8)', () => {
  it('says it is a delivery while it rings, and tells the back end (reason) once', async () => {
    renderKiosk({ route: '/call?resident=11&reason=delivery', property: withDeliveries(true) });
    await flush();
    expect(screen.getByText('Delivery')).toHaveClass('call-reason');
    await act(() => vi.advanceTimersByTimeAsync(2100));
    expect(requestsTo('telephone-entry/calls').map((r) => r.body)).toEqual([expect.objectContaining({ resident_id: 11, reason: 'delivery' })]);
  });

  it("offers the courier a delivery message instead of 'did not answer' alone", async () => {
    const { store } = await unansweredDelivery();
    expect(location()).toBe('/call?resident=11&reason=delivery');
    expect(screen.getByRole('heading', { level: 1, name: 'Aaron Abbott did not answer' })).toBeInTheDocument();
    expect(screen.getByText('Leave a delivery message: hold the parcel up to the camera.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Send a picture$/ })).toHaveTextContent('EnterSend a picture');
    expect(store.getState().notifications.items).toEqual([]);
  });

  it("GO: one picture, kept as a delivery message under the call, then '{name} has been told' and home", async () => {
    const { services, store } = await unansweredDelivery();
    press('Enter');
    press('Enter');
    await settle();
    expect(location()).toBe('/');
    expect(services.camera.takeStill).toHaveBeenCalledTimes(1);
    expect(store.getState().notifications.items.map(({ status, title }) => [status, title])).toEqual([['SUCCESS', 'Aaron Abbott has been told']]);
    expect(await keptMessages(services)).toHaveLength(1);
    const kept = await services.messages.oldest();
    expect(kept).toMatchObject({ callId: 'call-1', kind: 'delivery', residentName: 'Aaron Abbott' });
    expect(kept?.parts.map((part) => [part.name, part.blob.type, part.blob.size])).toEqual([['picture', 'image/jpeg', atob(FAKE_STILL.split(',')[1]!).length]]);
  });

  it("with visitor_messages on too, a delivery offers the courier's picture, not the visitor's video", async () => {
    const property = rawProperty({ device: { ...rawProperty().device, enable_deliveries: true, visitor_messages: true } });
    renderKiosk({ route: '/call?resident=11&reason=delivery', property });
    await flush();
    await act(() => vi.advanceTimersByTimeAsync(300000 + 2100));
    expect(screen.getByText('Leave a delivery message: hold the parcel up to the camera.')).toBeInTheDocument();
    expect(screen.queryByText(/Your video will be sent/)).not.toBeInTheDocument();
  });

  it('BACK leaves the offer with nothing taken or sent', async () => {
    const { services } = await unansweredDelivery();
    press('Escape');
    await flush();
    expect(location()).toBe('/');
    expect(services.camera.takeStill).not.toHaveBeenCalled();
    expect(await keptMessages(services)).toEqual([]);
  });

  it('leaving while the picture is taken ends the still (the camera goes off) and sends nothing', async () => {
    const { services, store } = await unansweredDelivery('1', 'TOUCH');
    let ended: AbortSignal | undefined;
    services.camera.takeStill.mockImplementationOnce((signal?: AbortSignal) => {
      ended = signal;
      return new Promise<string>((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal.reason as Error)));
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send a picture' }));
    expect(screen.getByText('Taking the picture...')).toHaveRole('status');
    fireEvent.click(screen.getByRole('button', { name: '◀ CANCEL' }));
    await flush();
    expect(location()).toBe('/');
    expect(ended?.aborted).toBe(true);
    await settle();
    expect(await keptMessages(services)).toEqual([]);
    expect(store.getState().notifications.items).toEqual([]);
  });

  it('goes home after 60 s without input', async () => {
    await unansweredDelivery();
    await act(() => vi.advanceTimersByTimeAsync(60000));
    expect(location()).toBe('/');
  });

  it("with deliveries off, '&reason=delivery' is a plain call: no reason sent, 'did not answer' and home", async () => {
    const { store } = await unansweredDelivery(false);
    expect(requestsTo('telephone-entry/calls')[0]?.body).not.toHaveProperty('reason');
    expect(location()).toBe('/');
    expect(store.getState().notifications.items.map(({ title }) => title)).toEqual(['Aaron Abbott did not answer']);
  });
});
