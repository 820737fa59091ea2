import fc from 'fast-check';
import { junk } from '../../testing/propertyArbitraries';
import { FakeSocket } from './fakeSocket';
import { createHardwareSocket } from './hardwareSocket';
import type { HardwareNotification } from './types';

const detect: [string, unknown[]] = ['detectUrl', ['http://kiosk.local/']];

function setup(options: { requestTimeoutMs?: number } = {}) {
  const log = vi.fn();
  const notifications: HardwareNotification[] = [];
  const hardware = createHardwareSocket({
    url: 'ws://panel.local/hardware',
    getDetectUrl: () => 'http://kiosk.local/',
    log,
    WebSocketImpl: FakeSocket,
    ...options,
  });
  hardware.start((notification) => notifications.push(notification));
  return { hardware, log, notifications };
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createHardwareSocket', () => {
  it('announces itself, then sends wiegand and enable_relay1 exactly 600 ms later', async () => {
    const { hardware } = setup();
    FakeSocket.last.open();
    const opened = hardware.openGate('12345');
    await vi.advanceTimersByTimeAsync(599);
    expect(FakeSocket.last.calls()).toEqual([detect, ['wiegand', [0, '12345']]]);
    await vi.advanceTimersByTimeAsync(1);
    await expect(opened).resolves.toBeUndefined();
    expect(FakeSocket.last.calls()).toEqual([detect, ['wiegand', [0, '12345']], ['enable_relay1', []]]);
    expect(FakeSocket.last.sent.map((request) => request.id)).toEqual([1, 2, 3]);
    hardware.stop();
  });

  it('rejects an empty code without sending anything', async () => {
    const { hardware } = setup();
    FakeSocket.last.open();
    await expect(hardware.openGate('')).rejects.toThrow('User who opened gate does not have access code');
    expect(FakeSocket.last.calls()).toEqual([detect]);
    hardware.stop();
  });

  it('turns facility and refresh notifications into events', () => {
    const { hardware, notifications } = setup();
    const socket = FakeSocket.last;
    socket.open();
    socket.receive({ jsonrpc: '2.0', method: 'facility', params: { code: '123' } });
    socket.receive({ jsonrpc: '2.0', method: 'facility', params: { code: 123 } });
    socket.receive({ jsonrpc: '2.0', method: 'facility', params: ['123'] });
    socket.receive({ jsonrpc: '2.0', method: 'refresh' });
    expect(notifications).toEqual([
      { kind: 'facility', code: '123' },
      { kind: 'facility', code: '123' },
      { kind: 'facility', code: '123' },
      { kind: 'refresh' },
    ]);
    hardware.stop();
  });

  it('logs and ignores garbage and unknown methods; a read that is not digits is a refused read', () => {
    const { hardware, notifications, log } = setup();
    const socket = FakeSocket.last;
    socket.open();
    const garbage = ['{not json', '42', { jsonrpc: '2.0', method: 'reboot' }, `{"big":"${'x'.repeat(70_000)}"}`];
    for (const message of garbage) expect(() => socket.receive(message)).not.toThrow();
    expect(notifications).toEqual([]);
    expect(log).toHaveBeenCalledTimes(garbage.length);
    // The oversized frame is logged cut short, not whole.
    expect(JSON.stringify(log.mock.calls.at(-1)).length).toBeLessThan(500);

    const unreadable: Array<[unknown, string]> = [
      [undefined, 'nothing'],
      [{}, '{}'],
      [{ code: '12a4' }, '{"code":"12a4"}'],
      [{ code: -5 }, '{"code":-5}'],
      [[], '[]'],
      [{ code: 'x'.repeat(100) }, `{"code":"${'x'.repeat(100)}"}`.slice(0, 32)],
    ];
    for (const [params] of unreadable) socket.receive({ jsonrpc: '2.0', method: 'facility', params });
    expect(notifications).toEqual(unreadable.map(([, read]) => ({ kind: 'unreadable', read })));
    hardware.stop();
  });

  it('reconnects with doubling back-off and announces itself on each connection', async () => {
    const { hardware } = setup();
    FakeSocket.last.drop();
    await vi.advanceTimersByTimeAsync(499);
    expect(FakeSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.last.drop();
    await vi.advanceTimersByTimeAsync(999);
    expect(FakeSocket.all).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    FakeSocket.last.open();
    expect(FakeSocket.last.calls()).toEqual([detect]);
    // A successful open resets the back-off.
    FakeSocket.last.drop();
    await vi.advanceTimersByTimeAsync(500);
    expect(FakeSocket.all).toHaveLength(4);
    hardware.stop();
  });

  it('gives up a connection that is not open after 5 s and tries again after the back-off', async () => {
    const { hardware, log } = setup();
    const silent = FakeSocket.last;
    await vi.advanceTimersByTimeAsync(4_999);
    expect(silent.closed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(silent.closed).toBe(true);
    expect(log).toHaveBeenCalledWith('Hardware socket: connection not open in time', { url: 'ws://panel.local/hardware', ms: 5000 });
    await vi.advanceTimersByTimeAsync(500);
    expect(FakeSocket.all).toHaveLength(2);
    // A late open of the abandoned socket changes nothing.
    silent.open();
    expect(silent.sent).toEqual([]);
    FakeSocket.last.open();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(FakeSocket.all).toHaveLength(2);
    expect(FakeSocket.last.calls()).toEqual([detect]);
    hardware.stop();
  });

  it('opens the gate once the socket is back within the retry window', async () => {
    const { hardware } = setup();
    const opened = hardware.openGate('12345');
    await vi.advanceTimersByTimeAsync(9_000);
    FakeSocket.last.open();
    await vi.advanceTimersByTimeAsync(600);
    await expect(opened).resolves.toBeUndefined();
    expect(FakeSocket.last.calls()).toEqual([detect, ['wiegand', [0, '12345']], ['enable_relay1', []]]);
    hardware.stop();
  });

  it('rejects the gate opening when the socket stays down for 10 s', async () => {
    const { hardware } = setup();
    const opened = expect(hardware.openGate('12345')).rejects.toThrow('unreachable');
    await vi.advanceTimersByTimeAsync(10_000);
    await opened;
    FakeSocket.last.open();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeSocket.last.calls()).toEqual([detect]);
    hardware.stop();
  });

  it('rejects requests that the panel refuses or leaves unanswered', async () => {
    const { hardware } = setup();
    const socket = FakeSocket.last;
    socket.answer = 'error';
    socket.open();
    const refused = expect(hardware.openGate('12345')).rejects.toThrow('wiegand failed: busy');
    await vi.advanceTimersByTimeAsync(600);
    await refused;

    socket.answer = 'none';
    const unanswered = expect(hardware.openGate('12345')).rejects.toThrow('wiegand timed out');
    // wiegand gives up 5000 ms after it left; the relay, sent 600 ms later, 5000 ms after that.
    await vi.advanceTimersByTimeAsync(5_600);
    await unanswered;
    hardware.stop();
  });

  it('a gate opening while the socket waits out a long back-off reconnects at once', async () => {
    const { hardware } = setup();
    // Three failed connections: the next attempt is 4 s away.
    for (const wait of [500, 1_000, 2_000]) {
      FakeSocket.last.drop();
      await vi.advanceTimersByTimeAsync(wait);
    }
    FakeSocket.last.drop();
    const sockets = FakeSocket.all.length;
    const opened = hardware.openGate('12345');
    expect(FakeSocket.all).toHaveLength(sockets + 1);
    FakeSocket.last.open();
    await vi.advanceTimersByTimeAsync(600);
    await expect(opened).resolves.toBeUndefined();
    expect(FakeSocket.last.calls()).toEqual([detect, ['wiegand', [0, '12345']], ['enable_relay1', []]]);
    hardware.stop();
  });

  it('a socket that drops between wiegand and the relay pulses the relay once it is back, once', async () => {
    const { hardware } = setup();
    FakeSocket.last.open();
    const opened = hardware.openGate('12345');
    const first = FakeSocket.last;
    first.answer = 'none';
    first.drop();
    await vi.advanceTimersByTimeAsync(2_000);
    FakeSocket.last.open();
    await vi.advanceTimersByTimeAsync(10);
    await expect(opened).resolves.toBeUndefined();
    expect(first.calls()).toEqual([detect, ['wiegand', [0, '12345']]]);
    expect(FakeSocket.last.calls()).toEqual([detect, ['enable_relay1', []]]);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(FakeSocket.all.flatMap((socket) => socket.calls()).filter(([method]) => method === 'enable_relay1')).toHaveLength(1);
    hardware.stop();
  });

  it('gives up on the relay when the socket is not back within the window', async () => {
    const { hardware } = setup();
    FakeSocket.last.open();
    const opened = expect(hardware.openGate('12345')).rejects.toThrow('relay not pulsed');
    FakeSocket.last.drop();
    await vi.advanceTimersByTimeAsync(10_600);
    await opened;
    FakeSocket.last.open();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeSocket.all.flatMap((socket) => socket.calls()).filter(([method]) => method === 'enable_relay1')).toEqual([]);
    hardware.stop();
  });

  it('stop closes the socket, clears every timer and rejects waiting openings', async () => {
    const relayingPanel = setup();
    FakeSocket.last.answer = 'none';
    FakeSocket.last.open();
    const relaying = expect(relayingPanel.hardware.openGate('12345')).rejects.toThrow('stopped');
    const downPanel = setup();
    FakeSocket.last.drop();
    // The opening reconnects at once (a third socket) and waits for it.
    const waiting = expect(downPanel.hardware.openGate('54321')).rejects.toThrow('stopped');
    expect(vi.getTimerCount()).toBeGreaterThan(0);

    relayingPanel.hardware.stop();
    downPanel.hardware.stop();
    await Promise.all([relaying, waiting]);
    expect(vi.getTimerCount()).toBe(0);
    expect(FakeSocket.all.every((socket) => socket.closed)).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.all).toHaveLength(3);
  });
});

