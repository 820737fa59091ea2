import { watchedSignal } from '../../../testing/watchedSignal';
import { createTelnyxSip } from './telnyxSip';

const sdk = vi.hoisted(() => {
  type Listener = (payload?: unknown) => void;
  class TelnyxRTC {
    static all: TelnyxRTC[] = [];
    /** How the next client's connect goes; by default it opens its socket. */
    static nextConnect: (() => Promise<void>) | null = null;
    listeners = new Map<string, Listener>();
    connect = vi.fn(TelnyxRTC.nextConnect ?? (async () => undefined));
    disconnect = vi.fn(async () => undefined);
    constructor(readonly options: Record<string, unknown>) {
      TelnyxRTC.all.push(this);
    }
    on(event: string, listener: Listener) {
      this.listeners.set(event, listener);
    }
    off(event: string) {
      this.listeners.delete(event);
    }
    emit(event: string, payload?: unknown) {
      this.listeners.get(event)?.(payload);
    }
  }
  return { TelnyxRTC };
});
vi.mock('@telnyx/webrtc', () => sdk);

const events = () => ({ onEnded: vi.fn(), onError: vi.fn(), onRemoteStream: vi.fn(), onRinging: vi.fn() });
const client = () => sdk.TelnyxRTC.all.at(-1)!;
function start(evts: Parameters<ReturnType<typeof createTelnyxSip>['start']>[1] = events(), signal = new AbortController().signal) {
  return createTelnyxSip().start({ callId: 'call-1', channel: 'ch', signal, login: 'kiosk-sip-1', password: 'secret' }, evts);
}
function incoming(state: string, direction = 'inbound') {
  return { state, direction, remoteStream: { id: 'remote-audio' }, answer: vi.fn(async () => undefined), hangup: vi.fn(async () => undefined) };
}

beforeEach(() => {
  sdk.TelnyxRTC.all.length = 0;
  sdk.TelnyxRTC.nextConnect = null;
});

