import { act, fireEvent, screen, within } from '@testing-library/react';
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

  describe('the stage, beside the status', () => {
    const stage = () => document.querySelector('.call-stage-now')!;
    const countdown = () => screen.queryByRole('timer');
    const second = () => act(() => vi.advanceTimersByTimeAsync(1000));

    it("ringing the app: its pictogram and 'Ringing their app', and 'Trying their phone in … s' counting down to the phone", async () => {
      const { services } = await show({ route: '/call?resident=11' });
      // Placing the call (camera, snapshot): no stage yet, SPEC's status alone.
      expect(stage()).toHaveTextContent(/^$/);
      expect(countdown()).toBeNull();
      await untilCreated();
      expect(status()).toHaveTextContent('Calling Aaron Abbott...');
      expect(stage()).toHaveTextContent('Ringing their app');
      expect(within(stage() as HTMLElement).getByRole('img', { name: 'Ringing' })).toBeInTheDocument();
      expect(countdown()).toHaveTextContent('Trying their phone in 30 s');
      await act(() => vi.advanceTimersByTimeAsync(18000));
      expect(countdown()).toHaveTextContent('Trying their phone in 12 s');
      await act(() => vi.advanceTimersByTimeAsync(11000));
      expect(countdown()).toHaveTextContent('Trying their phone in 1 s');
      expect(services.call.legs.voice).toHaveLength(0);
      await second();
      expect(services.call.legs.voice).toHaveLength(1);
      expect(stage()).toHaveTextContent('Ringing their phone');
      expect(within(stage() as HTMLElement).getByRole('img', { name: 'Phone' })).toBeInTheDocument();
      // The call's 300 s limit started with the call, about 32 s ago.
      expect(countdown()).toHaveTextContent('Waiting 268 s more for an answer');
      await second();
      expect(countdown()).toHaveTextContent('Waiting 267 s more for an answer');
    });

    it("connected: its pictogram and 'Answered', and no countdown", async () => {
      const { services } = await show({ route: '/call?resident=11' });
      await untilCreated();
      act(() => services.call.legs.peers[0]!.options.events.onState('connected'));
      expect(status()).toHaveTextContent('Connected to Aaron Abbott');
      expect(stage()).toHaveTextContent('Answered');
      expect(within(stage() as HTMLElement).getByRole('img', { name: 'Connected' })).toBeInTheDocument();
      expect(countdown()).toBeNull();
    });

    it("a call nobody answers goes home with '{name} did not answer', its pictogram and the no-answer sound", async () => {
      const { services } = await show({ route: '/call?resident=11' });
      await act(() => vi.advanceTimersByTimeAsync(300000));
      expect(location()).toBe('/');
      const overlay = screen.getByRole('alertdialog', { name: 'Aaron Abbott did not answer' });
      expect(within(overlay).getByRole('img', { name: 'No answer' })).toBeInTheDocument();
      expect(services.sound.play).toHaveBeenLastCalledWith('sorryNoAnswer');
    });

    it('the countdown is one timer, running only while the call rings and stopped when the screen goes', async () => {
      const started = vi.spyOn(window, 'setInterval');
      const stopped = vi.spyOn(window, 'clearInterval');
      const countdowns = () => started.mock.results.filter((_, index) => started.mock.calls[index]![1] === 1000).map((result) => result.value as number);
      const { services } = await show({ route: '/call?resident=11' });
      expect(countdowns()).toEqual([]);
      await untilCreated();
      expect(countdowns()).toHaveLength(1);
      act(() => services.call.legs.peers[0]!.options.events.onState('connected'));
      expect(stopped.mock.calls.map(([id]) => id)).toEqual(expect.arrayContaining(countdowns()));
      press('Escape');
      await flush();
      expect(location()).toBe('/');
      expect(countdowns()).toHaveLength(1);
    });

    it('with spoken prompts, each stage is said once as it comes, the countdown never', async () => {
      const { services } = await show({ route: '/call?resident=11', model: 'GEN1' });
      const said = () => services.speech.say.mock.calls.map(([clips]) => clips);
      await untilCreated();
      await act(() => vi.advanceTimersByTimeAsync(30000));
      act(() => services.realtime.emit('private-telephone-entry-property-1', 'sip-message', { data: { room: 'call-1', connected: true } }));
      await act(() => vi.advanceTimersByTimeAsync(5000));
      expect(said()).toEqual([
        ['calling', 'hangUp-GEN1'],
        ['ringingApp', 'hangUp-GEN1'],
        ['ringingPhone', 'hangUp-GEN1'],
        ['connected'],
      ]);
    });

    it('leaving while the call rings stops the countdown', async () => {
      const started = vi.spyOn(window, 'setInterval');
      const stopped = vi.spyOn(window, 'clearInterval');
      await show({ route: '/call?resident=11' });
      await untilCreated();
      const [countdown] = started.mock.results.filter((_, index) => started.mock.calls[index]![1] === 1000).map((result) => result.value as number);
      expect(stopped.mock.calls.map(([id]) => id)).not.toContain(countdown);
      press('Escape');
      await flush();
      expect(stopped.mock.calls.map(([id]) => id)).toContain(countdown);
    });

    it('the phone rings at once when video is not allowed: the phone pictogram, counted to the end of the call', async () => {
      const property = rawProperty();
      await show({ route: '/call?resident=11', property: { ...property, device: { ...property.device, enable_video_calls: false } } });
      await untilCreated();
      expect(stage()).toHaveTextContent('Ringing their phone');
      expect(countdown()).toHaveTextContent('Waiting 298 s more for an answer');
    });
  });
});
