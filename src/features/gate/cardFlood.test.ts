import { requestsTo, withApiServer } from '../../testing/apiServer';
import { diagnosedStore } from '../../testing/diagnosedStore';
import { withFakeTimers } from '../../testing/fakeTimers';
import { selectQueuedAccessRequests } from '../access-queue/accessQueueSlice';
import { selectFaults } from '../diagnostics/diagnosticsSlice';
import { selectCurrentNotification } from '../notifications/notificationsSlice';

withApiServer();
withFakeTimers();

type Kiosk = Awaited<ReturnType<typeof diagnosedStore>>;
const read = ({ services }: Kiosk, code: string) => services.hardware.notify({ kind: 'facility', code });
const showing = ({ store }: Kiosk) => selectCurrentNotification(store.getState())?.title ?? null;
const titles = ({ store }: Kiosk) => store.getState().notifications.items.map((item) => item.title);
/** Every access request the kiosk recorded: sent to the back end, or still queued. */
const recorded = ({ store }: Kiosk) => [
  ...requestsTo('telephone-entry/access-requests').flatMap((r) => (r.body as { requests: { user_code: string; access_granted: boolean }[] }).requests),
  ...selectQueuedAccessRequests(store.getState()),
];
const floodLogs = () => requestsTo('telephone-entry/logs').filter((r) => (r.body as { meta?: { fault?: string } }).meta?.fault === 'card-flood');

describe('floods of card reads', () => {
  it('refused reads join the refusal showing: one notification, one denied request each', async () => {
    const kiosk = await diagnosedStore();
    for (let i = 0; i < 5; i += 1) {
      read(kiosk, '55555');
      await vi.advanceTimersByTimeAsync(500);
    }
    expect(titles(kiosk)).toEqual(["Sorry, that code didn't work"]);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(recorded(kiosk).filter((r) => r.user_code === '55555' && !r.access_granted)).toHaveLength(5);
  });

  it('a read longer than 64 digits is refused without comparing, and recorded cut to 64 with … after them', async () => {
    const kiosk = await diagnosedStore();
    // 200 digits whose numeric value is a resident's code: compared, it would open the gate.
    const long = '0'.repeat(195) + '10001';
    read(kiosk, long);
    expect(kiosk.services.hardware.openGate).not.toHaveBeenCalled();
    expect(showing(kiosk)).toBe("Sorry, that code didn't work");
    await vi.advanceTimersByTimeAsync(100);
    expect(recorded(kiosk)).toEqual([expect.objectContaining({ user_code: `${'0'.repeat(64)}…`, access_granted: false })]);
  });

  it('during a flood refused reads are only recorded, a valid read still opens the gate, the reload waits, and self-diagnosis reports the flood once', async () => {
    const kiosk = await diagnosedStore();
    // 20 reads every half second for 6 s.
    for (let burst = 0; burst < 12; burst += 1) {
      for (let i = 0; i < 20; i += 1) read(kiosk, '55555');
      await vi.advanceTimersByTimeAsync(500);
    }
    // The first refusal showed for its 5 s; the 11th read within a second began the flood, which sounds nothing more.
    expect(showing(kiosk)).toBeNull();
    expect(kiosk.services.sound.play.mock.calls.filter(([sound]) => sound === 'error')).toHaveLength(10);
    // Reads that came while the page reloads would be lost: the reload waits for the flood to end.
    expect(kiosk.services.page.reload).not.toHaveBeenCalled();
    read(kiosk, '20001');
    expect(kiosk.services.hardware.openGate).toHaveBeenCalledWith('20001');
    expect(showing(kiosk)).toBe('Access Granted!');
    await vi.advanceTimersByTimeAsync(100);
    expect(floodLogs()).toHaveLength(1);
    expect(floodLogs()[0]?.body).toMatchObject({ message: 'Self-diagnosis: Card reader flooded with reads', meta: { detail: 'more than 10 card reads a second' } });

    // Reads slow to a person's: the flood is over, reported no more, and the page reloads after the last notification.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(selectFaults(kiosk.store.getState()).find((fault) => fault.kind === 'card-flood')?.clearedAt).toEqual(expect.any(Number));
    expect(floodLogs()).toHaveLength(1);
    expect(kiosk.services.page.reload).toHaveBeenCalledTimes(1);
    expect(recorded(kiosk).filter((r) => r.user_code === '55555')).toHaveLength(240);
  });

  it.each([1, 10])('100 bad reads in 10 s, %i at a time, leave no notification 6 s after the last; each is recorded; no reload while they come', async (burst) => {
    const kiosk = await diagnosedStore();
    for (let i = 0; i < 100; i += burst) {
      for (let j = 0; j < burst; j += 1) read(kiosk, '55555');
      await vi.advanceTimersByTimeAsync(100 * burst - 1);
      expect(kiosk.services.page.reload).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
    }
    await vi.advanceTimersByTimeAsync(6_000 - 100 * burst);
    expect(showing(kiosk)).toBeNull();
    expect(kiosk.services.page.reload).toHaveBeenCalledTimes(1);
    expect(recorded(kiosk)).toHaveLength(100);
  });
});