describe('Telnyx SIP adapter', () => {
  it("logs in with the call's SIP user and is ready when the client says so", async () => {
    const started = start();
    expect(client().options).toEqual({ login: 'kiosk-sip-1', password: 'secret' });
    expect(client().connect).toHaveBeenCalled();
    client().emit('telnyx.ready');
    await expect(started).resolves.toHaveProperty('hangUp');
  });

  it('goes to the configured gateway with the host option', async () => {
    const started = createTelnyxSip({ host: 'ws://127.0.0.1:9100/telnyx-rtc' }).start(
      { callId: 'call-1', channel: 'ch', signal: new AbortController().signal, login: 'kiosk-sip-1', password: 'secret' },
      events(),
    );
    expect(client().options).toEqual({ login: 'kiosk-sip-1', password: 'secret', host: 'ws://127.0.0.1:9100/telnyx-rtc' });
    client().emit('telnyx.ready');
    await started;
  });

  it('answers a ringing inbound call without video, plays the remote audio when active, and ends on destroy', async () => {
    const evts = events();
    const started = start(evts);
    client().emit('telnyx.ready');
    await started;
    const call = incoming('ringing');
    for (const state of ['new', 'trying']) client().emit('telnyx.notification', { type: 'callUpdate', call: incoming(state) });
    expect(evts.onRinging).not.toHaveBeenCalled();
    client().emit('telnyx.notification', { type: 'callUpdate', call });
    expect(evts.onRinging).toHaveBeenCalledTimes(1);
    expect(call.answer).toHaveBeenCalledWith({ video: false });
    client().emit('telnyx.notification', { type: 'callUpdate', call: { ...call, state: 'active' } });
    expect(evts.onRemoteStream).toHaveBeenCalledWith({ id: 'remote-audio' });
    client().emit('telnyx.notification', { type: 'callUpdate', call: { ...call, state: 'hangup' } });
    expect(evts.onEnded).not.toHaveBeenCalled();
    client().emit('telnyx.notification', { type: 'callUpdate', call: { ...call, state: 'destroy' } });
    expect(evts.onEnded).toHaveBeenCalledTimes(1);
    client().emit('telnyx.notification', { type: 'userMediaError' });
    expect(evts.onError).not.toHaveBeenCalled();
  });

  it('does not answer its own outbound calls', async () => {
    const started = start();
    client().emit('telnyx.ready');
    await started;
    const call = incoming('ringing', 'outbound');
    client().emit('telnyx.notification', { type: 'callUpdate', call });
    expect(call.answer).not.toHaveBeenCalled();
  });

  it("hang up ends the answered call, then logs out once the call's bye is answered, once", async () => {
    const started = start();
    client().emit('telnyx.ready');
    const handle = await started;
    const call = incoming('ringing');
    let byeAnswered: () => void = () => undefined;
    call.hangup.mockImplementationOnce(() => new Promise<undefined>((resolve) => (byeAnswered = () => resolve(undefined))));
    client().emit('telnyx.notification', { type: 'callUpdate', call });
    handle.hangUp();
    handle.hangUp();
    expect(call.hangup).toHaveBeenCalledTimes(1);
    expect([...client().listeners.keys()]).toEqual([]);
    // The SDK's disconnect would hang the call up again: a second bye on the wire.
    await Promise.resolve();
    expect(client().disconnect).not.toHaveBeenCalled();
    byeAnswered();
    await vi.waitFor(() => expect(client().disconnect).toHaveBeenCalledTimes(1));
  });

  it('a bye that fails still logs out; without a call it logs out at once', async () => {
    const started = start();
    client().emit('telnyx.ready');
    const handle = await started;
    const call = incoming('ringing');
    call.hangup.mockRejectedValueOnce(new Error('socket closed'));
    client().emit('telnyx.notification', { type: 'callUpdate', call });
    handle.hangUp();
    await vi.waitFor(() => expect(client().disconnect).toHaveBeenCalledTimes(1));

    const idle = start();
    client().emit('telnyx.ready');
    (await idle).hangUp();
    await vi.waitFor(() => expect(client().disconnect).toHaveBeenCalledTimes(1));
  });

  it('once ready, the start signal no longer logs out, and no listener is left on it', async () => {
    const watched = watchedSignal();
    const started = start(events(), watched.signal);
    expect(watched.listening()).toBe(1);
    client().emit('telnyx.ready');
    await started;
    expect(watched.listening()).toBe(0);
    watched.controller.abort();
    expect(client().disconnect).not.toHaveBeenCalled();
  });

  it('a login that fails leaves no listener on the start signal', async () => {
    const watched = watchedSignal();
    const failing = start(events(), watched.signal);
    client().emit('telnyx.error', new Error('Invalid init options'));
    await expect(failing).rejects.toThrow('Invalid init options');
    expect(watched.listening()).toBe(0);
  });

  it('ignores calls in other notifications and updates without a call; an answer that fails is reported', async () => {
    const evts = events();
    const started = start(evts);
    client().emit('telnyx.ready');
    await started;
    const call = incoming('ringing');
    client().emit('telnyx.notification', { type: 'userMediaError', call });
    client().emit('telnyx.notification', { type: 'callUpdate' });
    expect(call.answer).not.toHaveBeenCalled();
    const refused = new Error('answer failed');
    call.answer.mockRejectedValueOnce(refused);
    client().emit('telnyx.notification', { type: 'callUpdate', call });
    await vi.waitFor(() => expect(evts.onError).toHaveBeenCalledWith(refused));
  });

  it('an active call without remote audio hands nothing over, and a leg that takes no audio is fine', async () => {
    const evts = events();
    const started = start(evts);
    client().emit('telnyx.ready');
    await started;
    client().emit('telnyx.notification', { type: 'callUpdate', call: { ...incoming('active'), remoteStream: undefined } });
    expect(evts.onRemoteStream).not.toHaveBeenCalled();

    const phoneOnly = { onEnded: vi.fn(), onError: vi.fn() };
    const second = start(phoneOnly);
    client().emit('telnyx.ready');
    await second;
    expect(() => client().emit('telnyx.notification', { type: 'callUpdate', call: incoming('active') })).not.toThrow();
  });

  it("a connection that fails: before ready the start rejects and logs out; after ready it is the call's error", async () => {
    const lost = new Error('socket closed');
    sdk.TelnyxRTC.nextConnect = () => Promise.reject(lost);
    const failing = start();
    await expect(failing).rejects.toBe(lost);
    expect(client().disconnect).toHaveBeenCalledTimes(1);

    let fail: (error: Error) => void = () => undefined;
    sdk.TelnyxRTC.nextConnect = () => new Promise((_resolve, reject) => (fail = reject));
    const evts = events();
    const started = start(evts);
    client().emit('telnyx.ready');
    await started;
    fail(lost);
    await vi.waitFor(() => expect(evts.onError).toHaveBeenCalledWith(lost));
    expect(client().disconnect).not.toHaveBeenCalled();
  });

  it('an error before ready rejects and logs out; after ready it is reported', async () => {
    const failing = start();
    client().emit('telnyx.error', { error: { code: 45002, message: 'Connection to server lost' } });
    await expect(failing).rejects.toMatchObject({
      message: 'The SIP client could not log in',
      cause: { error: { code: 45002, message: 'Connection to server lost' } },
    });
    expect(client().disconnect).toHaveBeenCalled();

    const evts = events();
    const started = start(evts);
    client().emit('telnyx.ready');
    await started;
    client().emit('telnyx.error', { error: { code: 45002 } });
    expect(evts.onError).toHaveBeenCalledWith({ error: { code: 45002 } });
  });

  it('an abort before ready (the deadline) logs out and rejects', async () => {
    const controller = new AbortController();
    const started = start(events(), controller.signal);
    controller.abort(new Error('SIP login did not finish within 15000 ms'));
    await expect(started).rejects.toThrow('15000 ms');
    expect(client().disconnect).toHaveBeenCalled();
  });
});
