import { CLIENT_EVENT_MAX_BYTES, createClientEventPacer, PACING_WINDOW_MS, type ClientEvent } from './clientEventPacer';

const CHANNEL = 'private-telephone-entry-property-7';
const candidate = (n: number): ClientEvent => ({
  channel: CHANNEL,
  event: 'client-candidate',
  data: { candidate: { candidate: `candidate:${n} 1 udp 1 192.0.2.${n} 9 typ host` }, call_id: 'call-1', from: 7 },
});
const answer: ClientEvent = { channel: CHANNEL, event: 'client-sdp', data: { sdp: { type: 'answer', sdp: 'v=0' }, call_id: 'call-1', from: 7 } };
const hangup: ClientEvent = { channel: CHANNEL, event: 'client-hangup', data: { call_id: 'call-1', from: 7 } };

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] }));
afterEach(() => vi.useRealTimers());

function pacer() {
  const wire: Array<{ at: number; event: string; data: unknown }> = [];
  const logger = { error: vi.fn<(message: string, meta?: unknown) => void>(), warn: vi.fn<(message: string, meta?: unknown) => void>() };
  const paced = createClientEventPacer({ send: ({ event, data }) => wire.push({ at: performance.now(), event, data }), logger });
  /** The most events the wire carried in any one second. */
  const mostInASecond = () => Math.max(0, ...wire.map(({ at }) => wire.filter((other) => other.at >= at && other.at < at + 1000).length));
  return { paced, wire, logger, mostInASecond };
}

describe('client event pacing', () => {
  it('sends an answer and a burst of 16 candidates with at most 10 events in any second, candidates in the order found', async () => {
    const { paced, wire, mostInASecond } = pacer();
    const found = performance.now();
    expect(paced.enqueue(answer)).toBe(true);
    for (let n = 1; n <= 16; n += 1) {
      paced.enqueue(candidate(n));
      await vi.advanceTimersByTimeAsync(8); // the browser finds them over 130 ms
    }
    await vi.advanceTimersByTimeAsync(3 * PACING_WINDOW_MS);
    expect(wire.map(({ event }) => event)).toEqual(['client-sdp', ...Array<string>(16).fill('client-candidate')]);
    expect(wire.slice(1).map(({ data }) => data)).toEqual(Array.from({ length: 16 }, (_, i) => candidate(i + 1).data));
    expect(mostInASecond()).toBeLessThanOrEqual(10);
    expect(wire[1]!.at - found).toBeLessThanOrEqual(50);
  });

  it('never holds the answer behind candidates, and keeps room for a hangup in a burst', async () => {
    const { paced, wire } = pacer();
    for (let n = 1; n <= 12; n += 1) paced.enqueue(candidate(n));
    expect(wire).toHaveLength(9);
    paced.enqueue(answer);
    paced.enqueue(hangup);
    // The answer takes the place kept for events other than candidates at once; the hangup is next, ahead of the candidates.
    expect(wire.map(({ event }) => event).slice(9)).toEqual(['client-sdp']);
    await vi.advanceTimersByTimeAsync(PACING_WINDOW_MS);
    expect(wire.map(({ event }) => event).slice(9)).toEqual(['client-sdp', 'client-hangup', 'client-candidate', 'client-candidate', 'client-candidate']);
  });

  it('sends an event the server refused (4301) again once the window has passed, logging it once per call', async () => {
    const { paced, wire, logger } = pacer();
    for (let n = 1; n <= 9; n += 1) paced.enqueue(candidate(n));
    paced.refused();
    paced.enqueue(candidate(10));
    paced.refused();
    expect(wire).toHaveLength(9);
    await vi.advanceTimersByTimeAsync(PACING_WINDOW_MS - 1);
    expect(wire).toHaveLength(9);
    await vi.advanceTimersByTimeAsync(PACING_WINDOW_MS);
    // The two last sent went again, the last refused first; the one queued meanwhile after them.
    expect(wire.slice(9).map(({ data }) => data)).toEqual([candidate(8).data, candidate(9).data, candidate(10).data]);
    // A warning: the kiosk recovered, so the panel's console shows no error for it.
    expect(logger.warn.mock.calls).toEqual([['Realtime event refused by the rate limit: sent again', { event: 'client-candidate', call_id: 'call-1' }]]);
    expect(logger.error).not.toHaveBeenCalled();
  });

  it(`does not send an event over ${CLIENT_EVENT_MAX_BYTES} bytes, and says so`, () => {
    const { paced, wire, logger } = pacer();
    const big: ClientEvent = { ...answer, data: { sdp: { type: 'answer', sdp: 'a'.repeat(CLIENT_EVENT_MAX_BYTES) }, call_id: 'call-1', from: 7 } };
    expect(paced.enqueue(big)).toBe(false);
    expect(paced.enqueue(answer)).toBe(true);
    expect(wire.map(({ event }) => event)).toEqual(['client-sdp']);
    expect(logger.error).toHaveBeenCalledWith(`Realtime event client-sdp not sent: over ${CLIENT_EVENT_MAX_BYTES} bytes`, { bytes: expect.any(Number) as number });
  });

  it('stop drops the queue and its timer', async () => {
    const { paced, wire } = pacer();
    for (let n = 1; n <= 12; n += 1) paced.enqueue(candidate(n));
    paced.stop();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(5 * PACING_WINDOW_MS);
    expect(wire).toHaveLength(9);
  });
});
