import { CameraError } from '../../services/camera/camera';
import { http, HttpResponse } from 'msw';
import { API_URL, apiServer, requestsTo, withApiServer } from '../../testing/apiServer';
import { FAKE_STILL } from '../../testing/fakeServices';
import { withFakeTimers } from '../../testing/fakeTimers';
import { rawProperty } from '../../testing/fixtures';
import { startedStore } from '../../testing/renderKiosk';
import { codeEntered } from '../gate/gateActions';

withApiServer();
withFakeTimers();

type Started = ReturnType<typeof startedStore>;
const lockReports = () =>
  requestsTo('telephone-entry/logs')
    .map((r) => r.body as { message: string; meta: Record<string, unknown> })
    .filter((body) => body.message === 'Code entry locked: too many refused codes')
    .map((body) => body.meta);

/** A kiosk whose device record carries `photo_on_code_lock: flag` (absent when undefined). */
function kioskWithPhoto(flag?: unknown): Started {
  const raw = rawProperty();
  const property = flag === undefined ? raw : { ...raw, device: { ...raw.device, photo_on_code_lock: flag } };
  // The back end answers the same at every load.
  apiServer.use(http.get(`${API_URL}/api/telephone-entry/property`, () => HttpResponse.json(property)));
  return startedStore({ property });
}

/** Waits out the lock in force, then has 5 wrong codes typed: the next lock. */
async function lockAgain({ store }: Started) {
  const lock = store.getState().codeLock.lock;
  if (lock) await vi.advanceTimersByTimeAsync(lock.until - lock.since + 1_000);
  for (let i = 0; i < 5; i += 1) store.dispatch(codeEntered({ code: '99999', source: 'keypad' }));
  await vi.advanceTimersByTimeAsync(10);
}

describe("the lock's photo (photo_on_code_lock)", () => {
  it.each([undefined, false, 0, '0', null, 'maybe'])('off (%s): no camera is asked for and the report is as before', async (flag) => {
    const kiosk = kioskWithPhoto(flag);
    await lockAgain(kiosk);
    expect(kiosk.services.camera.takeStill).not.toHaveBeenCalled();
    expect(lockReports()).toHaveLength(1);
    expect(Object.keys(lockReports()[0] ?? {}).sort()).toEqual(['escalation', 'feature', 'lockOfTheDay', 'lockedForMs', 'lockedUntil', 'refusedWithinDay']);
  });

  it.each([true, 1, '1'])('on (%s): the first lock and each escalation report with a picture, one still each', async (flag) => {
    const kiosk = kioskWithPhoto(flag);
    await lockAgain(kiosk);
    await lockAgain(kiosk);
    expect(lockReports()).toEqual([
      expect.objectContaining({ lockOfTheDay: 1, escalation: true, photo: FAKE_STILL }),
      expect.objectContaining({ lockOfTheDay: 2, escalation: true, photo: FAKE_STILL }),
    ]);
    expect(kiosk.services.camera.takeStill).toHaveBeenCalledTimes(2);
  });

  it('a camera that fails: the report goes once, without a picture, saying why; the screen is as without a photo', async () => {
    const kiosk = kioskWithPhoto(true);
    kiosk.services.camera.takeStill.mockRejectedValueOnce(new CameraError('missing', 'Requested device not found'));
    await lockAgain(kiosk);
    expect(kiosk.store.getState().notifications.items.map((item) => item.title)).toEqual(["Sorry, that code didn't work"]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(lockReports()).toEqual([expect.objectContaining({ lockOfTheDay: 1, photoError: 'Requested device not found' })]);
    expect(lockReports()[0]).not.toHaveProperty('photo');
  });

  it('waits for the still: the report leaves when the picture is taken', async () => {
    const kiosk = kioskWithPhoto(true);
    let take: (photo: string) => void = () => undefined;
    kiosk.services.camera.takeStill.mockReturnValueOnce(new Promise((resolve) => (take = resolve)));
    await lockAgain(kiosk);
    expect(lockReports()).toEqual([]);
    take(FAKE_STILL);
    await vi.advanceTimersByTimeAsync(10);
    expect(lockReports()).toEqual([expect.objectContaining({ photo: FAKE_STILL })]);
  });

  it("is not taken while a call holds the camera: the report says so", async () => {
    const kiosk = kioskWithPhoto(true);
    kiosk.services.call.streams.set('local', {} as MediaStream);
    await lockAgain(kiosk);
    expect(kiosk.services.camera.takeStill).not.toHaveBeenCalled();
    expect(lockReports()).toEqual([expect.objectContaining({ photoError: 'The camera is in use by a call' })]);
  });
});
