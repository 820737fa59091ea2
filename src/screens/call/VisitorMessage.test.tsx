import { act, fireEvent, screen } from '@testing-library/react';
import { withApiServer } from '../../testing/apiServer';
import { eventually as eventuallyAfter, turn } from '../../testing/eventually';
import { withFakeTimers } from '../../testing/fakeTimers';
import { expectFinished, recordingShown } from '../../testing/fakeRecorder';
import { rawProperty } from '../../testing/fixtures';
import { renderKiosk } from '../../testing/renderKiosk';

withApiServer();
withFakeTimers();

await Promise.all([import('./CallScreen'), import('../../features/call/runCall')]);

/** The seed's property, its device record with `visitor_messages` (absent when undefined) and any other fields given. */
const property = (visitorMessages?: unknown, device: Record<string, unknown> = {}) =>
  rawProperty({ device: { ...rawProperty().device, ...(visitorMessages === undefined ? {} : { visitor_messages: visitorMessages }), ...device } });
const location = () => screen.getByTestId('location').textContent;
const press = (key: string) => fireEvent.keyDown(window, { key });
const heading = () => screen.getByRole('heading', { level: 1 }).textContent;
/** The database and the network run on their own turns, not on the faked clock; the screen renders what they bring. */
const eventually = (assertion: () => unknown) => eventuallyAfter(assertion, () => act(turn));

/** A call to Aaron Abbott that nobody answers in its 300 s. */
async function unanswered(options: Parameters<typeof renderKiosk>[0] = {}) {
  const view = renderKiosk({ route: '/call?resident=11', property: property(true), ...options });
  await act(() => vi.advanceTimersByTimeAsync(300000));
  return view;
}

describe('the message after a call nobody answered', () => {
  it('without visitor_messages in the device record: nothing new, home with the notification as before', async () => {
    await unanswered({ property: property() });
    expect(location()).toBe('/');
    expect(screen.getByRole('alertdialog', { name: 'Aaron Abbott did not answer' })).toBeInTheDocument();
    expect(screen.queryByText(/Your video will be sent/)).toBeNull();
  });

  it('with it: the call screen offers one, with the consent line, and no notification (its reload would end the take)', async () => {
    const { services } = await unanswered();
    expect(location()).toBe('/call?resident=11');
    expect(heading()).toBe('Aaron Abbott did not answer');
    expect(screen.getByText('Your video will be sent to Aaron Abbott')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Press Enter to record a message of up to 20 seconds' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(services.sound.play).toHaveBeenLastCalledWith('sorryNoAnswer');
    expect(services.speech.say).toHaveBeenLastCalledWith(['messageOffer-GEN2', 'cancel-GEN2']);
    expect(services.recorder.start).not.toHaveBeenCalled();
  });

  it('a panel without MediaRecorder does not offer it', async () => {
    const services = (await import('../../testing/fakeServices')).createTestServices();
    services.capabilities.mediaRecorder = false;
    await unanswered({ services });
    expect(location()).toBe('/');
    expect(screen.getByRole('alertdialog', { name: 'Aaron Abbott did not answer' })).toBeInTheDocument();
    expect(services.recorder.start).not.toHaveBeenCalled();
  });

  it('GO records one take with a countdown; the stop key keeps it and shows "Your message was sent"; GO then calls the manager', async () => {
    const { services } = await unanswered();
    press('Enter');
    const take = await recordingShown(services, 'Press Enter to stop', 'Recording: 20 s left');
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(screen.getByRole('timer')).toHaveTextContent('Recording: 15 s left');
    press('Enter');
    await eventually(() => expect(heading()).toBe('Your message was sent'));
    expectFinished(take);
    expect(await services.messages.heads()).toEqual([expect.objectContaining({ callId: 'call-1', kind: 'visitor', residentName: 'Aaron Abbott', bytes: 'a recorded message'.length })]);
    expect(services.speech.say).toHaveBeenLastCalledWith(['messageSent', 'messageManager-GEN2']);
    expect(screen.getByRole('button', { name: 'Press Enter to call the manager' })).toBeInTheDocument();
    press('Enter');
    expect(location()).toBe('/call');
    expect(services.recorder.start).toHaveBeenCalledTimes(1);
  });

  it('the take ends by itself at 20 s, and there is no second one', async () => {
    const { services } = await unanswered();
    press('Enter');
    await eventually(() => screen.getByRole('button', { name: 'Press Enter to stop' }));
    await act(() => vi.advanceTimersByTimeAsync(19000));
    expect(services.recorder.takes[0]!.finished).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await eventually(() => expect(heading()).toBe('Your message was sent'));
    expect(services.recorder.takes[0]!.finished).toBe(true);
    press('Enter');
    press('Enter');
    expect(services.recorder.start).toHaveBeenCalledTimes(1);
  });

  it('leaving while it records (BACK) ends the take and every track, keeps nothing, and clears its countdown', async () => {
    const started = vi.spyOn(window, 'setInterval');
    const stopped = vi.spyOn(window, 'clearInterval');
    const { services } = await unanswered();
    press('Enter');
    await eventually(() => screen.getByRole('button', { name: 'Press Enter to stop' }));
    const countdown = started.mock.results.filter((_, index) => started.mock.calls[index]![1] === 250).map((result) => result.value as number);
    expect(countdown).toHaveLength(1);
    press('Escape');
    expect(location()).toBe('/');
    const take = services.recorder.takes[0]!;
    expect(take.cancelled).toBe(true);
    expect(take.tracks.map((track) => track.readyState)).toEqual(['ended', 'ended']);
    expect(stopped.mock.calls.map(([id]) => id)).toEqual(expect.arrayContaining(countdown));
    expect(await services.messages.heads()).toEqual([]);
  });

  it('a camera that cannot be had: "Sorry, your message could not be recorded", and home', async () => {
    const { services } = await unanswered();
    services.recorder.failNext = new DOMException('Permission denied', 'NotAllowedError');
    press('Enter');
    await eventually(() => expect(location()).toBe('/'));
    expect(screen.getByRole('alertdialog', { name: 'Sorry, your message could not be recorded' })).toBeInTheDocument();
  });

  it('on TOUCH, in Spanish: the buttons say what they do, and Stop ends the take', async () => {
    const { services } = await unanswered({ model: 'TOUCH', property: property(true, { language: 'es' }) });
    expect(heading()).toBe('Aaron Abbott no contestó');
    expect(screen.getByText('Su video se enviará a Aaron Abbott')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Grabar un mensaje' }));
    await eventually(() => screen.getByRole('button', { name: 'Detener' }));
    expect(screen.getByRole('timer')).toHaveTextContent('Grabando: quedan 20 s');
    fireEvent.click(screen.getByRole('button', { name: 'Detener' }));
    await eventually(() => expect(heading()).toBe('Su mensaje fue enviado'));
    expect(services.speech.say).toHaveBeenLastCalledWith(['messageSent']);
    fireEvent.click(screen.getByRole('button', { name: 'Llamar al administrador' }));
    expect(location()).toBe('/call');
  });
});
