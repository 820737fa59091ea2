// A long outage: the API down for an hour (on the page's clock) while 200
// cards are read at the panel, the page reloaded twice on the way, and the
// answer to the first send after the outage lost. Every record reaches the
// back end, and the kiosk keeps none the back end acknowledged.
import {
  API_DOWN_ERRORS,
  CHANNEL_DOWN_ERRORS,
  countPusherConnections,
  expect,
  fastForwardUntil,
  HARDWARE_OVERTAKEN_ERRORS,
  KNOWN,
  nextLoad,
  records,
  storedQueue,
  test,
  waitForHardwareSocket,
  type QueuedRequest as Item,
  type SimRecord,
} from './fixtures';

const ATTEMPTS = 200;
const ROUNDS = 12;
const HOUR_MS = 60 * 60 * 1000;
/** Codes that open the gate, one of them in each round; the rest are refused reads of distinct codes. */
const VALID = [KNOWN.residentCode, KNOWN.residentCredential, KNOWN.staffCode, KNOWN.propertyGuestCode, KNOWN.activeUnitGuestCode];

const triple = (item: Item) => JSON.stringify([item.user_code, item.created_at, item.access_granted]);

test('200 attempts during an hour-long API outage, two reloads and a lost answer: every record reaches the server, none acknowledged is kept', async ({
  page,
  kiosk,
  sim,
  allowConsoleErrors,
  waitForRecords,
}) => {
  test.setTimeout(180_000);
  // The hour of refused requests, the answer that never comes (an empty response),
  // and the clock's 5-minute jumps overtaking the gate's answers to the last reads
  // and the channel's ping (its pong comes in real time, after the jump gave up on it).
  allowConsoleErrors(...API_DOWN_ERRORS, /^Failed to load resource: net::ERR_/, ...HARDWARE_OVERTAKEN_ERRORS, ...CHANNEL_DOWN_ERRORS);
  const pusher = countPusherConnections(page);
  const announces = (r: SimRecord) => r.direction === 'in' && r.method === 'detectUrl';
  await page.clock.install();
  await kiosk.open(page, { model: 'GEN2' });
  await waitForHardwareSocket(sim);
  await expect.poll(() => pusher.established).toBe(1);
  sim.setOffline(true);

  const attempts: Array<{ code: string; granted: boolean }> = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const count = Math.round(((round + 1) * ATTEMPTS) / ROUNDS) - attempts.length;
    for (let i = 0; i < count; i += 1) {
      const valid = i === 0 ? VALID[round % VALID.length]! : null;
      const code = valid ?? String(90000 + attempts.length);
      attempts.push({ code, granted: valid !== null });
      expect(sim.facility(code)).toBe(1);
    }
    // Every read is queued before the clock moves on.
    await expect.poll(async () => (await storedQueue(page)).length).toBe(attempts.length);
    if (round === 3 || round === 7) {
      // The panel reloads the page, as after a refresh from its daemon.
      const connections = pusher.established;
      const announced = records(sim, 'hardware').filter(announces).length;
      const reloaded = nextLoad(page);
      sim.refresh();
      await reloaded;
      // The new page's socket, open: the simulator may still count the old page's, and a jump of the
      // clock before the new one opens would give up on it.
      await waitForRecords('hardware', announces, announced + 1);
      await expect.poll(() => pusher.established).toBeGreaterThan(connections);
    }
    await page.clock.fastForward(HOUR_MS / ROUNDS);
  }
  expect(attempts).toHaveLength(ATTEMPTS);
  expect(records(sim, 'accessRequests')).toEqual([]);
  const queued = await storedQueue(page);
  expect(queued.map((item) => [item.user_code, item.access_granted])).toEqual(attempts.map((a) => [a.code, a.granted]));
  // The hour shows in the records' times.
  expect(Date.parse(queued.at(-1)!.created_at) - Date.parse(queued[0]!.created_at)).toBeGreaterThan(HOUR_MS - HOUR_MS / ROUNDS - 60_000);

  // The API is back, and the answer to the first send is lost after the server stored it.
  sim.setOffline(false);
  sim.setFault('telephone-entry/access-requests', 'lost-answer', 1);
  await fastForwardUntil(page, 30_000, async () => expect(await storedQueue(page)).toEqual([]), { timeout: 60_000 });

  const received = records(sim, 'accessRequests') as Item[];
  expect(new Set(received.map(triple))).toEqual(new Set(queued.map(triple)));
  expect(received).toHaveLength(ATTEMPTS);
  expect(sim.snapshot().faults).toEqual({});
});
