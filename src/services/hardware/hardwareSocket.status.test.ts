import { FakeSocket } from '../../testing/fakeSocket';
import { createHardwareSocket, type SocketLike } from './hardwareSocket';
import type { HardwareStatus } from './types';

/** A hardware socket whose status handler records every status it is told, in order. */
function setup(WebSocketImpl: new (url: string) => SocketLike = FakeSocket) {
  const statuses: HardwareStatus[] = [];
  const log = vi.fn();
  const hardware = createHardwareSocket({ url: 'ws://panel.local/hardware', getDetectUrl: () => 'http://kiosk.local/', log, WebSocketImpl });
  hardware.start(() => undefined, (status) => statuses.push(status));
  return { hardware, log, statuses };
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createHardwareSocket status (self-diagnosis)', () => {
  it('says connected when the socket opens, down when it closes, and connected again on the next open', async () => {
    const { hardware, statuses } = setup();
    expect(statuses).toEqual([]);
    // A daemon that has not answered detectUrl yet: the open alone says connected.
    FakeSocket.last.answer = 'none';
    FakeSocket.last.open();
    expect(statuses).toEqual([{ state: 'connected' }]);
    // The unanswered detectUrl dies with the socket: that is the socket down, not silent.
    FakeSocket.last.drop();
    await vi.advanceTimersByTimeAsync(0);
    expect(statuses).toEqual([{ state: 'connected' }, { state: 'down' }]);
    await vi.advanceTimersByTimeAsync(500);
    FakeSocket.last.answer = 'none';
    FakeSocket.last.open();
    expect(statuses).toEqual([{ state: 'connected' }, { state: 'down' }, { state: 'connected' }]);
    hardware.stop();
  });

  it('says silent, naming the method, when a request has no answer in 5000 ms; the next answer says connected', async () => {
    const { hardware, statuses } = setup();
    const socket = FakeSocket.last;
    socket.open();
    statuses.length = 0;
    socket.answer = 'none';
    const opening = expect(hardware.openGate('12345')).rejects.toThrow('wiegand timed out');
    await vi.advanceTimersByTimeAsync(4_999);
    expect(statuses).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(statuses).toEqual([{ state: 'silent', method: 'wiegand' }]);
    // The relay, sent 600 ms after wiegand, gives up 600 ms later.
    await vi.advanceTimersByTimeAsync(600);
    await opening;
    expect(statuses).toEqual([
      { state: 'silent', method: 'wiegand' },
      { state: 'silent', method: 'enable_relay1' },
    ]);
    // An answer, even a refusal, means the daemon listens again; a refusal is not silence.
    socket.answer = 'error';
    const refused = expect(hardware.openGate('12345')).rejects.toThrow('wiegand failed: busy');
    await vi.advanceTimersByTimeAsync(600);
    await refused;
    expect(statuses.slice(2)).toEqual([{ state: 'connected' }, { state: 'connected' }]);
    hardware.stop();
  });

  it('says down when the socket cannot even be created', async () => {
    let attempts = 0;
    const Refusing = class extends FakeSocket {
      constructor(url: string) {
        attempts += 1;
        if (attempts < 2) throw new Error('bad url');
        super(url);
      }
    };
    const { hardware, statuses } = setup(Refusing);
    expect(statuses).toEqual([{ state: 'down' }]);
    await vi.advanceTimersByTimeAsync(500);
    FakeSocket.last.answer = 'none';
    FakeSocket.last.open();
    expect(statuses).toEqual([{ state: 'down' }, { state: 'connected' }]);
    hardware.stop();
  });

  it('logs a connection not open in time once per outage, not on every retry', async () => {
    const { hardware, log } = setup();
    // Not open after 5000 ms, retried 500 ms later, not open after 5000 ms again.
    await vi.advanceTimersByTimeAsync(5_000 + 500 + 5_000);
    expect(FakeSocket.all).toHaveLength(2);
    expect(FakeSocket.all.every((socket) => socket.closed)).toBe(true);
    expect(log.mock.calls.filter(([message]) => message === 'Hardware socket: connection not open in time')).toEqual([
      ['Hardware socket: connection not open in time', { url: 'ws://panel.local/hardware', ms: 5000 }],
    ]);
    hardware.stop();
  });
});
