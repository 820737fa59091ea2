import { IDBFactory } from 'fake-indexeddb';
import { http, HttpResponse } from 'msw';
import { onTestFinished } from 'vitest';
import { makeStore } from '../../app/store';
import { createMessageBox } from '../../services/messages/messageBox';
import { appStarted } from '../../store/actions';
import { apiServer, API_URL, backEnd, headersOf, received as receivedRequests, requestsTo, withApiServer } from '../../testing/apiServer';
import { createTestServices } from '../../testing/fakeServices';
import { eventually, turn } from '../../testing/eventually';
import { withFakeTimers } from '../../testing/fakeTimers';
import { onlineChanged } from '../connectivity/connectivitySlice';
import { MESSAGE_RETRY_MS } from './messageListeners';
import { queueMessage, type NewMessage } from './messageQueue';
import { LATER_LISTENERS } from '../../app/laterListeners';

withApiServer();
withFakeTimers();

const messagePath = (callId: string) => `telephone-entry/calls/${callId}/message`;
const clip = (text: string, type = 'video/webm') => new Blob([text], { type });
const message = (callId: string, text = `clip of ${callId}`): NewMessage => ({
  callId,
  kind: 'visitor',
  parts: [{ name: 'video', blob: clip(text) }],
  residentName: 'Ada Lovelace',
  recordedAt: '2026-11-21T10:00:00.000Z',
});

/** A page of the kiosk: a store on its own services, with the message box on `factory` (the panel's database across reloads). */
function page(factory: IDBFactory, { online = true } = {}) {
  const services = createTestServices();
  services.messages = createMessageBox(factory);
  const store = makeStore(services, undefined, LATER_LISTENERS);
  if (!online) store.dispatch(onlineChanged(false));
  store.dispatch(appStarted());
  onTestFinished(() => store.dispose());
  return { store, services, keep: (item: NewMessage) => store.dispatch(queueMessage(item)) };
}

