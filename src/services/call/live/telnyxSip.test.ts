import { createTelnyxSip } from './telnyxSip';

const sdk = vi.hoisted(() => {
  type Listener = (payload?: unknown) => void;
  class TelnyxRTC {
    static all: TelnyxRTC[] = [];
    listeners = new Map<string, Listener>();
    connect = vi.fn(async () => undefined);
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

const events = () => ({ onEnded: vi.fn(), onError: vi.fn(), onRemoteStream: vi.fn() });
const client = () => sdk.TelnyxRTC.all.at(-1)!;
function start(evts = events(), signal = new AbortController().signal) {
  return createTelnyxSip().start({ callId: 'call-1', channel: 'ch', signal, login: 'kiosk-sip-1', password: 'secret' }, evts);
}
function incoming(state: string, direction = 'inbound') {
  return { state, direction, remoteStream: { id: 'remote-audio' }, answer: vi.fn(async () => undefined), hangup: vi.fn(async () => undefined) };
}

beforeEach(() => {
  sdk.TelnyxRTC.all.length = 0;
});

describe('Telnyx SIP adapter', () => {
  it("logs in with the call's SIP user and is ready when the client says so", async () => {
    const started = start();
    expect(client().options).toEqual({ login: 'kiosk-sip-1', password: 'secret' });
    expect(client().connect).toHaveBeenCalled();
    client().emit('telnyx.ready');
    await expect(started).resolves.toHaveProperty('hangUp');
  });

  it('answers a ringing inbound call without video, plays the remote audio when active, and ends on destroy', async () => {
    const evts = events();
    const started = start(evts);
    client().emit('telnyx.ready');
    await started;
    const call = incoming('ringing');
    for (const state of ['new', 'trying']) client().emit('telnyx.notification', { type: 'callUpdate', call: incoming(state) });
    client().emit('telnyx.notification', { type: 'callUpdate', call });
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

  it('hang up ends the answered call and logs out, once', async () => {
    const started = start();
    client().emit('telnyx.ready');
    const handle = await started;
    const call = incoming('ringing');
    client().emit('telnyx.notification', { type: 'callUpdate', call });
    handle.hangUp();
    handle.hangUp();
    expect(call.hangup).toHaveBeenCalledTimes(1);
    expect(client().disconnect).toHaveBeenCalledTimes(1);
  });

  it('an error before ready rejects and logs out; after ready it is reported', async () => {
    const failing = start();
    client().emit('telnyx.error', { error: { code: 45002, message: 'Connection to server lost' } });
    await expect(failing).rejects.toThrow('The SIP client could not log in');
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
