import { delay, http, HttpResponse } from 'msw';
import { appStarted } from '../../store/actions';
import { makeStore } from '../../app/store';
import { apiServer, API_URL, requestsTo, withApiServer } from '../../testing/apiServer';
import { createTestServices } from '../../testing/fakeServices';
import { rawProperty } from '../../testing/fixtures';
import { selectPropertyError, selectPropertyStatus } from '../property/propertyLoadSlice';
import { selectTelnyxEnabled } from './featureFlagsSlice';
import { propertyRefreshRequested, selectPropertyData, selectTwimlToken } from './propertySlice';
import { withFakeTimers } from '../../testing/fakeTimers';
import { LATER_LISTENERS } from '../../app/laterListeners';

withApiServer();

const propertyPath = `${API_URL}/api/telephone-entry/property`;

function start() {
  const services = createTestServices();
  const store = makeStore(services, undefined, LATER_LISTENERS);
  store.dispatch(appStarted());
  onTestFinished(() => store.dispose());
  return { store, services };
}

withFakeTimers();
// The answer's reader loads with the first answer, a chunk of its own: loaded first here, as loading a module takes real time, which fake timers do not advance.
beforeAll(() => import('./parsePropertyResponse'));

describe('property polling', () => {
  it('loads at start with the bearer token and then every 60 s', async () => {
    const { store } = start();
    await vi.advanceTimersByTimeAsync(10);
    expect(requestsTo('telephone-entry/property')).toHaveLength(1);
    expect(requestsTo('telephone-entry/property')[0]?.authorization).toBe('Bearer test-token');
    expect(selectPropertyStatus(store.getState())).toBe('loaded');
    expect(selectPropertyData(store.getState())?.property.public_name).toBe('Maple Court');
    expect(selectTwimlToken(store.getState())).toBe('twiml-1');

    await vi.advanceTimersByTimeAsync(59000);
    expect(requestsTo('telephone-entry/property')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1100);
    expect(requestsTo('telephone-entry/property')).toHaveLength(2);
  });

  it('retries every 5 s while in error and keeps the good data it had', async () => {
    const { store } = start();
    await vi.advanceTimersByTimeAsync(10);
    apiServer.use(http.get(propertyPath, () => HttpResponse.json({ error: 'boom' }, { status: 500 })));
    store.dispatch(propertyRefreshRequested());
    await vi.advanceTimersByTimeAsync(10);
    expect(selectPropertyError(store.getState())).toBe(true);
    expect(selectPropertyData(store.getState())?.property.public_name).toBe('Maple Court');

    await vi.advanceTimersByTimeAsync(5000);
    expect(requestsTo('telephone-entry/property')).toHaveLength(3);

    apiServer.resetHandlers();
    await vi.advanceTimersByTimeAsync(5000);
    expect(selectPropertyError(store.getState())).toBe(false);
    await vi.advanceTimersByTimeAsync(5000);
    expect(requestsTo('telephone-entry/property')).toHaveLength(4);
  });

  it('keeps running on the last good data when the answer is malformed, and logs it', async () => {
    const { store } = start();
    await vi.advanceTimersByTimeAsync(10);
    apiServer.use(http.get(propertyPath, () => HttpResponse.json({ property: null, residents: 'nope' })));
    store.dispatch(propertyRefreshRequested());
    await vi.advanceTimersByTimeAsync(10);
    expect(selectPropertyError(store.getState())).toBe(true);
    expect(selectPropertyData(store.getState())?.residents).toHaveLength(1);
    expect(requestsTo('telephone-entry/logs').map((r) => (r.body as { message: string }).message)).toContain(
      'Property data could not be loaded',
    );
  });

  it('accepts partly broken data, drops the bad entries and logs what was wrong', async () => {
    apiServer.use(
      http.get(propertyPath, () =>
        HttpResponse.json(rawProperty({ residents: [null, { id: 'x' }, { id: 5, directory_display_name: 42 }], unitGuests: null })),
      ),
    );
    const { store } = start();
    await vi.advanceTimersByTimeAsync(10);
    const data = selectPropertyData(store.getState());
    expect(data?.residents.map((r) => r.id)).toEqual([5]);
    expect(data?.unitGuests).toEqual([]);
    const log = requestsTo('telephone-entry/logs').find((r) => (r.body as { message: string }).message.includes('malformed'));
    expect(log?.body).toMatchObject({ meta: { feature: 'property', detail: expect.arrayContaining(['unitGuests missing']) } });
    expect((log?.body as { timestamp: string }).timestamp).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('logs the skipped records once per answer, in one line that stays short however many there are', async () => {
    const bad = Array.from({ length: 25 }, (_, index) => ({ id: `r${index}` }));
    apiServer.use(http.get(propertyPath, () => HttpResponse.json(rawProperty({ residents: [...bad, rawProperty().residents[0]] }))));
    const malformed = () => requestsTo('telephone-entry/logs').filter((r) => (r.body as { message: string }).message.includes('malformed'));
    const { store } = start();
    await vi.advanceTimersByTimeAsync(10);
    expect(selectPropertyData(store.getState())?.residents.map((r) => r.id)).toEqual([11]);
    expect(malformed()).toHaveLength(1);
    const lines = (malformed()[0]?.body as { meta: { detail: string[] } }).meta.detail;
    expect(lines[0]).toMatch(/^residents\[0\]\.id: /);
    expect(lines.length).toBeLessThan(bad.length);
    expect(lines.at(-1)).toBe(`and ${bad.length - (lines.length - 1)} more`);

    // The same answer again is not parsed again, so it is not logged again; a new one is.
    store.dispatch(propertyRefreshRequested());
    await vi.advanceTimersByTimeAsync(10);
    expect(malformed()).toHaveLength(1);
    apiServer.use(http.get(propertyPath, () => HttpResponse.json(rawProperty({ residents: [...bad, rawProperty().residents[0]], twimlToken: 'other' }))));
    store.dispatch(propertyRefreshRequested());
    await vi.advanceTimersByTimeAsync(10);
    expect(malformed()).toHaveLength(2);
  });

  it('reads feature flags in any boolean spelling, defaulting telnyx_enabled to false', async () => {
    apiServer.use(http.get(`${API_URL}/api/feature-flags`, () => HttpResponse.json({ other: true, telnyx_enabled: 'yes' })));
    const { store } = start();
    await vi.advanceTimersByTimeAsync(10);
    expect(requestsTo('feature-flags')).toHaveLength(1);
    expect(selectTelnyxEnabled(store.getState())).toBe(false);
    apiServer.use(http.get(`${API_URL}/api/feature-flags`, () => HttpResponse.json({ telnyx_enabled: 1 })));
    store.dispatch(propertyRefreshRequested());
    await vi.advanceTimersByTimeAsync(10);
    expect(selectTelnyxEnabled(store.getState())).toBe(true);
  });

  it('a property-updated during a load loads once more right after it, not 60 s later', async () => {
    const { store } = start();
    await vi.advanceTimersByTimeAsync(10);
    let answer!: () => void;
    apiServer.use(
      http.get(propertyPath, async () => {
        await new Promise<void>((resolve) => (answer = resolve));
        return HttpResponse.json(rawProperty());
      }, { once: true }),
    );
    store.dispatch(propertyRefreshRequested());
    await vi.advanceTimersByTimeAsync(10);
    expect(requestsTo('telephone-entry/property')).toHaveLength(2);
    // Two updates while that answer is on its way: one more load, not two.
    store.dispatch(propertyRefreshRequested());
    store.dispatch(propertyRefreshRequested());
    answer();
    await vi.advanceTimersByTimeAsync(10);
    expect(requestsTo('telephone-entry/property')).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1000);
    expect(requestsTo('telephone-entry/property')).toHaveLength(3);
  });

  it('a hung feature-flags call does not hold up the next property load', async () => {
    apiServer.use(
      http.get(`${API_URL}/api/feature-flags`, () => delay('infinite')),
      http.get(propertyPath, () => new HttpResponse(null, { status: 503 })),
    );
    start();
    await vi.advanceTimersByTimeAsync(5_100);
    expect(requestsTo('telephone-entry/property')).toHaveLength(2);
    // One flags call at a time: the hung one is given up (2 s in tests) before another is made.
    expect(requestsTo('feature-flags')).toHaveLength(2);
  });

  it('stops polling when the store is disposed', async () => {
    const { store } = start();
    await vi.advanceTimersByTimeAsync(10);
    store.dispose();
    await vi.advanceTimersByTimeAsync(180000);
    expect(requestsTo('telephone-entry/property')).toHaveLength(1);
  });
});

describe('unchanged property data', () => {
  it('keeps the same data object, so derived data is not rebuilt, and takes a changed one', async () => {
    const { store } = start();
    await vi.advanceTimersByTimeAsync(10);
    const first = selectPropertyData(store.getState());
    store.dispatch(propertyRefreshRequested());
    await vi.advanceTimersByTimeAsync(10);
    expect(selectPropertyData(store.getState())).toBe(first);
    apiServer.use(http.get(propertyPath, () => HttpResponse.json(rawProperty({ twimlToken: 'x', property: { id: 1, public_name: 'Birch Hall' } }))));
    store.dispatch(propertyRefreshRequested());
    await vi.advanceTimersByTimeAsync(10);
    expect(selectPropertyData(store.getState())?.property.public_name).toBe('Birch Hall');
  });
});
