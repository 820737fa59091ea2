import { act, fireEvent, screen } from '@testing-library/react';
import { requestsTo, withApiServer } from '../../testing/apiServer';
import type { StoredMessage } from '../../services/messages/messageBox';
import { eventually as eventuallyAfter, turn } from '../../testing/eventually';
import { createTestServices, FAKE_STILL, type TestServices } from '../../testing/fakeServices';
import { expectFinished, recordingShown } from '../../testing/fakeRecorder';
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
async function settle(): Promise<void> {
  for (let n = 0; n < 50; n += 1) await act(turn);
}

/** The property answer whose device record carries `enable_deliveries: flag`. */
const withDeliveries = (flag: unknown) => rawProperty({ device: { ...rawProperty().device, enable_deliveries: flag } });

/** A kiosk whose device record has `enable_deliveries: flag`, on a delivery call to Aaron Abbott that nobody answers. */
async function unansweredDelivery(flag: unknown = true, model: 'GEN2' | 'TOUCH' = 'GEN2', services?: TestServices, language = 'en') {
  const property = rawProperty({ device: { ...rawProperty().device, enable_deliveries: flag, language } });
  const view = renderKiosk({ route: '/call?resident=11&reason=delivery', model, property, ...(services ? { services } : {}) });
  await flush();
  await act(() => vi.advanceTimersByTimeAsync(300000 + 2100));
  return view;
}

