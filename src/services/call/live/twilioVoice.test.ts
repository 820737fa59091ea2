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
    off(event: string, listener: Listener) {
      this.listeners.set(event, (this.listeners.get(event) ?? []).filter((each) => each !== listener));
      return this;
    }
    emit(event: string, ...args: unknown[]) {
      (this.listeners.get(event) ?? []).forEach((listener) => listener(...args));
    }
    count(event: string) {
      return this.listeners.get(event)?.length ?? 0;
    }
  }
  class Call extends Emitter {
    static Codec = { Opus: 'opus', PCMU: 'pcmu' };
    disconnect = vi.fn();
  }
  class Device extends Emitter {
    static SoundName = { Incoming: 'incoming', Outgoing: 'outgoing', Disconnect: 'disconnect', Dtmf0: 'dtmf0' };
    static all: Device[] = [];
    /**
     * How the next connect goes: the signalling socket is up and the call made
     * (the gateway has not answered the invite yet), never settles, made when
     * the test says, or fails.
     */
    static next: 'made' | 'hang' | 'later' | Error = 'made';
    make: () => void = () => undefined;
    call = new Call();
    connect = vi.fn((_options: unknown): Promise<Call> => {
      const next = Device.next;
      if (next === 'hang') return new Promise(() => undefined);
      if (next === 'later') return new Promise((resolve) => (this.make = () => resolve(this.call)));
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
const start = (evts = events(), signal = new AbortController().signal) =>
  createTwilioVoice().connect({ callId: 'call-1', channel: 'ch', signal, token: 'twiml-1', params }, evts);
/** Until the adapter listens to the call the SDK made. */
const callMade = (device: InstanceType<typeof sdk.Device>) => vi.waitFor(() => expect(device.call.count('ringing')).toBe(1));
/** A call the gateway took: the SDK made it, then it rang. */
async function connect(evts = events(), signal = new AbortController().signal) {
  const connecting = start(evts, signal);
  const device = sdk.Device.all.at(-1)!;
  await callMade(device);
  device.call.emit('ringing', false);
  return connecting;
}

beforeEach(() => {
  sdk.Device.all.length = 0;
  sdk.Device.next = 'made';
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

  it('resolves once the gateway takes the invite, ringing or answered, not when the SDK has made the call', async () => {
    for (const taken of ['ringing', 'accept']) {
      let settled = false;
      const connecting = start().finally(() => (settled = true));
      const device = sdk.Device.all.at(-1)!;
      await callMade(device);
      await Promise.resolve();
      expect(settled).toBe(false);
      device.call.emit(taken);
      await connecting;
    }
  });

  it('a gateway that never takes the invite: the deadline rejects, hangs up the call and destroys the device', async () => {
    const controller = new AbortController();
    const evts = events();
    const connecting = start(evts, controller.signal);
    const device = sdk.Device.all[0]!;
    await callMade(device);
    controller.abort(new Error('Voice call did not finish within 15000 ms'));
    await expect(connecting).rejects.toThrow('Voice call did not finish within 15000 ms');
    expect(device.call.disconnect).toHaveBeenCalledTimes(1);
    expect(device.destroy).toHaveBeenCalledTimes(1);
    device.call.emit('ringing');
    device.call.emit('disconnect');
    expect(evts.onEnded).not.toHaveBeenCalled();
  });

  it('a device error before the call is placed rejects and destroys the device, which would retry on its own', async () => {
    sdk.Device.next = 'hang';
    const evts = events();
    const connecting = start(evts);
    const device = sdk.Device.all[0]!;
    device.emit('error', { code: 31005 });
    await expect(connecting).rejects.toEqual({ code: 31005 });
    expect(device.destroy).toHaveBeenCalledTimes(1);
    // Its retries report nothing more: the call failed once.
    device.emit('error', { code: 31000 });
    expect(evts.onError).not.toHaveBeenCalled();
    expect(device.count('error')).toBe(0);
  });

  it('a call error or end before the gateway takes it rejects', async () => {
    for (const [event, reason] of [['error', { code: 31208 }], ['cancel', undefined]] as const) {
      const evts = events();
      const connecting = start(evts);
      const device = sdk.Device.all.at(-1)!;
      await callMade(device);
      device.call.emit(event, reason);
      await expect(connecting).rejects.toBeTruthy();
      expect(device.destroy).toHaveBeenCalledTimes(1);
      expect(evts.onError).not.toHaveBeenCalled();
      expect(evts.onEnded).not.toHaveBeenCalled();
    }
  });

  it('a call made after the start was abandoned is hung up and not listened to', async () => {
    sdk.Device.next = 'later';
    const controller = new AbortController();
    const evts = events();
    const connecting = start(evts, controller.signal);
    controller.abort(new Error('deadline'));
    await expect(connecting).rejects.toThrow('deadline');
    const device = sdk.Device.all[0]!;
    device.make();
    await vi.waitFor(() => expect(device.call.disconnect).toHaveBeenCalledTimes(1));
    device.call.emit('disconnect');
    device.call.emit('error', { code: 31005 });
    expect(evts.onEnded).not.toHaveBeenCalled();
    expect(evts.onError).not.toHaveBeenCalled();
    expect(device.destroy).toHaveBeenCalledTimes(1);
  });

  it("hang up disconnects the call and destroys the device, once, hears nothing after, and leaves the SDK's own listeners", async () => {
    const evts = events();
    const handle = await connect(evts);
    const made = sdk.Device.all[0]!;
    const sdkOwn = vi.fn();
    made.call.on('disconnect', sdkOwn);
    handle.hangUp();
    handle.hangUp();
    expect(made.call.disconnect).toHaveBeenCalledTimes(1);
    expect(made.destroy).toHaveBeenCalledTimes(1);
    made.call.emit('disconnect');
    expect(evts.onEnded).not.toHaveBeenCalled();
    expect(sdkOwn).toHaveBeenCalledTimes(1);
  });

  it('a connect that fails destroys the device and rejects', async () => {
    sdk.Device.next = new Error('31000 UnknownError');
    await expect(start()).rejects.toThrow('31000 UnknownError');
    expect(sdk.Device.all[0]!.destroy).toHaveBeenCalledTimes(1);
  });
});
