import { IDBFactory } from 'fake-indexeddb';
import { http, HttpResponse } from 'msw';
import { onTestFinished } from 'vitest';
import { queueMessage } from '../features/messages/messageQueue';
import { appStarted } from '../store/actions';
import { API_URL, apiServer, withApiServer } from '../testing/apiServer';
import { eventually } from '../testing/eventually';
import { createTestServices } from '../testing/fakeServices';
import { servicesAtFirstUse } from './servicesAtFirstUse';
import { makeStore } from './store';
import { LATER_LISTENERS } from './laterListeners';

withApiServer();

const visitorMessage = (callId: string) => ({
  callId,
  kind: 'visitor' as const,
  parts: [{ name: 'video', blob: new Blob([`clip of ${callId}`], { type: 'video/webm' }) }],
  residentName: 'Ada Lovelace',
  recordedAt: '2026-11-21T10:00:00.000Z',
});

/** A page whose message box is the one the kiosk builds: its code fetched at the first use. */
function page(factory: IDBFactory) {
  const services = { ...createTestServices(), ...servicesAtFirstUse(factory) };
  const store = makeStore(services, undefined, LATER_LISTENERS);
  onTestFinished(() => store.dispose());
  return { store, services };
}

describe('the message box fetched at its first use', () => {
  it('keeps a message queued before its code has loaded, and the sender started after it sends it', async () => {
    const bodies: string[] = [];
    apiServer.use(
      http.post(`${API_URL}/api/telephone-entry/calls/:id/message`, async ({ request }) => {
        bodies.push(await request.text());
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    const { store, services } = page(new IDBFactory());
    await expect(store.dispatch(queueMessage(visitorMessage('call-7')))).resolves.toBe(true);
    expect((await services.messages.heads()).map(({ callId }) => callId)).toEqual(['call-7']);
    store.dispatch(appStarted());
    await eventually(async () => expect(await services.messages.heads()).toEqual([]));
    expect(bodies).toEqual(['clip of call-7']);
  });

  it('keeps what an earlier page queued: the next page, whose code is fetched afresh, sends it', async () => {
    const panelDatabase = new IDBFactory();
    const sent: string[] = [];
    apiServer.use(
      http.post(`${API_URL}/api/telephone-entry/calls/:id/message`, ({ params }) => {
        sent.push(String(params.id));
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    const first = page(panelDatabase);
    await first.store.dispatch(queueMessage(visitorMessage('call-8')));
    first.store.dispose();
    const second = page(panelDatabase);
    second.store.dispatch(appStarted());
    await eventually(async () => expect(await second.services.messages.heads()).toEqual([]));
    expect(sent).toEqual(['call-8']);
  });
});
