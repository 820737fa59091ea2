import fc from 'fast-check';
import { parsePropertyResponse } from '../../features/property/parsePropertyResponse';
import { rawProperty } from '../../testing/fixtures';
import { createMemoryStorage } from '../../testing/memoryStorage';
import { loadStoredState } from './loadStoredState';
import { readStoredProperty } from './readStoredProperty';
import { storageKey } from './storageKey';
import { STORED_PARTS, type StoredKey } from './storedParts';

const PARTS = Object.keys(STORED_PARTS) as StoredKey[];

/** A good value of every part, as the kiosk writes it. */
const GOOD: { [K in StoredKey]: unknown } = {
  session: { token: 'abc', model: 'GEN2' },
  accessQueue: { items: [{ user_code: '10001', access_granted: true, created_at: '2026-11-21T10:00:00.000Z' }] },
  recentCalls: { expiries: { '101': [4102444800000] } },
  passUses: { taken: { 'pass-1': { count: 1, exp: 4102444800 } } },
  codeLock: {
    clock: { elapsed: 4102444700000, wallAt: 4102444700000, monoAt: null },
    refusedAt: [4102444700000],
    lockedAt: [4102444600000],
    lock: { since: 4102444600000, until: 4102444630000, number: 1 },
    liftedMark: '2026-11-27T09:00:00Z',
  },
  notifications: { items: [{ id: 'n1', status: 'ERROR', title: "Sorry, that code didn't work" }] },
  featureFlags: { telnyx_enabled: true },
  property: { data: parsePropertyResponse(rawProperty()).data, twimlToken: 'twiml-1' },
  propertyCore: { property: parsePropertyResponse(rawProperty()).data.property, device: parsePropertyResponse(rawProperty()).data.device, standing: ['10001'], guests: ['30001'] },
  propertyAge: { loadedAt: 1763870400000, age: { elapsed: 3_600_000, wallAt: 1763874000000, monoAt: null } },
  diagnostics: {
    faults: [{ kind: 'camera', since: 1763870400000, detail: 'QR scan: refused', clearedAt: null, reported: true }],
    lastPropertyLoad: 1763870400000,
    propertyFailingSince: null,
  },
};

const junkJson = fc.jsonValue({ maxDepth: 3 });
/** What an item may hold after a crash, a bad upgrade or another program: anything at all. */
const junkItem = fc.oneof(
  fc.string(),
  junkJson.map((value) => JSON.stringify(value)),
  fc.record({ version: fc.oneof(fc.integer({ min: -2, max: 5 }), junkJson), state: junkJson }).map((value) => JSON.stringify(value)),
  fc.constant('{"version":2,"state":{"items":[{"user_code":'),
);

describe('reading back stored state', () => {
  it('data whose wrapper is damaged (its version not a number) is read, and the part is written anew', () => {
    const storage = createMemoryStorage();
    storage.setItem(storageKey('session'), JSON.stringify({ version: 'two', state: GOOD.session }));
    storage.setItem(storageKey('accessQueue'), JSON.stringify({ state: GOOD.accessQueue }));
    storage.setItem(storageKey('codeLock'), JSON.stringify({ version: null, state: GOOD.codeLock }));
    const loaded = loadStoredState(storage);
    expect(loaded.state.session).toEqual(GOOD.session);
    expect(loaded.state.accessQueue).toEqual(GOOD.accessQueue);
    expect(loaded.state.codeLock).toEqual(GOOD.codeLock);
    expect(loaded.problems).toEqual([
      'session: version unreadable, read as version 2',
      'accessQueue: version unreadable, read as version 2',
      'codeLock: version unreadable, read as version 4',
    ]);
    expect(loaded.clean).toEqual([]);
  });

  it('an item with no data in it is unreadable, and logged without its text unless it is the queue', () => {
    const storage = createMemoryStorage();
    storage.setItem(storageKey('session'), JSON.stringify({ version: 2, token: 'abc' }));
    const loaded = loadStoredState(storage);
    expect(loaded.state.session).toBeUndefined();
    expect(loaded.problems).toEqual(['session: unreadable (27 characters)']);
  });

  it('a part claiming a very old version is read as the first one, at once (found by the property below: it hung the boot)', () => {
    const storage = createMemoryStorage();
    storage.setItem(storageKey('session'), JSON.stringify({ version: -2147483648, state: { token: 'abc', model: 'gen1' } }));
    expect(loadStoredState(storage).state.session).toEqual({ token: 'abc', model: 'GEN1' });
  });
});

describe('reading back stored state of any quality (property-based)', () => {
  it('never throws, and every part stored well is read back as it was, whatever the others hold (the property data once the first screen is shown)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record(Object.fromEntries(PARTS.map((part) => [part, fc.oneof(fc.constant('good'), fc.constant('absent'), junkItem)]))),
        async (items) => {
          const storage = createMemoryStorage();
          for (const part of PARTS) {
            const item = items[part] as string;
            if (item === 'good') storage.setItem(storageKey(part), JSON.stringify({ version: STORED_PARTS[part].version, state: GOOD[part] }));
            else if (item !== 'absent') storage.setItem(storageKey(part), item);
          }
          const loaded = { ...loadStoredState(storage).state, property: (await readStoredProperty(null, storage))?.state };
          for (const part of PARTS) {
            if (items[part] === 'good') expect(loaded[part]).toEqual(GOOD[part]);
          }
          // Whatever was read is in the shape the slices hold.
          if (loaded.session) expect(['DEFAULT', 'GEN1', 'GEN2', 'GEN3', 'TOUCH']).toContain(loaded.session.model);
          if (loaded.accessQueue) expect(Array.isArray(loaded.accessQueue.items)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps every readable queued request of a stored queue, whatever junk is around it', () => {
    const request = fc.record({
      user_code: fc.stringMatching(/^\d{5}$/),
      access_granted: fc.boolean(),
      created_at: fc.date({ min: new Date('2020-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }).map((d) => d.toISOString()),
    });
    fc.assert(
      fc.property(fc.array(fc.oneof(request.map((r) => ({ ok: true, r })), junkJson.map((j) => ({ ok: false, r: j })))), (entries) => {
        const storage = createMemoryStorage();
        storage.setItem(storageKey('accessQueue'), JSON.stringify({ version: 2, state: { items: entries.map((e) => e.r) } }));
        const loaded = loadStoredState(storage);
        const good = entries.filter((e) => e.ok).map((e) => e.r);
        // Junk that happens to read as a request is kept too: only unreadable entries go, each of them logged.
        expect(loaded.state.accessQueue?.items).toEqual(expect.arrayContaining(good));
        const dropped = entries.length - (loaded.state.accessQueue?.items.length ?? 0);
        expect(loaded.problems.filter((p) => p.startsWith('accessQueue.items['))).toHaveLength(dropped);
      }),
      { numRuns: 300 },
    );
  });
});
