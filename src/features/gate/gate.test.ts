import { requestsTo, withApiServer } from '../../testing/apiServer';
import { startedStore } from '../../testing/renderKiosk';
import { selectQueuedAccessRequests } from '../access-queue/accessQueueSlice';
import { selectCurrentNotification } from '../notifications/notificationsSlice';
import { LONG_CARD, rawProperty } from '../../testing/fixtures';
import { propertyAgeAnchored } from '../property/propertyAgeSlice';
import { withPropertyCore } from '../property/propertyCoreSlice';
import { parsePropertyResponse } from '../property/parsePropertyResponse';
import { propertyLoaded } from '../property/propertySlice';
import { codeEntered, gateOpenRequested, hardwareCodeRead } from './gateActions';
import { gateOpeningEnded, gateOpeningStarted, selectGateOpeningsInFlight } from './gateSlice';

withApiServer();

const started = () => startedStore();

/** The log lines the back end received (POST telephone-entry/logs). */
const loggedLines = () => requestsTo('telephone-entry/logs').map((r) => r.body as { message: string; meta?: Record<string, unknown> });

const queued = (store: ReturnType<typeof started>['store']) =>
  selectQueuedAccessRequests(store.getState()).map((r) => [r.user_code, r.access_granted]);

describe('gate', () => {
  it.each([
    ['resident access code', '10001'],
    ['resident credential', '10002'],
    ['staff code', '20001'],
    ['staff credential with a leading zero', '00777'],
    ['property guest code', '30001'],
    ['active unit guest code', '40001'],
  ])('a typed %s opens the gate', (_name, code) => {
    const { store, services } = started();
    store.dispatch(codeEntered({ code, source: 'keypad' }));
    expect(services.hardware.openGate).toHaveBeenCalledWith(code);
    expect(services.sound.play).toHaveBeenCalledWith('gateOpen');
    expect(selectCurrentNotification(store.getState())).toMatchObject({ title: 'Access Granted!', body: 'You can now enter' });
    expect(queued(store)).toEqual([[code, true]]);
  });

  it.each([
    ['an inactive unit guest code', '40002'],
    ['an unknown code', '99999'],
    ['a short code', '1000'],
    ['a code that matches only by numeric value', '777'],
  ])('refuses %s typed on the keypad', (_name, code) => {
    const { store, services } = started();
    store.dispatch(codeEntered({ code, source: 'keypad' }));
    expect(services.hardware.openGate).not.toHaveBeenCalled();
    expect(services.sound.play).toHaveBeenCalledWith('sorryCode');
    expect(selectCurrentNotification(store.getState())).toMatchObject({ status: 'ERROR', title: "Sorry, that code didn't work" });
    expect(queued(store)).toEqual([[code, false]]);
  });

  it('opening without a code is the no-access-code error', () => {
    const { store, services } = started();
    store.dispatch(gateOpenRequested(null));
    expect(services.hardware.openGate).not.toHaveBeenCalled();
    expect(services.sound.play).toHaveBeenCalledWith('sorryError');
    expect(selectCurrentNotification(store.getState())?.title).toBe('User who opened gate does not have access code');
  });

  it('signals the gate before the sound, the notification and the queued request', () => {
    const { store, services } = started();
    const seenAtSignal: unknown[] = [];
    services.hardware.openGate.mockImplementationOnce(async () => {
      seenAtSignal.push(services.sound.play.mock.calls.length, selectCurrentNotification(store.getState()), queued(store));
    });
    store.dispatch(codeEntered({ code: '10001', source: 'keypad' }));
    expect(seenAtSignal).toEqual([0, null, []]);
    expect(queued(store)).toEqual([['10001', true]]);
  });

  it.each([
    ['a typed code', codeEntered({ code: '10001', source: 'keypad' })],
    ['a card read', hardwareCodeRead('10001')],
  ])('%s signals the gate before the store tells its subscribers (the screens, the stored state) of it', (_name, action) => {
    const { store, services } = started();
    const order: string[] = [];
    const unsubscribe = store.subscribe(() => order.push('subscribers told'));
    services.hardware.openGate.mockImplementationOnce(async (code) => void order.push(`wiegand ${code}`));
    store.dispatch(action);
    unsubscribe();
    expect(order[0]).toBe('wiegand 10001');
    expect(order).toContain('subscribers told');
  });

  it('a gate the panel could not signal replaces Access Granted! with an error and the error sound', async () => {
    const { store, services } = started();
    let fail: (error: Error) => void = () => undefined;
    services.hardware.openGate.mockImplementationOnce(() => new Promise((_resolve, reject) => (fail = reject)));
    store.dispatch(codeEntered({ code: '10001', source: 'keypad' }));
    expect(selectGateOpeningsInFlight(store.getState())).toBe(1);
    expect(selectCurrentNotification(store.getState())?.title).toBe('Access Granted!');
    fail(new Error('Hardware socket unreachable: gate not opened'));
    await vi.waitFor(() => expect(selectGateOpeningsInFlight(store.getState())).toBe(0));
    expect(store.getState().notifications.items.map((n: { title: string }) => n.title)).toEqual(['The gate could not be opened']);
    expect(selectCurrentNotification(store.getState())).toMatchObject({ status: 'ERROR', body: 'Please call the manager' });
    expect(services.sound.play).toHaveBeenLastCalledWith('error');
    expect(console.error).toHaveBeenCalledWith('The gate could not be opened', expect.anything());
    // The attempt was the visitor's valid code: it stays recorded as granted.
    expect(queued(store)).toEqual([['10001', true]]);
    // The back end hears of it, from the gate, and the fault is listed with what went wrong.
    await vi.waitFor(() =>
      expect(loggedLines()).toContainEqual(expect.objectContaining({ message: 'The gate could not be opened', meta: expect.objectContaining({ feature: 'gate' }) })),
    );
    expect(store.getState().diagnostics.faults).toContainEqual(expect.objectContaining({ kind: 'gate-signal', detail: expect.stringContaining('gate not opened') }));
  });

  it('a gate that fails with something other than an Error is listed as failed', async () => {
    const { store, services } = started();
    services.hardware.openGate.mockRejectedValueOnce({ code: -32000 });
    store.dispatch(codeEntered({ code: '10001', source: 'keypad' }));
    await vi.waitFor(() => expect(selectGateOpeningsInFlight(store.getState())).toBe(0));
    expect(store.getState().diagnostics.faults).toContainEqual(expect.objectContaining({ kind: 'gate-signal', detail: 'failed' }));
  });

  it('the spoken outcome of a gate that failed waits for its tone, as the granted one does', async () => {
    const { store, services } = started();
    services.hardware.openGate.mockRejectedValueOnce(new Error('relay not pulsed'));
    store.dispatch(codeEntered({ code: '10001', source: 'keypad' }));
    await vi.waitFor(() => expect(services.speech.say).toHaveBeenCalledTimes(2));
    const [granted, failed] = services.speech.say.mock.calls.map(([, options]) => options);
    expect(granted?.delayMs).toBeGreaterThan(0);
    expect(failed).toEqual(granted);
  });

  it('a refused typed code is said by its own sound alone; a refused card read is also spoken after the tone', () => {
    const { store, services } = started();
    store.dispatch(codeEntered({ code: '99999', source: 'keypad' }));
    expect(services.sound.play).toHaveBeenCalledWith('sorryCode');
    expect(services.speech.say).not.toHaveBeenCalled();
    services.hardware.notify({ kind: 'facility', code: '55555' });
    expect(services.speech.say).toHaveBeenCalledTimes(1);
    expect(services.speech.say.mock.calls[0]?.[1]?.delayMs).toBeGreaterThan(0);
  });

  it('opening without a code is logged by the gate', async () => {
    const { store } = started();
    store.dispatch(gateOpenRequested(null));
    await vi.waitFor(() =>
      expect(loggedLines()).toContainEqual(
        expect.objectContaining({ message: 'User who opened gate does not have access code', meta: expect.objectContaining({ feature: 'gate' }) }),
      ),
    );
  });

  it('counts openings in flight one by one: one of two ending leaves the other', () => {
    const { store } = started();
    store.dispatch(gateOpeningStarted());
    store.dispatch(gateOpeningStarted());
    store.dispatch(gateOpeningEnded());
    expect(selectGateOpeningsInFlight(store.getState())).toBe(1);
    store.dispatch(gateOpeningEnded());
    store.dispatch(gateOpeningEnded());
    expect(selectGateOpeningsInFlight(store.getState())).toBe(0);
  });
});

