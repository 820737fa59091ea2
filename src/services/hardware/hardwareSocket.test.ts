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

  it('logs and ignores garbage, unknown methods and unusable codes', () => {
    const { hardware, notifications, log } = setup();
    const socket = FakeSocket.last;
    socket.open();
    const junk = [
      '{not json',
      '42',
      { jsonrpc: '2.0', method: 'reboot' },
      { jsonrpc: '2.0', method: 'facility' },
      { jsonrpc: '2.0', method: 'facility', params: {} },
      { jsonrpc: '2.0', method: 'facility', params: { code: '12a4' } },
      { jsonrpc: '2.0', method: 'facility', params: { code: -5 } },
      { jsonrpc: '2.0', method: 'facility', params: [] },
    ];
    for (const message of junk) expect(() => socket.receive(message)).not.toThrow();
    expect(notifications).toEqual([]);
    expect(log).toHaveBeenCalledTimes(junk.length);
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

  it('rejects requests that the panel refuses, leaves unanswered or loses on close', async () => {
    const { hardware } = setup();
    const socket = FakeSocket.last;
    socket.answer = 'error';
    socket.open();
    const refused = expect(hardware.openGate('12345')).rejects.toThrow('wiegand failed: busy');
    await vi.advanceTimersByTimeAsync(600);
    await refused;

    socket.answer = 'none';
    const unanswered = expect(hardware.openGate('12345')).rejects.toThrow('timed out');
    await vi.advanceTimersByTimeAsync(5_000);
    await unanswered;

    const lost = expect(hardware.openGate('12345')).rejects.toThrow('closed');
    socket.drop();
    await lost;
    hardware.stop();
  });

  it('stop closes the socket, clears every timer and rejects waiting openings', async () => {
    const relayingPanel = setup();
    FakeSocket.last.answer = 'none';
    FakeSocket.last.open();
    const relaying = expect(relayingPanel.hardware.openGate('12345')).rejects.toThrow('stopped');
    const downPanel = setup();
    FakeSocket.last.drop();
    const waiting = expect(downPanel.hardware.openGate('54321')).rejects.toThrow('stopped');
    expect(vi.getTimerCount()).toBeGreaterThan(0);

    relayingPanel.hardware.stop();
    downPanel.hardware.stop();
    await Promise.all([relaying, waiting]);
    expect(vi.getTimerCount()).toBe(0);
    expect(FakeSocket.all.every((socket) => socket.closed)).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.all).toHaveLength(2);
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

  it('never throws, and passes on only the digits the panel read', () => {
    fc.assert(
      fc.property(fc.oneof(junk, fc.array(junk), fc.dictionary(fc.string(), junk)), (params) => {
        const sent: unknown = Array.isArray(params) ? params[0] : typeof params === 'object' && params !== null ? params.code : undefined;
        for (const notification of receiveFacility(params)) {
          expect(notification).toEqual({ kind: 'facility', code: String(sent) });
          expect(String(sent)).toMatch(/^\d+$/);
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
