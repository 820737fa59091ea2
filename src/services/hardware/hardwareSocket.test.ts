import fc from 'fast-check';
import { junk } from '../../testing/propertyArbitraries';
import { FakeSocket } from '../../testing/fakeSocket';
import { createHardwareSocket } from './hardwareSocket';
import type { HardwareNotification } from './types';

const detect: [string, unknown[]] = ['detectUrl', ['http://kiosk.local/']];

function setup(options: { requestTimeoutMs?: number; now?: () => number } = {}) {
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
    // docs/protocol.md: each a JSON-RPC 2.0 request with its own id.
    expect(FakeSocket.last.sent).toEqual([
      { jsonrpc: '2.0', id: 1, method: 'detectUrl', params: ['http://kiosk.local/'] },
      { jsonrpc: '2.0', id: 2, method: 'wiegand', params: [0, '12345'] },
      { jsonrpc: '2.0', id: 3, method: 'enable_relay1', params: [] },
    ]);
    hardware.stop();
  });

  it('holds each code\'s opening under way, the last begun, until it ends', async () => {
    const { hardware } = setup();
    FakeSocket.last.open();
    expect(hardware.opening('12345')).toBeUndefined();
    const first = hardware.openGate('12345');
    expect(hardware.opening('12345')).toBe(first);
    const again = hardware.openGate('12345');
    const other = hardware.openGate('54321');
    expect(hardware.opening('12345')).toBe(again);
    expect(hardware.opening('54321')).toBe(other);
    await vi.advanceTimersByTimeAsync(600);
    await Promise.all([first, again, other]);
    expect(hardware.opening('12345')).toBeUndefined();
    expect(hardware.opening('54321')).toBeUndefined();
    // One that fails is let go as well.
    hardware.stop();
    const refused = hardware.openGate('');
    await expect(refused).rejects.toThrow('No code to signal');
    expect(hardware.opening('')).toBeUndefined();
  });

  it('times the relay from the wiegand signal, not from its answer (a panel that answers after 300 ms)', async () => {
    const { hardware } = setup();
    const socket = FakeSocket.last;
    socket.byMethod = { wiegand: { delayMs: 300 } };
    socket.open();
    let settled = false;
    const opened = hardware.openGate('12345').finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(599);
    expect(socket.calls()).toEqual([detect, ['wiegand', [0, '12345']]]);
    await vi.advanceTimersByTimeAsync(1);
    expect(socket.calls()).toEqual([detect, ['wiegand', [0, '12345']], ['enable_relay1', []]]);
    await expect(opened).resolves.toBeUndefined();
    expect(settled).toBe(true);
    hardware.stop();
  });

  it('pulses the relay at 600 ms even when wiegand is answered later, and is done once both are answered', async () => {
    const { hardware } = setup();
    const socket = FakeSocket.last;
    socket.byMethod = { wiegand: { delayMs: 900 }, enable_relay1: { delayMs: 50 } };
    socket.open();
    let settled = false;
    const opened = hardware.openGate('12345').finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(600);
    expect(socket.calls().map(([method]) => method)).toEqual(['detectUrl', 'wiegand', 'enable_relay1']);
    await vi.advanceTimersByTimeAsync(299);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(opened).resolves.toBeUndefined();
    hardware.stop();
  });

  it('a wiegand refused after 300 ms fails the opening; the relay still leaves at 600 ms', async () => {
    const { hardware } = setup();
    const socket = FakeSocket.last;
    socket.byMethod = { wiegand: { answer: 'error', delayMs: 300 } };
    socket.open();
    const opened = expect(hardware.openGate('12345')).rejects.toThrow('wiegand failed: busy');
    await vi.advanceTimersByTimeAsync(600);
    await opened;
    expect(socket.calls()).toEqual([detect, ['wiegand', [0, '12345']], ['enable_relay1', []]]);
    hardware.stop();
  });

  it('a relay that never answers fails the opening 5000 ms after it was sent', async () => {
    const { hardware } = setup();
    const socket = FakeSocket.last;
    socket.byMethod = { enable_relay1: { answer: 'none' } };
    socket.open();
    let failure: unknown = null;
    const opened = hardware.openGate('12345').catch((error: unknown) => (failure = error));
    await vi.advanceTimersByTimeAsync(600 + 4999);
    expect(failure).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    await opened;
    expect(failure).toEqual(new Error('enable_relay1 timed out'));
    hardware.stop();
  });

  it('rejects an empty code without sending anything', async () => {
    const { hardware } = setup();
    FakeSocket.last.open();
    await expect(hardware.openGate('')).rejects.toThrow('No code to signal: gate not opened');
    expect(FakeSocket.last.calls()).toEqual([detect]);
    hardware.stop();
  });

  it('turns facility and refresh notifications into events, and logs none of them', () => {
    const { hardware, notifications, log } = setup();
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
    expect(log).not.toHaveBeenCalled();
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
      // A code sent as text is kept as it was read, not as the JSON around it.
      [{ code: '12AB' }, '12AB'],
      [['12AB', 3], '12AB'],
      [{ code: '' }, ''],
      [{ code: -5 }, '{"code":-5}'],
      [[], '[]'],
      [{ code: 'x'.repeat(100) }, 'x'.repeat(32)],
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

  it('waits on while the page was too busy to see an open event: a connect timer 4 s late gives it another second', async () => {
    let blocked = 0;
    const { hardware, log } = setup({ now: () => Date.now() + blocked });
    const slow = FakeSocket.last;
    // The main thread blocked for 4 s: time passed that no timer saw.
    blocked = 4_000;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(slow.closed).toBe(false);
    expect(log).not.toHaveBeenCalledWith('Hardware socket: connection not open in time', expect.anything());
    slow.open();
    expect(slow.calls()).toEqual([['detectUrl', ['http://kiosk.local/']]]);
    expect(FakeSocket.all).toHaveLength(1);
    hardware.stop();
  });

  it("takes a reply that waited behind a busy page: a request's 5 s are not counted while the page could not run", async () => {
    let blocked = 0;
    const { hardware, log } = setup({ now: () => Date.now() + blocked });
    const socket = FakeSocket.last;
    socket.answer = 'none';
    socket.open();
    expect(socket.calls()).toEqual([['detectUrl', ['http://kiosk.local/']]]);
    blocked = 4_000;
    await vi.advanceTimersByTimeAsync(5_000);
    socket.receive({ jsonrpc: '2.0', id: socket.sent[0]!.id, result: true });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(log.mock.calls.map(([message]) => message)).toEqual([]);
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
    // The error says the code signal never left, unlike 'relay not pulsed' below.
    const opened = expect(hardware.openGate('12345')).rejects.toThrow(/unreachable.*gate not opened/);
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

  it('a reconnection during the 600 ms does not cut the relay delay short', async () => {
    const { hardware } = setup();
    FakeSocket.last.open();
    const opened = hardware.openGate('12345');
    FakeSocket.last.drop();
    const sockets = FakeSocket.all.length;
    await vi.advanceTimersByTimeAsync(500);
    expect(FakeSocket.all).toHaveLength(sockets + 1);
    FakeSocket.last.open();
    await vi.advanceTimersByTimeAsync(99);
    expect(FakeSocket.last.calls()).toEqual([detect]);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.last.calls()).toEqual([detect, ['enable_relay1', []]]);
    await expect(opened).resolves.toBeUndefined();
    hardware.stop();
  });

  it('the relay may wait for the socket until 10600 ms after the opening began, not longer', async () => {
    const { hardware } = setup();
    FakeSocket.last.open();
    let failure: unknown = null;
    const opened = hardware.openGate('12345').catch((error: unknown) => (failure = error));
    FakeSocket.last.drop();
    await vi.advanceTimersByTimeAsync(10_599);
    expect(failure).toBeNull();
    FakeSocket.last.open();
    await vi.advanceTimersByTimeAsync(1);
    await opened;
    expect(failure).toBeNull();
    expect(FakeSocket.last.calls()).toEqual([detect, ['enable_relay1', []]]);
    hardware.stop();
  });

  it('a relay whose answer is lost with the socket fails the opening (the pulse may not have happened)', async () => {
    const { hardware } = setup();
    const socket = FakeSocket.last;
    socket.byMethod = { enable_relay1: { answer: 'none' } };
    socket.open();
    const opened = expect(hardware.openGate('12345')).rejects.toThrow('Hardware socket closed');
    await vi.advanceTimersByTimeAsync(600);
    socket.drop();
    await opened;
    hardware.stop();
  });

  it('a wiegand whose answer is lost with the socket still counts as sent', async () => {
    const { hardware } = setup();
    const first = FakeSocket.last;
    first.byMethod = { wiegand: { answer: 'none' } };
    first.open();
    const opened = hardware.openGate('12345');
    await vi.advanceTimersByTimeAsync(600);
    expect(first.calls().map(([method]) => method)).toEqual(['detectUrl', 'wiegand', 'enable_relay1']);
    first.drop();
    await expect(opened).resolves.toBeUndefined();
    hardware.stop();
  });

  it('reads an error answer given as text, and logs a reply nobody waits for', async () => {
    const { hardware, log } = setup();
    const socket = FakeSocket.last;
    socket.answer = 'none';
    socket.open();
    const opened = expect(hardware.openGate('12345')).rejects.toThrow('wiegand failed: no card reader');
    socket.receive({ jsonrpc: '2.0', id: 2, error: 'no card reader' });
    socket.receive({ jsonrpc: '2.0', id: 99, result: true });
    expect(log).toHaveBeenCalledWith('Hardware socket: reply to an unknown request', { jsonrpc: '2.0', id: 99, result: true });
    await vi.advanceTimersByTimeAsync(600);
    socket.receive({ jsonrpc: '2.0', id: 3, result: true });
    await opened;
    hardware.stop();
  });

  it('a notification that carries an id is still a notification', () => {
    const { hardware, notifications } = setup();
    FakeSocket.last.open();
    FakeSocket.last.receive({ jsonrpc: '2.0', id: 7, method: 'refresh' });
    expect(notifications).toEqual([{ kind: 'refresh' }]);
    hardware.stop();
  });

  it('says what it dropped or could not read, in the lines it logs', () => {
    const { hardware, log } = setup();
    const socket = FakeSocket.last;
    socket.open();
    socket.receive('{not json');
    socket.receive('[1,2]');
    socket.receive('null');
    socket.receive({ jsonrpc: '2.0', method: 'reboot' });
    socket.receive({ jsonrpc: '2.0', method: 'facility', params: { code: '12a4' } });
    expect(log.mock.calls).toEqual([
      ['Hardware socket: unparsable message', '{not json'],
      ['Hardware socket: unexpected message', [1, 2]],
      ['Hardware socket: unexpected message', null],
      ['Hardware socket: ignored notification', { jsonrpc: '2.0', method: 'reboot' }],
      ['Hardware socket: unreadable facility read', '12a4'],
    ]);
    hardware.stop();
  });

  it('reads frames up to 64 KiB and drops longer ones, logging their size and start', () => {
    const { hardware, log, notifications } = setup();
    const socket = FakeSocket.last;
    socket.open();
    const frame = (length: number) => {
      const head = '{"jsonrpc":"2.0","method":"refresh","pad":"';
      return head + 'x'.repeat(length - head.length - 2) + '"}';
    };
    socket.receive(frame(64 * 1024));
    expect(notifications).toEqual([{ kind: 'refresh' }]);
    socket.receive(frame(64 * 1024 + 1));
    expect(notifications).toHaveLength(1);
    expect(log).toHaveBeenCalledWith(`Hardware socket: dropped a ${64 * 1024 + 1}-character frame`, frame(64 * 1024 + 1).slice(0, 200));
    hardware.stop();
  });

  it('logs a socket error once per outage, and the back-off stops growing at 30 s', async () => {
    const { hardware, log } = setup();
    for (let attempt = 0; attempt < 8; attempt += 1) {
      FakeSocket.last.onerror?.(new Event('error'));
      FakeSocket.last.drop();
      await vi.advanceTimersByTimeAsync(30_000);
    }
    expect(log.mock.calls.filter(([message]) => message === 'Hardware socket error')).toEqual([
      ['Hardware socket error', { url: 'ws://panel.local/hardware' }],
    ]);
    // 500, 1000, ... 16000, then 30000 each time (not 32000, 64000).
    const sockets = FakeSocket.all.length;
    FakeSocket.last.drop();
    await vi.advanceTimersByTimeAsync(29_999);
    expect(FakeSocket.all).toHaveLength(sockets);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.all).toHaveLength(sockets + 1);
    hardware.stop();
  });

  it('a socket that cannot even be created is tried again with back-off', async () => {
    const log = vi.fn();
    let attempts = 0;
    const Refusing = class extends FakeSocket {
      constructor(url: string) {
        attempts += 1;
        if (attempts < 3) throw new Error('bad url');
        super(url);
      }
    };
    const hardware = createHardwareSocket({ url: 'ws://panel.local/hardware', getDetectUrl: () => '', log, WebSocketImpl: Refusing });
    hardware.start(() => undefined);
    expect(log).toHaveBeenCalledWith('Hardware socket: cannot connect', new Error('bad url'));
    await vi.advanceTimersByTimeAsync(499);
    expect(attempts).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempts).toBe(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(attempts).toBe(3);
    expect(FakeSocket.all).toHaveLength(1);
    hardware.stop();
  });

  it('start twice keeps one socket; detectUrl is read on each connection', async () => {
    let href = 'http://kiosk.local/a';
    const hardware = createHardwareSocket({ url: 'ws://panel.local/hardware', getDetectUrl: () => href, log: vi.fn(), WebSocketImpl: FakeSocket });
    hardware.start(() => undefined);
    hardware.start(() => undefined);
    expect(FakeSocket.all).toHaveLength(1);
    FakeSocket.last.open();
    href = 'http://kiosk.local/b';
    FakeSocket.last.drop();
    // Started again while waiting out the back-off: still one reconnection, when the back-off ends.
    hardware.start(() => undefined);
    await vi.advanceTimersByTimeAsync(499);
    expect(FakeSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.last.open();
    expect(FakeSocket.all.map((socket) => socket.calls())).toEqual([[['detectUrl', ['http://kiosk.local/a']]], [['detectUrl', ['http://kiosk.local/b']]]]);
    hardware.stop();
  });

  it('a detectUrl the panel refuses is logged, and the socket still opens the gate', async () => {
    const { hardware, log } = setup();
    const socket = FakeSocket.last;
    socket.byMethod = { detectUrl: { answer: 'error', delayMs: 300 } };
    socket.open();
    await vi.advanceTimersByTimeAsync(300);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('detectUrl'), new Error('detectUrl failed: busy'));
    const opened = hardware.openGate('12345');
    await vi.advanceTimersByTimeAsync(600);
    await expect(opened).resolves.toBeUndefined();
    expect(socket.calls()).toEqual([detect, ['wiegand', [0, '12345']], ['enable_relay1', []]]);
    hardware.stop();
  });

  it('stopped and started again, it signals the gate only once the new socket is open', async () => {
    const { hardware } = setup();
    FakeSocket.last.open();
    hardware.stop();
    hardware.start(() => undefined);
    const second = FakeSocket.last;
    expect(FakeSocket.all).toHaveLength(2);
    const opened = hardware.openGate('12345');
    await vi.advanceTimersByTimeAsync(100);
    expect(second.calls()).toEqual([]);
    second.open();
    await vi.advanceTimersByTimeAsync(600);
    await expect(opened).resolves.toBeUndefined();
    expect(second.calls()).toEqual([detect, ['wiegand', [0, '12345']], ['enable_relay1', []]]);
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
