import fc from 'fast-check';
import { parseInstant } from './accessRequestKey';
import { parseAcceptedRequests } from './acceptedRequests';
import { accessQueueSlice, accessRequestsAccepted, type AccessRequest } from './accessQueueSlice';

const RUNS = { numRuns: 200 };
const at = '2026-11-21T10:00:00.123Z';
const request = (user_code: string, created_at = at, access_granted = true): AccessRequest => ({ user_code, access_granted, created_at });

/** The queue left after the server's answer `raw`. */
function afterAnswer(queue: AccessRequest[], raw: unknown): AccessRequest[] {
  return accessQueueSlice.reducer({ items: queue }, accessRequestsAccepted({ sent: queue, echoed: parseAcceptedRequests(raw) })).items;
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
    expect(afterAnswer(queue, [{ ...request('10001'), created_at: '2026-11-21T10:00:01Z' }])).toEqual(queue);
    expect(afterAnswer(queue, [{ ...request('10001'), created_at: '2026-11-21T10:00:00.124Z' }])).toEqual(queue);
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

  /** A code as the server compares it: an all-digit code without leading zeros. */
  const codeOf = (code: string) => (/^\d+$/.test(code.trim()) ? code.trim().replace(/^0+(?=\d)/, '') : code.trim());

  it('removes one item per echo, however the echo is spelled, with junk around it, and only items an echo stands for (property-based)', () => {
    fc.assert(
      fc.property(queueAndAnswer, ({ queue, accepted, junk, answer }) => {
        fc.pre(parseAcceptedRequests(junk).length === 0);
        const left = afterAnswer(queue, answer);
        expect(left).toHaveLength(queue.length - accepted.length);
        // What is left is the queue in its order, less some items.
        let next = 0;
        for (const item of left) {
          next = queue.indexOf(item, next) + 1;
          expect(next).toBeGreaterThan(0);
        }
        // Each item removed has an accepted one of its code and outcome within a second of it.
        const removed = queue.filter((item) => !left.includes(item));
        for (const item of removed) {
          const near = accepted.some(
            (echo) =>
              codeOf(echo.user_code) === codeOf(item.user_code) &&
              echo.access_granted === item.access_granted &&
              Math.abs(Date.parse(echo.created_at) - Date.parse(item.created_at)) < 1_000,
          );
          expect(near, JSON.stringify(item)).toBe(true);
        }
      }),
      RUNS,
    );
  });
});

