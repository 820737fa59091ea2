import { createTwilioVoice } from './twilioVoice';

// The SDK at the import boundary: what the adapter gives it and what it does with its events.
const sdk = vi.hoisted(() => {
  type Listener = (...args: unknown[]) => void;
  class Emitter {
    listeners = new Map<string, Listener[]>();
    on(event: string, listener: Listener) {
      this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
      return this;
    }
    emit(event: string, ...args: unknown[]) {
      (this.listeners.get(event) ?? []).forEach((listener) => listener(...args));
    }
    removeAllListeners() {
      this.listeners.clear();
      return this;
    }
  }
  class Call extends Emitter {
    static Codec = { Opus: 'opus', PCMU: 'pcmu' };
    disconnect = vi.fn();
  }
  class Device extends Emitter {
    static SoundName = { Incoming: 'incoming', Outgoing: 'outgoing', Disconnect: 'disconnect', Dtmf0: 'dtmf0' };
    static all: Device[] = [];
    /** How the next connect goes: placed, never settles, placed when the test says, or fails. */
    static next: 'placed' | 'hang' | 'later' | Error = 'placed';
    place: () => void = () => undefined;
    call = new Call();
    connect = vi.fn((_options: unknown): Promise<Call> => {
      const next = Device.next;
      if (next === 'hang') return new Promise(() => undefined);
      if (next === 'later') return new Promise((resolve) => (this.place = () => resolve(this.call)));
      return next instanceof Error ? Promise.reject(next) : Promise.resolve(this.call);
    });
    destroy = vi.fn();
    constructor(
      readonly token: string,
      readonly options: Record<string, unknown>,
    ) {
      super();
      Device.all.push(this);
    }
  }
  return { Device, Call };
});
vi.mock('@twilio/voice-sdk', () => sdk);

const params = { room: 'call-1', apiUrl: 'https://api.test', lbtoken: 'device-token', To: '+15555550111' };
const events = () => ({ onEnded: vi.fn(), onError: vi.fn() });
const connect = (evts = events(), signal = new AbortController().signal) =>
  createTwilioVoice().connect({ callId: 'call-1', channel: 'ch', signal, token: 'twiml-1', params }, evts);

beforeEach(() => {
  sdk.Device.all.length = 0;
  sdk.Device.next = 'placed';
});

describe('Twilio voice adapter', () => {
  it('makes a Device from the twimlToken with opus then pcmu, 12000 bps and local silent sounds, and connects with the params', async () => {
    await connect();
    const device = sdk.Device.all[0]!;
    expect(device.token).toBe('twiml-1');
    expect(device.options).toMatchObject({
      codecPreferences: ['opus', 'pcmu'],
      maxAverageBitrate: 12000,
      // No "are you sure" dialog on a kiosk page, and only errors in the console.
      closeProtection: false,
      logLevel: 'error',
      sounds: { incoming: '/sounds/silence.wav', outgoing: '/sounds/silence.wav', disconnect: '/sounds/silence.wav', dtmf0: '/sounds/silence.wav' },
    });
    expect(device.connect).toHaveBeenCalledWith({ params });
  });

  it("reports the call's end, its errors and the device's errors", async () => {
    const evts = events();
    await connect(evts);
    const device = sdk.Device.all[0]!;
    device.call.emit('error', { code: 31005 });
    device.emit('error', { code: 31000 });
    expect(evts.onError.mock.calls).toEqual([[{ code: 31005 }], [{ code: 31000 }]]);
    device.call.emit('disconnect', device.call);
    expect(evts.onEnded).toHaveBeenCalledTimes(1);
  });

  it('a call cancelled or rejected by the far end has ended too', async () => {
    for (const end of ['cancel', 'reject']) {
      const evts = events();
      await connect(evts);
      sdk.Device.all.at(-1)!.call.emit(end);
      expect(evts.onEnded).toHaveBeenCalledTimes(1);
      expect(evts.onError).not.toHaveBeenCalled();
    }
  });

  it('once connected, the start signal no longer hangs up: the call goes on', async () => {
    const controller = new AbortController();
    const evts = events();
    await connect(evts, controller.signal);
    controller.abort();
    const device = sdk.Device.all[0]!;
    expect(device.destroy).not.toHaveBeenCalled();
    expect(device.call.disconnect).not.toHaveBeenCalled();
    device.call.emit('disconnect');
    expect(evts.onEnded).toHaveBeenCalledTimes(1);
  });

  it('a call placed after the start was abandoned is hung up and not listened to', async () => {
    sdk.Device.next = 'later';
    const controller = new AbortController();
    const evts = events();
    const connecting = connect(evts, controller.signal);
    controller.abort();
    const device = sdk.Device.all[0]!;
    device.place();
    await connecting;
    expect(device.call.disconnect).toHaveBeenCalledTimes(1);
    device.call.emit('disconnect');
    device.call.emit('error', { code: 31005 });
    expect(evts.onEnded).not.toHaveBeenCalled();
    expect(evts.onError).not.toHaveBeenCalled();
    expect(device.destroy).toHaveBeenCalledTimes(1);
  });

  it('hang up disconnects the call and destroys the device, once, and hears nothing after', async () => {
    const evts = events();
    const handle = await connect(evts);
    const device = sdk.Device.all[0]!;
    handle.hangUp();
    handle.hangUp();
    expect(device.call.disconnect).toHaveBeenCalledTimes(1);
    expect(device.destroy).toHaveBeenCalledTimes(1);
    device.call.emit('disconnect');
    expect(evts.onEnded).not.toHaveBeenCalled();
  });

  it('an abort while connecting (the deadline) destroys the device', () => {
    sdk.Device.next = 'hang';
    const controller = new AbortController();
    void connect(events(), controller.signal);
    controller.abort();
    expect(sdk.Device.all[0]!.destroy).toHaveBeenCalledTimes(1);
  });

  it('a connect that fails destroys the device and rejects', async () => {
    sdk.Device.next = new Error('31000 UnknownError');
    await expect(connect()).rejects.toThrow('31000 UnknownError');
    expect(sdk.Device.all[0]!.destroy).toHaveBeenCalledTimes(1);
  });
});
