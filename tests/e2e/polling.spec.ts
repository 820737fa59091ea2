// The device keeping itself current (docs/rules.md#r4-2-2, #r4-6-1, #r4-5-2, #r9-2): check-in
// every 30 s, property data every 60 s (every 5 s while failing).
import { API_DOWN_ERRORS, expect, fastForwardUntil, fetchTimes, recordFetches, records, test, waitForChannel } from './fixtures';

test.describe('polling', () => {
  test('checks in at start and every 30 s', async ({ page, kiosk, sim }) => {
    await recordFetches(page);
    await page.clock.install();
    await kiosk.open(page, { model: 'GEN2' });
    await expect.poll(() => records(sim, 'checkins').length).toBe(1);
    // 5 s steps: the page sets its next timer only once the answer is in, so one jump may come too early.
    await fastForwardUntil(page, 5_000, async () => expect(records(sim, 'checkins')).toHaveLength(3), { timeout: 20_000 });
    const times = await fetchTimes(page, '/api/telephone-entry/checkin');
    expect(times).toHaveLength(3);
    // On the kiosk's clock: 30000 ms apart, give or take one step and the answer's real time.
    for (const [previous, next] of [times.slice(0, 2), times.slice(1, 3)] as [number, number][]) {
      expect(next - previous).toBeGreaterThanOrEqual(30_000);
      expect(next - previous).toBeLessThan(30_000 + 5_000 + 1_000);
    }
  });

  test('without an event the property is reloaded every 60 s', async ({ page, kiosk, sim }) => {
    await recordFetches(page);
    await page.clock.install();
    await kiosk.open(page, { model: 'GEN2' });
    // Subscribed before the clock jumps: a jump would time out an authorization still on its way.
    await waitForChannel(sim);
    // Changed behind the kiosk's back: no property-updated event.
    (sim.state.property as { property: { public_name: string } }).property.public_name = 'Quiet Change';
    await fastForwardUntil(
      page,
      5_000,
      () => expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Quiet Change!', { timeout: 500 }),
      { timeout: 30_000 },
    );
    const [first, second] = await fetchTimes(page, '/api/telephone-entry/property');
    expect(second! - first!).toBeGreaterThanOrEqual(60_000);
    expect(second! - first!).toBeLessThan(60_000 + 5_000 + 1_000);
  });

  test("with the back end's ETag a poll asks with If-None-Match: a 304 keeps the data, a changed tag brings the change", async ({ page, kiosk, sim }) => {
    sim.setPropertyETag(true);
    const asked: (string | null)[] = [];
    const answered: { status: number; etag: string | null }[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/telephone-entry/property')) asked.push(request.headers()['if-none-match'] ?? null);
    });
    page.on('response', (response) => {
      if (response.url().endsWith('/api/telephone-entry/property')) answered.push({ status: response.status(), etag: response.headers()['etag'] ?? null });
    });
    await kiosk.open(page, { model: 'GEN2' });
    await waitForChannel(sim);
    await expect.poll(() => answered.length).toBeGreaterThanOrEqual(1);
    const tag = answered[0]!.etag;
    expect(tag).toMatch(/^".+"$/);

    sim.propertyUpdated();
    await expect.poll(() => answered.at(-1)?.status).toBe(304);
    expect(asked.at(-1)).toBe(tag);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Maple Court Apartments!');

    sim.patchProperty({ property: { public_name: 'Tagged Change' } });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Tagged Change!');
    expect(asked.at(-1)).toBe(tag);
    expect(answered.at(-1)?.status).toBe(200);
    expect(answered.at(-1)?.etag).not.toBe(tag);
  });

  test("a large property without the back end's ETag is polled by the kiosk's worker: the same answer keeps the data, a changed one is shown", async ({ page, kiosk, sim }) => {
    // 5,000 residents: an answer over 1 MB, which the kiosk reads and hashes in a worker.
    sim.seedResidents(5_000);
    const requests: { authorization: string | null; status: number }[] = [];
    page.on('requestfinished', async (request) => {
      if (!request.url().endsWith('/api/telephone-entry/property')) return;
      requests.push({ authorization: request.headers()['authorization'] ?? null, status: (await request.response())!.status() });
    });
    // The first load of an answer over 1 MB can take over 5 s on a busy machine.
    await kiosk.open(page, { model: 'GEN2', homeTimeout: 15_000 });
    await waitForChannel(sim);
    await expect.poll(() => requests.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    const pageFetches = () => page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/api/telephone-entry/property')).length);
    const fetchedByPage = await pageFetches();

    sim.propertyUpdated();
    await expect.poll(() => requests.length, { timeout: 15_000 }).toBe(fetchedByPage + 1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Maple Court Apartments!');
    sim.patchProperty({ property: { public_name: 'Worker Change' } });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Worker Change!', { timeout: 15_000 });

    // The two polls were the worker's own requests (a worker's fetches are not in the page's resource timing), with the page's token.
    expect(await pageFetches()).toBe(fetchedByPage);
    expect(requests).toEqual(Array.from({ length: fetchedByPage + 2 }, () => ({ authorization: 'Bearer demo-token', status: 200 })));
  });

  test('after a failed load the property is retried every 5 s and the shown data is kept', async ({ page, kiosk, sim, allowConsoleErrors }) => {
    allowConsoleErrors(...API_DOWN_ERRORS);
    await page.clock.install();
    await kiosk.open(page, { model: 'GEN2' });
    sim.setOffline(true);
    const failed = page.waitForResponse((r) => r.url().endsWith('/api/telephone-entry/property') && r.status() === 503);
    await page.clock.fastForward(60_000);
    await failed;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Maple Court Apartments!');

    sim.setOffline(false);
    (sim.state.property as { property: { public_name: string } }).property.public_name = 'Back Online';
    // 5 s steps: a 60 s wait would need twelve of them, more than the time allowed.
    await fastForwardUntil(
      page,
      5_000,
      () => expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Back Online!', { timeout: 500 }),
      { timeout: 4_000 },
    );
  });
});