describe('the message queue', () => {
  it('keeps a message and sends it once: the recording as the body, its type, the message id as the idempotency key', async () => {
    const seen: Array<{ type: string | null; body: string; key: string | null; kind: string | null; at: string | null }> = [];
    apiServer.use(
      http.post(`${API_URL}/api/telephone-entry/calls/:id/message`, async ({ request }) => {
        const h = request.headers;
        seen.push({ type: h.get('content-type'), body: await request.text(), key: h.get('idempotency-key'), kind: h.get('x-message-kind'), at: h.get('x-recorded-at') });
        return HttpResponse.json({ received: true }, { status: 201 });
      }),
    );
    const { keep, services } = page(new IDBFactory());
    await expect(keep(message('call-9'))).resolves.toBe(true);
    await eventually(async () => expect(await services.messages.heads()).toEqual([]));
    expect(seen).toEqual([{ type: 'video/webm', body: 'clip of call-9', key: expect.stringMatching(/.{10,}/), kind: 'visitor', at: '2026-11-21T10:00:00.000Z' }]);
    expect(requestsTo(messagePath('call-9'))[0]?.authorization).toBe('Bearer test-token');
  });

  it('a message of several parts (a delivery: a picture and a clip) goes as multipart/form-data, each part under its name', async () => {
    const forms: Array<Array<[string, string, string]>> = [];
    apiServer.use(
      http.post(`${API_URL}/api/telephone-entry/calls/:id/message`, async ({ request }) => {
        const form = await request.formData();
        forms.push(await Promise.all([...form.entries()].map(async ([name, value]) => [name, (value as Blob).type, await (value as Blob).text()] as [string, string, string])));
        return HttpResponse.json({});
      }),
    );
    const { keep, services } = page(new IDBFactory());
    const parts = [
      { name: 'picture', blob: clip('jpeg bytes', 'image/jpeg') },
      { name: 'clip', blob: clip('mp4 bytes', 'video/mp4') },
    ];
    await keep({ ...message('call-3'), kind: 'delivery', parts });
    await eventually(async () => expect(await services.messages.heads()).toEqual([]));
    expect(forms).toEqual([
      [
        ['picture', 'image/jpeg', 'jpeg bytes'],
        ['clip', 'video/mp4', 'mp4 bytes'],
      ],
    ]);
    expect(headersOf(requestsTo(messagePath('call-3'))[0])['x-message-kind']).toBe('delivery');
  });

  it('keeps at most 20 messages: the 21st drops the oldest, which is reported to the back-end log', async () => {
    const { keep, services } = page(new IDBFactory(), { online: false });
    for (let n = 1; n <= 21; n += 1) await keep(message(`call-${n}`));
    const kept = await services.messages.heads();
    expect(kept.map((head) => head.callId)).toEqual(Array.from({ length: 20 }, (_, i) => `call-${i + 2}`));
    expect(console.error).toHaveBeenCalledWith('Messages were dropped: the panel keeps at most 20 messages or 50 MB', {
      feature: 'messages',
      dropped: [expect.objectContaining({ callId: 'call-1', kind: 'visitor', recordedAt: '2026-11-21T10:00:00.000Z', bytes: 'clip of call-1'.length })],
    });
  });

  it('keeps at most 50 MB: a message that would pass it drops the oldest ones, never itself', async () => {
    const { keep, services } = page(new IDBFactory(), { online: false });
    const big = (callId: string) => ({ ...message(callId), parts: [{ name: 'video', blob: new Blob([new Uint8Array(20_000_000)], { type: 'video/webm' }) }] });
    await keep(big('call-1'));
    await keep(big('call-2'));
    await keep(message('call-small'));
    expect((await services.messages.heads()).map((head) => head.callId)).toEqual(['call-1', 'call-2', 'call-small']);
    await keep(big('call-3'));
    expect((await services.messages.heads()).map((head) => head.callId)).toEqual(['call-2', 'call-small', 'call-3']);
    expect(console.error).toHaveBeenCalledWith('Messages were dropped: the panel keeps at most 20 messages or 50 MB', {
      feature: 'messages',
      dropped: [expect.objectContaining({ callId: 'call-1', bytes: 20_000_000 })],
    });
  });

  it('never has two uploads in flight: the second message goes once the first is answered', async () => {
    backEnd.slow('telephone-entry/calls/:id/message', 1500);
    const { keep } = page(new IDBFactory());
    await keep(message('call-1'));
    await keep(message('call-2'));
    await vi.advanceTimersByTimeAsync(1000);
    await settle();
    expect(received()).toEqual(['call-1']);
    await vi.advanceTimersByTimeAsync(500);
    await eventually(() => expect(received()).toEqual(['call-1', 'call-2']));
    await vi.advanceTimersByTimeAsync(1500);
    await settle();
    expect(received()).toEqual(['call-1', 'call-2']);
  });

  it.each([
    ['a network error', 'network'],
    ['a 503', { status: 503 }],
    ['a 401', { status: 401 }],
  ] as const)('keeps the message after %s and sends it again 30 s later, logging the failure once', async (_what, fault) => {
    backEnd.fail('telephone-entry/calls/:id/message', fault, { times: 2 });
    const { keep, services } = page(new IDBFactory());
    await keep(message('call-1'));
    await eventually(() => expect(received()).toEqual(['call-1']));
    await settle();
    await vi.advanceTimersByTimeAsync(MESSAGE_RETRY_MS - 1);
    await settle();
    expect(received()).toEqual(['call-1']);
    await vi.advanceTimersByTimeAsync(1);
    await eventually(() => expect(received()).toEqual(['call-1', 'call-1']));
    await settle();
    expect(await services.messages.heads()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(MESSAGE_RETRY_MS);
    await eventually(async () => expect(await services.messages.heads()).toEqual([]));
    expect(received()).toEqual(['call-1', 'call-1', 'call-1']);
    const failures = vi.mocked(console.error).mock.calls.filter(([line]) => line === 'A message could not be sent: kept, and tried again');
    expect(failures).toHaveLength(1);
  });

  it('a back end without the endpoint (404) drops the message, logs it, and goes on to the next', async () => {
    apiServer.use(http.post(`${API_URL}/api/${messagePath('call-1')}`, () => HttpResponse.json({ error: 'not found' }, { status: 404 })));
    const { keep, store, services } = page(new IDBFactory(), { online: false });
    await keep(message('call-1'));
    await keep(message('call-2'));
    store.dispatch(onlineChanged(true));
    await eventually(async () => expect(await services.messages.heads()).toEqual([]));
    expect(received()).toEqual(['call-1', 'call-2']);
    expect(console.error).toHaveBeenCalledWith('The back end refused a message: it is dropped', expect.objectContaining({ feature: 'messages', callId: 'call-1', status: 404 }));
  });

  it('sends nothing while offline, and at once when the network is back', async () => {
    const { keep, store } = page(new IDBFactory(), { online: false });
    await keep(message('call-1'));
    await vi.advanceTimersByTimeAsync(MESSAGE_RETRY_MS * 2);
    await settle();
    expect(received()).toEqual([]);
    store.dispatch(onlineChanged(true));
    await eventually(() => expect(received()).toEqual(['call-1']));
  });

  it('survives a reload with the back end down: the next page sends it, with the same idempotency key, and it is delivered once', async () => {
    const panelDatabase = new IDBFactory();
    backEnd.fail('telephone-entry/calls/:id/message', { status: 503 });
    const first = page(panelDatabase);
    await first.keep(message('call-1', 'the recording'));
    await eventually(() => expect(received()).toEqual(['call-1']));
    first.store.dispose();
    backEnd.heal();
    const second = page(panelDatabase);
    await eventually(async () => expect(await second.services.messages.heads()).toEqual([]));
    const sent = requestsTo(messagePath('call-1'));
    expect(sent.map((request) => request.body)).toEqual(['the recording', 'the recording']);
    expect(headersOf(sent[1])['idempotency-key']).toBe(headersOf(sent[0])['idempotency-key']);
    await vi.advanceTimersByTimeAsync(MESSAGE_RETRY_MS * 2);
    await settle();
    expect(requestsTo(messagePath('call-1'))).toHaveLength(2);
  });

  it('a message that cannot be kept (the database refuses it) resolves false and is logged', async () => {
    const { services, keep } = page(new IDBFactory());
    services.messages.add = () => Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
    await expect(keep(message('call-1'))).resolves.toBe(false);
    expect(console.error).toHaveBeenCalledWith('A message could not be kept', expect.objectContaining({ feature: 'messages' }));
  });
});

/** Lets the database's and the network's own turns run (they are not on the faked clock) until nothing is left to do. */
async function settle(): Promise<void> {
  for (let n = 0; n < 50; n += 1) await turn();
}

/** The call ids whose messages the back end received, in order. */
function received(): string[] {
  return receivedRequests.map((request) => /^\/api\/telephone-entry\/calls\/([^/]+)\/message$/.exec(request.path)?.[1]).filter((id) => id !== undefined);
}
