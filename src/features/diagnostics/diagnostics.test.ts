import { http, HttpResponse } from 'msw';
import { appStarted } from '../../store/actions';
import { makeStore } from '../../app/store';
import { apiServer, API_URL, requestsTo, withApiServer } from '../../testing/apiServer';
import { createTestServices } from '../../testing/fakeServices';
import { withFakeTimers } from '../../testing/fakeTimers';
import { diagnosedStore } from '../../testing/diagnosedStore';
import { accessRequestQueued } from '../access-queue/accessQueueSlice';
import { onlineChanged } from '../connectivity/connectivitySlice';
import { callFailed, callCreated } from '../call/callEvents';
import { codeEntered } from '../gate/gateActions';
import { qrCameraStarted, qrScannerFailed } from '../qr/qrActions';
import { faultRaised, scrubDetail, selectFaults, type FaultKind } from './diagnosticsSlice';
import { LATER_LISTENERS } from '../../app/laterListeners';

withApiServer();
withFakeTimers();

const logsPath = `${API_URL}/api/telephone-entry/logs`;
const faultLogs = () =>
  requestsTo('telephone-entry/logs')
    .map((request) => request.body as { message: string; meta: { fault: FaultKind; detail: string } })
    .filter((body) => body.message.startsWith('Self-diagnosis: '));

const active = (store: Awaited<ReturnType<typeof diagnosedStore>>['store']) =>
  selectFaults(store.getState())
    .filter((fault) => fault.clearedAt === null)
    .map((fault) => fault.kind);