describe('facility params of any shape (property-based)', () => {
  const RUNS = { numRuns: 200 };
  /** A read as the panel sends it: digits as text, or a whole number. */
  const sentRead = fc.oneof(fc.stringMatching(/^\d{1,20}$/), fc.maxSafeNat());

  function receiveFacility(params: unknown) {
    const { hardware, notifications } = setup();
    FakeSocket.last.open();
    expect(() => FakeSocket.last.receive({ jsonrpc: '2.0', method: 'facility', params })).not.toThrow();
    hardware.stop();
    return notifications;
  }

  it('never throws, passes on only the digits the panel read, and calls anything else unreadable', () => {
    fc.assert(
      fc.property(fc.oneof(junk, fc.array(junk), fc.dictionary(fc.string(), junk)), (params) => {
        const sent: unknown = Array.isArray(params) ? params[0] : typeof params === 'object' && params !== null ? params.code : undefined;
        const notifications = receiveFacility(params);
        expect(notifications).toHaveLength(1);
        const [notification] = notifications;
        if (notification?.kind === 'facility') {
          expect(notification.code).toBe(String(sent));
          expect(notification.code).toMatch(/^\d+$/);
        } else {
          expect(notification).toEqual({ kind: 'unreadable', read: expect.any(String) });
        }
      }),
      RUNS,
    );
  });

  it('reads a valid code whatever junk surrounds it', () => {
    fc.assert(
      fc.property(sentRead, fc.dictionary(fc.string(), junk), fc.array(junk), fc.boolean(), (code, extras, rest, asList) => {
        const params = asList ? [code, ...rest] : { ...extras, code };
        expect(receiveFacility(params)).toEqual([{ kind: 'facility', code: String(code) }]);
      }),
      RUNS,
    );
  });
});
