import { act, fireEvent, screen } from '@testing-library/react';
import { withApiServer } from '../../testing/apiServer';
import { fakeStream } from '../../testing/fakeCall';
import { withFakeTimers } from '../../testing/fakeTimers';
import { rawProperty } from '../../testing/fixtures';
import { renderKiosk } from '../../testing/renderKiosk';

withApiServer();
withFakeTimers();

// The screen and the engine load lazily: in the module cache before the tests, they are there after one flush.
await Promise.all([import('./CallScreen'), import('../../features/call/runCall')]);
const flush = () => act(() => vi.advanceTimersByTimeAsync(0));
async function show(options: Parameters<typeof renderKiosk>[0]) {
  const view = renderKiosk(options);
  await flush();
  return view;
}

const location = () => screen.getByTestId('location').textContent;
const press = (key: string) => fireEvent.keyDown(window, { key });
const status = () => screen.getAllByRole('status').find((element) => element.classList.contains('call-status'))!;
/** Past the 2 s warm-up and the call's creation. */
const untilCreated = () => act(() => vi.advanceTimersByTimeAsync(2100));

describe('the call screen', () => {
  it("shows who is called, the visitor's own camera with the smile line, and 'Calling …' with a phone icon", async () => {
    const { services } = await show({ route: '/call?resident=11' });
    expect(screen.getByRole('heading', { level: 1, name: 'Call Aaron Abbott' })).toBeInTheDocument();
    expect(screen.getByText("(Smile, you're on camera!)")).toBeInTheDocument();
    expect(status()).toHaveTextContent('Calling Aaron Abbott...');
    expect(status().querySelector('svg.call-icon')).not.toBeNull();
    expect((screen.getByLabelText('Your camera') as HTMLVideoElement).srcObject).toBe(services.call.opened[0]);
  });

  it("'Connected to …' with an active icon once the far end talks, and the remote video once it comes", async () => {
    const { services } = await show({ route: '/call?resident=11' });
    await untilCreated();
    const remote = screen.getByLabelText('Video of Aaron Abbott') as HTMLVideoElement;
    expect(remote.closest('.call-videos')).not.toHaveClass('call-videos-remote');
    const peer = services.call.legs.peers[0]!;
    const stream = fakeStream();
    act(() => {
      peer.options.events.onRemoteStream(stream);
      peer.options.events.onState('connected');
    });
    expect(status()).toHaveTextContent('Connected to Aaron Abbott');
    expect(status().querySelector('svg.call-icon-active')).not.toBeNull();
    expect(remote.srcObject).toBe(stream);
    expect(remote.closest('.call-videos')).toHaveClass('call-videos-remote');
  });

  it("'/call' calls the manager: 'Call a Manager'", async () => {
    await show({ route: '/call' });
    expect(screen.getByRole('heading', { level: 1, name: 'Call a Manager' })).toBeInTheDocument();
    expect(status()).toHaveTextContent('Calling a Manager...');
  });

  it('SPACE on home calls the test resident without showing who it is', async () => {
    renderKiosk();
    press(' ');
    await flush();
    expect(location()).toBe('/call?resident=test');
    expect(screen.getByRole('heading', { level: 1, name: 'Call a resident' })).toBeInTheDocument();
    await untilCreated();
  });

  it('BACK ends the call and goes home: the camera stops and the far end hears client-hangup', async () => {
    const { services } = await show({ route: '/call?resident=11' });
    await untilCreated();
    press('Escape');
    expect(location()).toBe('/');
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(services.call.opened[0]!.getTracks().map((t) => t.readyState)).toEqual(['ended', 'ended']);
    expect(services.realtime.trigger).toHaveBeenCalledWith('private-telephone-entry-property-1', 'client-hangup', { call_id: 'call-1', from: 7 });
  });

  it('the Cancel button does the same on TOUCH', async () => {
    const { services } = await show({ route: '/call?resident=11', model: 'TOUCH' });
    await untilCreated();
    fireEvent.click(screen.getByRole('button', { name: '◀ CANCEL' }));
    expect(location()).toBe('/');
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(services.call.legs.peers[0]?.close).toHaveBeenCalled();
  });

  it('goes home when the call ends, with the outcome on the overlay', async () => {
    const { services } = await show({ route: '/call?resident=11' });
    await untilCreated();
    act(() => services.realtime.emit('private-telephone-entry-property-1', 'client-deny', { call_id: 'call-1', open_gate: false }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(location()).toBe('/');
    expect(screen.getByRole('alertdialog', { name: "Sorry, you weren't granted access" })).toBeInTheDocument();
  });

  it('an unknown resident goes straight home', async () => {
    await show({ route: '/call?resident=<script>', property: rawProperty() });
    await flush();
    expect(location()).toBe('/');
  });

  it('a camera refusal escapes the screen', async () => {
    const services = (await import('../../testing/fakeServices')).createTestServices();
    services.call.media.open.mockRejectedValueOnce(Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' }));
    await show({ route: '/call?resident=11', services });
    await flush();
    expect(location()).toBe('/');
  });
});