describe('hardware socket notifications', () => {
  it('a valid card read (numeric value) opens the gate with the code as read', () => {
    const { store, services } = started();
    services.hardware.notify({ kind: 'facility', code: '0010001' });
    expect(services.hardware.openGate).toHaveBeenCalledWith('0010001');
    expect(queued(store)).toEqual([['0010001', true]]);
  });

  it('a 19-digit card opens the gate; the card one number on is refused', () => {
    const { store, services } = started();
    services.hardware.notify({ kind: 'facility', code: '6011000990139424568' });
    expect(services.hardware.openGate).not.toHaveBeenCalled();
    services.hardware.notify({ kind: 'facility', code: '6011000990139424567' });
    expect(services.hardware.openGate).toHaveBeenCalledWith('6011000990139424567');
    expect(queued(store)).toEqual([
      ['6011000990139424568', false],
      ['6011000990139424567', true],
    ]);
  });

  it('an invalid card read shows the error with the error sound and queues a denied request', () => {
    const { store, services } = started();
    services.hardware.notify({ kind: 'facility', code: '55555' });
    expect(services.hardware.openGate).not.toHaveBeenCalled();
    expect(services.sound.play).toHaveBeenCalledWith('error');
    expect(selectCurrentNotification(store.getState())?.title).toBe("Sorry, that code didn't work");
    expect(queued(store)).toEqual([['55555', false]]);
  });

  it('a read that is not a code is refused: error, error sound and a denied request with what was read', () => {
    const { store, services } = started();
    services.hardware.notify({ kind: 'unreadable', read: '12a4' });
    expect(services.hardware.openGate).not.toHaveBeenCalled();
    expect(services.sound.play).toHaveBeenCalledWith('error');
    expect(selectCurrentNotification(store.getState())).toMatchObject({ status: 'ERROR', title: "Sorry, that code didn't work" });
    expect(queued(store)).toEqual([['12a4', false]]);
  });

  it('refresh reloads the page onto the newest build the host serves', () => {
    const { services } = started();
    services.hardware.notify({ kind: 'refresh' });
    expect(services.page.refresh).toHaveBeenCalledTimes(1);
    expect(services.page.reload).not.toHaveBeenCalled();
  });

  it('keeps reading cards for as long as the kiosk runs, whatever happens in between', async () => {
    const { store, services } = started();
    services.hardware.notify({ kind: 'facility', code: '55555' });
    store.dispatch(codeEntered({ code: '99999', source: 'keypad' }));
    // Every effect of those two refusals has run by the next macrotask.
    await new Promise((resolve) => setTimeout(resolve, 0));
    services.hardware.notify({ kind: 'facility', code: '10001' });
    expect(services.hardware.openGate).toHaveBeenCalledWith('10001');
    expect(services.hardware.stop).not.toHaveBeenCalled();
  });

  it('the socket is stopped when the store is disposed', () => {
    const { store, services } = started();
    expect(services.hardware.start).toHaveBeenCalledTimes(1);
    store.dispose();
    return vi.waitFor(() => expect(services.hardware.stop).toHaveBeenCalledTimes(1));
  });
});