describe('self-diagnosis', () => {
  it('reports a hardware socket down for 10 s once, whatever the retries, and clears it when it answers', async () => {
    const { store, services } = await diagnosedStore();
    services.hardware.status({ state: 'down' });
    await vi.advanceTimersByTimeAsync(9_900);
    expect(active(store)).toEqual([]);
    await vi.advanceTimersByTimeAsync(200);
    expect(active(store)).toEqual(['hardware-socket']);
    // The socket keeps failing to reconnect: the same episode, no new line.
    for (let retry = 0; retry < 5; retry += 1) {
      services.hardware.status({ state: 'down' });
      await vi.advanceTimersByTimeAsync(30_000);
    }
    expect(faultLogs()).toEqual([
      { message: 'Self-diagnosis: Hardware socket not answering', meta: expect.objectContaining({ fault: 'hardware-socket' }), timestamp: expect.any(String) },
    ]);
    services.hardware.status({ state: 'connected' });
    await vi.advanceTimersByTimeAsync(0);
    expect(active(store)).toEqual([]);
    expect(selectFaults(store.getState())[0]).toMatchObject({ kind: 'hardware-socket', reported: true, clearedAt: expect.any(Number) });
  });

  it('reports a socket that is open but does not answer a request at once', async () => {
    const { store, services } = await diagnosedStore();
    services.hardware.status({ state: 'silent', method: 'wiegand' });
    await vi.advanceTimersByTimeAsync(0);
    expect(active(store)).toEqual(['hardware-socket']);
    expect(faultLogs()[0]?.meta.detail).toBe('wiegand: no answer');
  });

  it('reports a failed wiegand or relay call once, without the code, and clears it at the next opening', async () => {
    const services = createTestServices();
    services.hardware.openGate.mockRejectedValue(new Error('wiegand failed: card 10001 not accepted'));
    const { store } = await diagnosedStore(services);
    store.dispatch(codeEntered({ code: '10001', source: 'keypad' }));
    store.dispatch(codeEntered({ code: '10001', source: 'keypad' }));
    await vi.advanceTimersByTimeAsync(0);
    expect(active(store)).toEqual(['gate-signal']);
    expect(faultLogs()).toHaveLength(1);
    expect(faultLogs()[0]?.meta.detail).toBe('wiegand failed: card … not accepted');
    expect(JSON.stringify(selectFaults(store.getState()))).not.toContain('10001');

    services.hardware.openGate.mockResolvedValue(undefined);
    store.dispatch(codeEntered({ code: '10001', source: 'keypad' }));
    await vi.advanceTimersByTimeAsync(0);
    expect(active(store)).toEqual([]);
  });

  it('reports a camera the QR scan or a call cannot open, and clears it when one opens', async () => {
    const { store } = await diagnosedStore();
    store.dispatch(qrScannerFailed({ failure: 'refused', message: 'Permission denied' }));
    store.dispatch(callFailed({ callId: 'c1', reason: 'no-media' }));
    await vi.advanceTimersByTimeAsync(0);
    expect(active(store)).toEqual(['camera']);
    expect(faultLogs()).toHaveLength(1);
    store.dispatch(qrCameraStarted());
    expect(active(store)).toEqual([]);
    store.dispatch(callFailed({ callId: 'c2', reason: 'no-media' }));
    store.dispatch(callCreated({ callId: 'c2', serverCallId: 'call-2' }));
    expect(active(store)).toEqual([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(faultLogs()).toHaveLength(2);
  });

  it('does not count a QR decoder that fails as a camera fault', async () => {
    const { store } = await diagnosedStore();
    store.dispatch(qrScannerFailed({ failure: 'decoder', message: 'worker failed' }));
    expect(active(store)).toEqual([]);
  });

  it('reports access requests waiting over 5 minutes, and clears it when the queue is empty', async () => {
    const { store } = await diagnosedStore();
    store.dispatch(onlineChanged(false));
    store.dispatch(accessRequestQueued({ user_code: '10001', access_granted: true, created_at: new Date().toISOString() }));
    await vi.advanceTimersByTimeAsync(5 * 60_000 - 30_000);
    expect(active(store)).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(active(store)).toEqual(['access-backlog']);
    expect(faultLogs()).toEqual([expect.objectContaining({ meta: expect.objectContaining({ detail: '1 waiting, the oldest for 5 min' }) })]);
    store.dispatch(onlineChanged(true));
    await vi.advanceTimersByTimeAsync(31_000);
    expect(active(store)).toEqual([]);
  });

  it('reports property data failing for more than 5 minutes once, and clears it at the next load', async () => {
    apiServer.use(http.get(`${API_URL}/api/telephone-entry/property`, () => new HttpResponse(null, { status: 503 })));
    // The log of the fault itself fails at first: it is sent again once the back end answers.
    apiServer.use(http.post(logsPath, () => new HttpResponse(null, { status: 503 })));
    const { store } = await diagnosedStore();
    await vi.advanceTimersByTimeAsync(5 * 60_000 - 5_000);
    expect(active(store)).toEqual([]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(active(store)).toEqual(['property-load']);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(selectFaults(store.getState())[0]).toMatchObject({ kind: 'property-load', reported: false });

    apiServer.resetHandlers();
    const before = faultLogs().length;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(active(store)).toEqual([]);
    const delivered = faultLogs().slice(before);
    expect(delivered).toEqual([expect.objectContaining({ message: 'Self-diagnosis: Property data failing for more than 5 minutes' })]);
    expect(selectFaults(store.getState())[0]).toMatchObject({ kind: 'property-load', reported: true });
  });

  it('keeps an episode across a reload: stored, it is not reported again', async () => {
    const first = await diagnosedStore();
    first.store.dispatch(faultRaised({ kind: 'camera', detail: 'refused', at: Date.now() }));
    await vi.advanceTimersByTimeAsync(0);
    expect(faultLogs()).toHaveLength(1);
    const services = createTestServices();
    const reloaded = makeStore(services, { diagnostics: first.store.getState().diagnostics }, LATER_LISTENERS);
    onTestFinished(() => reloaded.dispose());
    reloaded.dispatch(appStarted());
    await vi.advanceTimersByTimeAsync(0);
    await vi.dynamicImportSettled();
    reloaded.dispatch(faultRaised({ kind: 'camera', detail: 'refused again', at: Date.now() }));
    await vi.advanceTimersByTimeAsync(0);
    expect(faultLogs()).toHaveLength(1);
  });

  it('blanks codes in text from outside', () => {
    expect(scrubDetail('read 00777 then 12 and 123456789')).toBe('read … then 12 and …');
  });
});
