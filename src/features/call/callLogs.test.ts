import { http, HttpResponse } from 'msw';
import { apiServer, API_URL, requestsTo, withApiServer } from '../../testing/apiServer';
import { callStore, untilCreated } from '../../testing/callHarness';
import { withFakeTimers } from '../../testing/fakeTimers';
import { rawProperty } from '../../testing/fixtures';
import { CameraError } from '../../services/camera/camera';

// What a call sends to the back end's log (docs/rules.md#r7-1-2, #r7-1-5: POST
// telephone-entry/logs with message, meta, timestamp): every line names the
// call feature and the kiosk's call id, so the back end can find one call's story.
withApiServer();
withFakeTimers();

const logLines = () => requestsTo('telephone-entry/logs').map((r) => r.body as { message: string; meta: Record<string, unknown> });
const HOUR = 3600000;

describe("a call's log lines", () => {
  it('an unknown resident: the line names the call and who was asked for, and nothing else goes wrong', async () => {
    const kiosk = callStore();
    kiosk.request({ kind: 'resident', residentId: '999' });
    await vi.advanceTimersByTimeAsync(10);
    expect(logLines()).toEqual([
      {
        message: 'Call to an unknown resident, or to a manager without a phone',
        meta: { feature: 'call', callId: 'c1', target: { kind: 'resident', residentId: '999' } },
        timestamp: expect.any(String),
      },
    ]);
  });

  it('a refused camera: the failure and the error as the camera gave it', async () => {
    const kiosk = callStore();
    kiosk.fake.media.open.mockRejectedValueOnce(new CameraError('refused', 'Permission denied'));
    kiosk.request();
    await vi.advanceTimersByTimeAsync(100);
    expect(logLines()).toEqual([
      {
        message: 'Call failed (no-media)',
        meta: { feature: 'call', callId: 'c1', detail: { name: 'CameraError', message: 'Permission denied' } },
        timestamp: expect.any(String),
      },
    ]);
  });

  it('a created call without an id: the failure says so', async () => {
    apiServer.use(http.post(`${API_URL}/api/telephone-entry/calls`, () => HttpResponse.json({ token: {} })));
    const kiosk = callStore();
    kiosk.request();
    await untilCreated();
    expect(logLines().map(({ message, meta }) => [message, meta.detail])).toEqual([
      ['Call failed (error)', { name: 'Error', message: 'The created call has no id' }],
    ]);
  });

  it.each([
    ['an object', { error: { code: 45002 } }, { error: { code: 45002 } }],
    ['an error event', new Event('error'), { type: 'error' }],
  ])("a phone client's error reported as %s: logged as it came, readable", async (_name, reported, detail) => {
    const kiosk = callStore({ property: rawProperty({ device: { ...rawProperty().device, enable_video_calls: false } }), telnyx: true });
    kiosk.request();
    await untilCreated();
    kiosk.fake.legs.sip[0]!.events.onError(reported);
    await vi.advanceTimersByTimeAsync(10);
    expect(kiosk.notifications()[0]?.title).toBe('An Error Occurred');
    expect(logLines()).toEqual([{ message: 'Call failed (error)', meta: { feature: 'call', callId: 'c1', detail }, timestamp: expect.any(String) }]);
  });

  it('a throttled call is shown, not logged', async () => {
    const kiosk = callStore({ preloaded: { recentCalls: { expiries: { '11': Array.from({ length: 11 }, () => Date.now() + HOUR) } } } });
    kiosk.request();
    await vi.advanceTimersByTimeAsync(3000);
    expect(kiosk.notifications()).toEqual([{ title: "You're doing that too much", body: undefined, status: 'ERROR' }]);
    expect(logLines()).toEqual([]);
  });

  it('the visitor leaving is no failure: nothing is logged, whenever it happens', async () => {
    const kiosk = callStore();
    kiosk.request();
    await vi.advanceTimersByTimeAsync(1000); // the camera's warm-up
    kiosk.cancel();
    await vi.advanceTimersByTimeAsync(0);
    kiosk.request(undefined, 'c2');
    await untilCreated();
    await vi.advanceTimersByTimeAsync(10000); // the video ringing
    kiosk.cancel('c2');
    await vi.advanceTimersByTimeAsync(5000);
    expect(kiosk.call()).toMatchObject({ callId: 'c2', phase: 'ended', endReason: 'cancelled' });
    expect(logLines()).toEqual([]);
  });

  it('a camera that arrives after the visitor left is stopped, and nothing is logged', async () => {
    const kiosk = callStore();
    let deliver: (stream: MediaStream) => void = () => undefined;
    kiosk.fake.media.open.mockImplementationOnce(() => new Promise((resolve) => (deliver = resolve)));
    kiosk.request();
    await vi.advanceTimersByTimeAsync(0);
    kiosk.cancel();
    await vi.advanceTimersByTimeAsync(0);
    const { fakeStream } = await import('../../testing/fakeCall');
    deliver(fakeStream());
    await vi.advanceTimersByTimeAsync(3000);
    expect(kiosk.fake.media.stop).toHaveBeenCalledTimes(1);
    expect(logLines()).toEqual([]);
  });

  it('a resource that cannot be released: logged with the call, and the rest is still released', async () => {
    const kiosk = callStore();
    kiosk.request();
    await untilCreated();
    kiosk.fake.legs.peers[0]!.close.mockImplementation(() => {
      throw new Error('close failed');
    });
    kiosk.cancel();
    await vi.advanceTimersByTimeAsync(100);
    expect(kiosk.released()).toBe(true);
    expect(kiosk.sent('client-hangup')).toEqual([{ call_id: 'call-1', from: 7 }]);
    expect(logLines()).toEqual([
      {
        message: 'A call resource could not be released',
        meta: { feature: 'call', callId: 'c1', error: 'Error: close failed' },
        timestamp: expect.any(String),
      },
    ]);
  });

  it('an approval with a code opens the gate without a line; one without a code is logged with the call', async () => {
    const kiosk = callStore();
    kiosk.request();
    await untilCreated();
    kiosk.emit('client-deny', { call_id: 'call-1', open_gate: true });
    await vi.advanceTimersByTimeAsync(10);
    expect(kiosk.services.hardware.openGate).toHaveBeenCalledWith('10001');
    expect(logLines()).toEqual([]);

    const resident = { ...rawProperty().residents[0]!, property_access_code: null, property_credentials: [] };
    const noCode = callStore({ property: rawProperty({ residents: [resident] }) });
    noCode.request(undefined, 'c2');
    await untilCreated();
    noCode.emit('client-deny', { call_id: 'call-1', open_gate: true });
    await vi.advanceTimersByTimeAsync(10);
    expect(logLines()).toContainEqual({
      message: 'The approving resident or manager has no access code',
      meta: { feature: 'call', callId: 'c2' },
      timestamp: expect.any(String),
    });
  });
});