/** Each part of a kept message: its name, type and size. */
const parts = (message: StoredMessage | null) => (message?.parts ?? []).map((part) => [part.name, part.blob.type, part.blob.size]);
/** At the offer: GO, and the picture is taken (the clip's offer shows). */
async function pictureTaken(): Promise<void> {
  press('Enter');
  await eventually(() => screen.getByRole('img', { name: 'Your picture' }));
}
/** The database and the network run on their own turns, not on the faked clock. */
const eventually = (assertion: () => unknown) => eventuallyAfter(assertion, () => act(turn));

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

  it('GO takes one picture and offers a clip beside it, in words and in speech', async () => {
    const { services, store } = await unansweredDelivery();
    press('Enter');
    press('Enter');
    await eventually(() => screen.getByText('Your picture is ready. You can add a video of up to 10 seconds.'));
    expect(services.camera.takeStill).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('img', { name: 'Your picture' })).toHaveAttribute('src', FAKE_STILL);
    expect(screen.getByRole('button', { name: /Add a video$/ })).toHaveTextContent('EnterAdd a video');
    expect(screen.getByRole('button', { name: 'Press Back to send the picture alone' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Press Back to cancel' })).toBeNull();
    expect(services.speech.say).toHaveBeenLastCalledWith(['deliveryClip-GEN2']);
    expect(services.recorder.start).not.toHaveBeenCalled();
    expect(await keptMessages(services)).toEqual([]);
    expect(store.getState().notifications.items).toEqual([]);
  });

  it("BACK at the clip's offer sends the picture alone: one part, '{name} has been told', home", async () => {
    const { services, store } = await unansweredDelivery();
    await pictureTaken();
    press('Escape');
    await settle();
    expect(location()).toBe('/');
    expect(store.getState().notifications.items.map(({ status, title }) => [status, title])).toEqual([['SUCCESS', 'Aaron Abbott has been told']]);
    expect(services.speech.say).toHaveBeenLastCalledWith(['deliveryTold']);
    const kept = await services.messages.oldest();
    expect(kept).toMatchObject({ callId: 'call-1', kind: 'delivery', residentName: 'Aaron Abbott' });
    expect(parts(kept)).toEqual([['picture', 'image/jpeg', atob(FAKE_STILL.split(',')[1]!).length]]);
    expect(services.recorder.start).not.toHaveBeenCalled();
  });

  it('GO records one clip with a 10 s countdown; the stop key keeps one message of both parts, picture then clip', async () => {
    const { services, store } = await unansweredDelivery();
    await pictureTaken();
    press('Enter');
    const take = await recordingShown(services, /Stop$/, 'Recording: 10 s left');
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(screen.getByRole('timer')).toHaveTextContent('Recording: 6 s left');
    press('Enter');
    await eventually(() => expect(location()).toBe('/'));
    expectFinished(take);
    expect(await keptMessages(services)).toHaveLength(1);
    expect(parts(await services.messages.oldest())).toEqual([
      ['picture', 'image/jpeg', atob(FAKE_STILL.split(',')[1]!).length],
      ['clip', 'video/webm', 'a recorded message'.length],
    ]);
    expect(store.getState().notifications.items.map(({ title }) => title)).toEqual(['Aaron Abbott has been told']);
    expect(services.recorder.start).toHaveBeenCalledTimes(1);
  });

  it('the clip ends by itself at 10 s and goes with the picture', async () => {
    const { services } = await unansweredDelivery();
    await pictureTaken();
    press('Enter');
    await eventually(() => screen.getByRole('button', { name: /Stop$/ }));
    await act(() => vi.advanceTimersByTimeAsync(9000));
    expect(services.recorder.takes[0]!.finished).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await eventually(() => expect(location()).toBe('/'));
    expect(services.recorder.takes[0]!.finished).toBe(true);
    expect(parts(await services.messages.oldest()).map(([name]) => name)).toEqual(['picture', 'clip']);
  });

  it('BACK while the clip records ends the take, every track and its countdown, and sends the picture alone', async () => {
    const started = vi.spyOn(window, 'setInterval');
    const stopped = vi.spyOn(window, 'clearInterval');
    const { services } = await unansweredDelivery();
    await pictureTaken();
    press('Enter');
    await eventually(() => screen.getByRole('button', { name: /Stop$/ }));
    const countdown = started.mock.results.filter((_, index) => started.mock.calls[index]![1] === 250).map((result) => result.value as number);
    expect(countdown).toHaveLength(1);
    press('Escape');
    await settle();
    expect(location()).toBe('/');
    const take = services.recorder.takes[0]!;
    expect(take.cancelled).toBe(true);
    expect(take.finished).toBe(false);
    expect(take.tracks.map((track) => track.readyState)).toEqual(['ended', 'ended']);
    expect(stopped.mock.calls.map(([id]) => id)).toEqual(expect.arrayContaining(countdown));
    expect(parts(await services.messages.oldest()).map(([name]) => name)).toEqual(['picture']);
  });

  it('BACK while the camera opens for the clip: the take that arrives is ended at once, and the picture goes alone', async () => {
    const { services } = await unansweredDelivery();
    await pictureTaken();
    press('Enter');
    press('Escape');
    await settle();
    expect(location()).toBe('/');
    expect(services.recorder.takes.map((take) => [take.cancelled, take.tracks.map((track) => track.readyState)])).toEqual([[true, ['ended', 'ended']]]);
    expect(parts(await services.messages.oldest()).map(([name]) => name)).toEqual(['picture']);
  });

  it('the screen ending while the clip records (the page leaves the call) ends the take and keeps nothing', async () => {
    const { services, unmount } = await unansweredDelivery();
    await pictureTaken();
    press('Enter');
    await eventually(() => screen.getByRole('button', { name: /Stop$/ }));
    unmount();
    await settle();
    expect(services.recorder.takes[0]!.cancelled).toBe(true);
    expect(services.recorder.takes[0]!.tracks.map((track) => track.readyState)).toEqual(['ended', 'ended']);
    expect(await keptMessages(services)).toEqual([]);
  });

  it('60 s without input at the clip offer sends the picture alone', async () => {
    const { services } = await unansweredDelivery();
    await pictureTaken();
    await act(() => vi.advanceTimersByTimeAsync(60000));
    await settle();
    expect(location()).toBe('/');
    expect(parts(await services.messages.oldest()).map(([name]) => name)).toEqual(['picture']);
  });

  it('a clip that cannot be recorded (the camera refused) is logged, and the picture goes alone', async () => {
    const { services, store } = await unansweredDelivery();
    await pictureTaken();
    services.recorder.failNext = new DOMException('Permission denied', 'NotAllowedError');
    press('Enter');
    await settle();
    expect(location()).toBe('/');
    expect(console.error).toHaveBeenCalledWith('The delivery clip could not be recorded', expect.objectContaining({ feature: 'delivery' }));
    expect(store.getState().notifications.items.map(({ title }) => title)).toEqual(['Aaron Abbott has been told']);
    expect(parts(await services.messages.oldest()).map(([name]) => name)).toEqual(['picture']);
  });

  it('a panel without MediaRecorder offers no clip: GO keeps the picture alone at once', async () => {
    const services = createTestServices();
    services.capabilities.mediaRecorder = false;
    const { store } = await unansweredDelivery(true, 'GEN2', services);
    press('Enter');
    await settle();
    expect(location()).toBe('/');
    expect(screen.queryByText(/You can add a video/)).toBeNull();
    expect(store.getState().notifications.items.map(({ title }) => title)).toEqual(['Aaron Abbott has been told']);
    expect(parts(await services.messages.oldest()).map(([name]) => name)).toEqual(['picture']);
    expect(services.recorder.start).not.toHaveBeenCalled();
  });

  it('on TOUCH, in Spanish: the clip is offered, recorded and stopped with taps', async () => {
    const { services } = await unansweredDelivery(true, 'TOUCH', undefined, 'es');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar una foto' }));
    await eventually(() => screen.getByText('Su foto está lista. Puede añadir un video de hasta 10 segundos.'));
    expect(screen.getByRole('img', { name: 'Su foto' })).toBeInTheDocument();
    expect(services.speech.say).toHaveBeenLastCalledWith(['deliveryClipTouch']);
    fireEvent.click(screen.getByRole('button', { name: 'Añadir un video' }));
    await eventually(() => screen.getByRole('button', { name: 'Detener' }));
    expect(screen.getByRole('timer')).toHaveTextContent('Grabando: quedan 10 s');
    expect(screen.getByRole('button', { name: 'Enviar solo la foto' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Detener' }));
    await eventually(() => expect(location()).toBe('/'));
    expect(parts(await services.messages.oldest()).map(([name]) => name)).toEqual(['picture', 'clip']);
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