describe('echoes a real back end produces (table-driven: what the stored queue keeps)', () => {
  const queued = (created_at: string, user_code = '10001') => request(user_code, created_at);

  it.each([
    ['a zone an hour ahead, with microseconds', '2026-11-23T07:00:00.123Z', '2026-11-23T08:00:00.123456+01:00'],
    ['a lower-case z', '2026-11-23T08:00:00.000Z', '2026-11-23t08:00:00.000z'],
    ['no fraction', '2026-11-23T08:00:00.000Z', '2026-11-23T08:00:00Z'],
    ['one fraction digit (.5 is 500 ms)', '2026-11-23T08:00:00.500Z', '2026-11-23T08:00:00.5Z'],
    ['two fraction digits (.25 is 250 ms)', '2026-11-23T08:00:00.250Z', '2026-11-23T08:00:00.25+00:00'],
    ['leading and trailing spaces', '2026-11-23T08:00:00.000Z', '  2026-11-23 09:00:00+01:00 '],
  ])('removes the item echoed with %s', (_what, kiosk, echo) => {
    expect(afterAnswer([queued(kiosk)], [queued(echo)])).toEqual([]);
  });

  it.each([
    ['whole seconds, cut', '2026-11-23T08:00:00.999Z', '2026-11-23T08:00:00Z'],
    ['whole seconds, rounded up', '2026-11-23T08:00:00.500Z', '2026-11-23T08:00:01Z'],
    ['whole seconds in another zone', '2026-11-23T08:00:00.123Z', '2026-11-23T09:00:00+01:00'],
    ['whole seconds with a space and no zone (a SQL DATETIME)', '2026-11-23T08:00:00.123Z', '2026-11-23 08:00:00'],
    ['tenths', '2026-11-23T08:00:00.149Z', '2026-11-23T08:00:00.1Z'],
    ['hundredths', '2026-11-23T08:00:00.125Z', '2026-11-23T08:00:00.12Z'],
    ['minutes', '2026-11-23T08:00:59.999Z', '2026-11-23T08:00Z'],
    ['microseconds', '2026-11-23T08:00:00.123Z', '2026-11-23T08:00:00.123000Z'],
  ])('removes the item echoed at a coarser or finer precision: %s', (_what, kiosk, echo) => {
    expect(afterAnswer([queued(kiosk)], [queued(echo)])).toEqual([]);
  });

  it.each([
    ['the next second', '2026-11-23T08:00:00.123Z', '2026-11-23T08:00:01Z'],
    ['the second before', '2026-11-23T08:00:00.499Z', '2026-11-23T07:59:59Z'],
    ['another tenth', '2026-11-23T08:00:00.250Z', '2026-11-23T08:00:00.1Z'],
  ])('keeps the item a coarser time cannot stand for: %s', (_what, kiosk, echo) => {
    expect(afterAnswer([queued(kiosk)], [queued(echo)])).toEqual([queued(kiosk)]);
  });

  it('two reads of one code in one stored second: one echo removes one, a second echo the other', () => {
    const first = queued('2026-11-23T08:00:00.100Z');
    const second = queued('2026-11-23T08:00:00.900Z');
    const echo = queued('2026-11-23T08:00:00Z');
    const left = afterAnswer([first, second], [echo]);
    expect(left).toHaveLength(1);
    expect(afterAnswer(left, [echo])).toEqual([]);
    expect(afterAnswer([first, second], [echo, echo])).toEqual([]);
  });

  it('an exact echo takes its own item, not an earlier one its second also covers', () => {
    const early = queued('2026-11-23T08:00:00.300Z');
    const exact = queued('2026-11-23T08:00:00.000Z');
    expect(afterAnswer([early, exact], [queued('2026-11-23T08:00:00Z')])).toEqual([early]);
  });

  it.each([
    ['month 00', '2025-12-10T08:00:00.000Z', '2026-00-10T08:00:00.000Z'],
    ['month 13', '2027-01-10T08:00:00.000Z', '2026-13-10T08:00:00.000Z'],
    ['day 00', '2026-11-30T08:00:00.000Z', '2026-12-00T08:00:00.000Z'],
    ['day 32', '2026-11-01T08:00:00.000Z', '2026-10-32T08:00:00.000Z'],
    ['31 November', '2026-12-01T08:00:00.000Z', '2026-11-31T08:00:00.000Z'],
    ['29 February of a common year', '2026-03-01T08:00:00.000Z', '2026-02-29T08:00:00.000Z'],
    ['hour 24', '2026-11-24T00:00:00.000Z', '2026-11-23T24:00:00.000Z'],
    ['minute 60', '2026-11-23T09:00:00.000Z', '2026-11-23T08:60:00.000Z'],
    ['second 60', '2026-11-23T08:01:00.000Z', '2026-11-23T08:00:60.000Z'],
    ['a one-digit fraction read as 5 ms', '2026-11-23T08:00:00.005Z', '2026-11-23T08:00:00.5Z'],
  ])('keeps the item when the echo names an impossible or another time: %s', (_what, kiosk, echo) => {
    expect(afterAnswer([queued(kiosk)], [queued(echo)])).toEqual([queued(kiosk)]);
  });

  it('a 29 February of a leap year is a real day', () => {
    expect(parseInstant('2028-02-29T08:00:00Z')).toBe(Date.UTC(2028, 1, 29, 8));
    expect(parseInstant('2026-02-29T08:00:00Z')).toBeNull();
  });

  it('matches a created_at that names no instant as text, spaces aside', () => {
    const odd = queued('not a time');
    expect(afterAnswer([odd], [queued('  not a time ')])).toEqual([]);
    expect(afterAnswer([odd], [queued('not a time, later')])).toEqual([odd]);
  });

  it.each([
    ['an all-digit code echoed as a number', '00777', 777, true],
    ['an all-digit code echoed without its leading zeros', '00777', '777', true],
    ['an all-digit code echoed with spaces', '10001', ' 10001 ', true],
    ['a code of zeros echoed as 0', '00000', 0, true],
    ['another number', '00777', '778', false],
    ['a code ending in letters, echoed without leading zeros', '007A', '7A', false],
    ['a code with a letter inside, echoed with one zero fewer', '00A7', '0A7', false],
    ['a code starting with a letter', 'A0777', 'A777', false],
    ['a non-digit code echoed as it is', 'A0777', 'A0777', true],
  ])('%s: removed %s', (_what, code, echoed, removed) => {
    const item = request(code);
    const left = afterAnswer([item], [{ ...item, user_code: echoed }]);
    expect(left).toEqual(removed ? [] : [item]);
  });
});

describe('an answer is matched against the batch it answers', () => {
  it('an echo removes an item of the batch sent, never an item of the queue outside it', () => {
    const outside = request('10001', '2026-11-21T10:00:00.100Z');
    const sent = [request('10001', '2026-11-21T10:00:00.900Z')];
    // A back end storing seconds: 10:00:00 could stand for either; only the one sent is removed.
    const echoed = parseAcceptedRequests([{ user_code: '10001', access_granted: true, created_at: '2026-11-21T10:00:00Z' }]);
    const left = accessQueueSlice.reducer({ items: [outside, ...sent] }, accessRequestsAccepted({ sent, echoed })).items;
    expect(left).toEqual([outside]);
    expect(left[0]).toBe(outside);
  });
});