describe("guests' codes on a panel whose property data is old (offline)", () => {
  const HOUR = 3_600_000;
  const LOADED = Date.UTC(2026, 10, 25, 8);
  /** Whether each code, typed (5 digits) or read by the card reader (longer), opens the gate now. */
  const opens = (store: ReturnType<typeof started>['store'], services: ReturnType<typeof started>['services'], codes: string[]) =>
    codes.map((code) => {
      services.hardware.openGate.mockClear();
      store.dispatch(code.length === 5 ? codeEntered({ code, source: 'keypad' }) : hardwareCodeRead(code));
      return services.hardware.openGate.mock.calls.length === 1;
    });
  const GUESTS = ['30001', '40001', LONG_CARD];
  const STANDING = ['10001', '10002', '20001', '00777'];

  beforeEach(() => {
    vi.useFakeTimers({ now: LOADED, toFake: ['Date'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
  });

  it('open the gate for 168 h after the last good load (the build default), then only residents and staff codes do', () => {
    const { store, services } = started();
    vi.setSystemTime(LOADED + 168 * HOUR);
    expect(opens(store, services, [...GUESTS, ...STANDING]).every(Boolean)).toBe(true);
    vi.setSystemTime(LOADED + 168 * HOUR + 1);
    expect(opens(store, services, GUESTS)).toEqual([false, false, false]);
    expect(opens(store, services, STANDING)).toEqual([true, true, true, true]);
    // A refused guest is recorded as refused.
    expect(queued(store).slice(-7, -4)).toEqual(GUESTS.map((code) => [code, false]));

    // A good load again: guests are let in again.
    const parsed = parsePropertyResponse(rawProperty());
    store.dispatch(propertyLoaded({ data: parsed.data, twimlToken: parsed.twimlToken }));
    expect(opens(store, services, GUESTS)).toEqual([true, true, true]);
  });

  it("follows the device record's offline_guest_code_hours (digits in a string too); 0 is no limit", () => {
    const withHours = (hours: unknown) => rawProperty({ device: { ...rawProperty().device, offline_guest_code_hours: hours } });
    const day = startedStore({ property: withHours('24') });
    vi.setSystemTime(LOADED + 25 * HOUR);
    expect(opens(day.store, day.services, GUESTS)).toEqual([false, false, false]);

    vi.setSystemTime(LOADED);
    const never = startedStore({ property: withHours(0) });
    vi.setSystemTime(LOADED + 10_000 * HOUR);
    expect(opens(never.store, never.services, GUESTS)).toEqual([true, true, true]);
  });

  it("a panel clock set back keeps guests' codes no longer: the data's age is elapsed time, within a page and across a reload", () => {
    const { store, services } = started();
    vi.setSystemTime(LOADED + 100 * HOUR);
    // The panel's clock is set back to the load's time (a reboot before its time is synced), then 69 h go by.
    services.clocks.setWallClockBack(100 * HOUR);
    vi.setSystemTime(Date.now() + 68 * HOUR);
    expect(opens(store, services, GUESTS)).toEqual([true, true, true]);
    vi.setSystemTime(Date.now() + HOUR);
    expect(opens(store, services, GUESTS)).toEqual([false, false, false]);

    // Stored as the page anchors it, read back by a page whose clock went back again.
    store.dispatch(propertyAgeAnchored({ reading: services.clock() }));
    const { data } = parsePropertyResponse(rawProperty());
    const propertyAge = { ...store.getState().propertyAge, age: { ...store.getState().propertyAge.age!, monoAt: null } };
    vi.setSystemTime(LOADED);
    const again = startedStore({ property: null, preloaded: { ...withPropertyCore({ data, twimlToken: null }, undefined), propertyAge } });
    expect(opens(again.store, again.services, GUESTS)).toEqual([false, false, false]);
    expect(opens(again.store, again.services, STANDING)).toEqual([true, true, true, true]);
  });

  it('data whose load time is unknown (stored by an older kiosk) keeps guests working until its next load', () => {
    const { data } = parsePropertyResponse(rawProperty());
    // As read back: an older kiosk stored no core, so it is made from the data (withPropertyCore).
    const stored = withPropertyCore({ data, twimlToken: null }, undefined);
    const { store, services } = startedStore({ property: null, preloaded: { ...stored, propertyAge: { loadedAt: null, age: null } } });
    vi.setSystemTime(LOADED + 1_000 * HOUR);
    expect(opens(store, services, GUESTS)).toEqual([true, true, true]);
  });
});
