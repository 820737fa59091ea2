import fc from 'fast-check';
import { accessRequestKey, parseInstant } from './accessRequestKey';
import { accessQueueSlice, accessRequestsAccepted, parseAcceptedRequests, type AccessRequest } from './accessQueueSlice';

const RUNS = { numRuns: 200 };
const at = '2026-11-21T10:00:00.123Z';
const request = (user_code: string, created_at = at, access_granted = true): AccessRequest => ({ user_code, access_granted, created_at });

/** The queue left after the server's answer `raw`. */
function afterAnswer(queue: AccessRequest[], raw: unknown): AccessRequest[] {
  return accessQueueSlice.reducer({ items: queue }, accessRequestsAccepted(parseAcceptedRequests(raw))).items;
}

describe('the instant of created_at', () => {
  it('is the same for ".000Z", "Z", "+00:00", microseconds, another zone and a space for the T', () => {
    const expected = Date.UTC(2026, 10, 21, 10, 0, 0);
    for (const spelling of [
      '2026-11-21T10:00:00.000Z',
      '2026-11-21T10:00:00Z',
      '2026-11-21T10:00:00+00:00',
      '2026-11-21T10:00:00.000000Z',
      '2026-11-21T10:00:00.000000+00:00',
      '2026-11-21T12:00:00+02:00',
      '2026-11-21T05:30:00-0430',
      '2026-11-21 10:00:00',
      '2026-11-21t10:00:00z',
    ]) {
      expect(parseInstant(spelling), spelling).toBe(expected);
    }
    expect(parseInstant('2026-11-21T10:00:00.123456Z')).toBe(expected + 123);
  });

  it('is null for what names no instant', () => {
    for (const bad of ['', 'yesterday', '2026-13-01T00:00:00Z', '2026-11-21', '2026-11-21T25:00:00Z', '1700000000000']) {
      expect(parseInstant(bad), bad).toBeNull();
    }
  });

  it('reads back every instant the kiosk writes, and the same instant in any zone with microseconds (property-based)', () => {
    const date = fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true });
    fc.assert(
      fc.property(date, fc.integer({ min: -12 * 60, max: 14 * 60 }), (when, offset) => {
        expect(parseInstant(when.toISOString())).toBe(when.getTime());
        const local = new Date(when.getTime() + offset * 60000).toISOString().slice(0, 23);
        const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
        const minutes = String(Math.abs(offset) % 60).padStart(2, '0');
        expect(parseInstant(`${local}000${offset < 0 ? '-' : '+'}${hours}:${minutes}`)).toBe(when.getTime());
      }),
      RUNS,
    );
  });
});

describe('matching the server echo', () => {
  it('takes user_code as text, access_granted as a boolean and created_at as an instant', () => {
    const queue = [request('10001'), request('00777'), request('99999', at, false), request('20001')];
    const left = afterAnswer(queue, [
      { user_code: 10001, access_granted: 1, created_at: '2026-11-21T10:00:00.123000Z' },
      { user_code: 777, access_granted: 'true', created_at: '2026-11-21T10:00:00.123+00:00' },
      { user_code: ' 99999 ', access_granted: '0', created_at: '2026-11-21 10:00:00.123' },
    ]);
    expect(left).toEqual([request('20001')]);
  });

  it('keeps an item whose echo differs in code, outcome or time', () => {
    const queue = [request('10001')];
    expect(afterAnswer(queue, [request('10002')])).toEqual(queue);
    expect(afterAnswer(queue, [{ ...request('10001'), access_granted: false }])).toEqual(queue);
    expect(afterAnswer(queue, [{ ...request('10001'), created_at: '2026-11-21T10:00:00Z' }])).toEqual(queue);
    expect(afterAnswer(queue, [{ ...request('10001'), created_at: '2026-11-21T10:00:00.123+01:00' }])).toEqual(queue);
  });

  const queuedRequest = fc.record({
    user_code: fc.oneof(fc.stringMatching(/^\d{1,8}$/), fc.string({ maxLength: 8 })),
    access_granted: fc.boolean(),
    created_at: fc.date({ min: new Date('2020-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }).map((d) => d.toISOString()),
  });
  const TRUE_SPELLINGS = [true, 1, '1', 'true'];
  const FALSE_SPELLINGS = [false, 0, '0', 'false'];
  const TIME_SPELLINGS = [
    (iso: string) => iso,
    (iso: string) => iso.replace('Z', '+00:00'),
    (iso: string) => iso.replace('Z', '000Z'),
    (iso: string) => iso.replace('T', ' ').replace('Z', ''),
    (iso: string) => iso.replace(/\.000Z$/, 'Z'),
  ];

  /** The item as a server might echo it: the code as a number, the outcome and the time in another spelling. */
  const echoOf = (item: AccessRequest) =>
    fc.record({ codeAsNumber: fc.boolean(), flag: fc.nat(3), time: fc.nat(TIME_SPELLINGS.length - 1) }).map(({ codeAsNumber, flag, time }) => ({
      user_code: codeAsNumber && /^\d{1,8}$/.test(item.user_code) ? Number(item.user_code) : item.user_code,
      access_granted: (item.access_granted ? TRUE_SPELLINGS : FALSE_SPELLINGS)[flag],
      created_at: TIME_SPELLINGS[time]!(item.created_at),
    }));

  /** A queue, the items the server accepted, and its answer: their echoes mixed with junk, in any order. */
  const queueAndAnswer = fc.array(queuedRequest, { maxLength: 30 }).chain((queue) =>
    fc.subarray(queue).chain((accepted) =>
      fc.tuple(fc.tuple(...accepted.map(echoOf)), fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 })).chain(([echoes, junk]) =>
        fc.record({
          queue: fc.constant(queue),
          accepted: fc.constant(accepted),
          junk: fc.constant(junk),
          answer: fc.shuffledSubarray([...echoes, ...junk], { minLength: echoes.length + junk.length }),
        }),
      ),
    ),
  );

  it('removes exactly the echoed items, however the echo is spelled, with junk around it (property-based)', () => {
    fc.assert(
      fc.property(queueAndAnswer, ({ queue, accepted, junk, answer }) => {
        const left = afterAnswer(queue, answer);
        const gone = new Set([...accepted, ...parseAcceptedRequests(junk)].map(accessRequestKey));
        // Nothing echoed stays; an item goes only if it, or the same record, was echoed.
        for (const item of accepted) expect(left).not.toContainEqual(item);
        expect(left).toEqual(queue.filter((item) => !gone.has(accessRequestKey(item))));
      }),
      RUNS,
    );
  });
});
