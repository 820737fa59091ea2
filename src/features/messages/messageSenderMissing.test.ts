import { IDBFactory } from 'fake-indexeddb';
import { onTestFinished } from 'vitest';
import { makeStore } from '../../app/store';
import { createMessageBox } from '../../services/messages/messageBox';
import { appStarted } from '../../store/actions';
import { received, withApiServer } from '../../testing/apiServer';
import { turn } from '../../testing/eventually';
import { createTestServices } from '../../testing/fakeServices';
import { withFakeTimers } from '../../testing/fakeTimers';
import { MESSAGE_RETRY_MS } from './messageListeners';
import { queueMessage } from './messageQueue';
import { LATER_LISTENERS } from '../../app/laterListeners';

// The upload's chunk cannot be fetched (offline, the service worker without it).
vi.mock('./messageSender', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

withApiServer();
withFakeTimers();

describe('the message sender when its code cannot be fetched', () => {
  it('keeps every queued message, logs it once a page, and tries again every 30 s', async () => {
    const services = createTestServices();
    services.messages = createMessageBox(new IDBFactory());
    const store = makeStore(services, undefined, LATER_LISTENERS);
    onTestFinished(() => store.dispose());
    store.dispatch(appStarted());
    await store.dispatch(queueMessage({ callId: 'call-1', kind: 'visitor', parts: [{ name: 'video', blob: new Blob(['clip']) }], residentName: 'Ada', recordedAt: '2026-11-21T10:00:00.000Z' }));
    await vi.advanceTimersByTimeAsync(MESSAGE_RETRY_MS * 2);
    for (let n = 0; n < 50; n += 1) await turn();
    expect((await services.messages.heads()).map(({ callId }) => callId)).toEqual(['call-1']);
    expect(received.filter(({ path }) => path.endsWith('/message'))).toEqual([]);
    const told = vi.mocked(console.error).mock.calls.filter(([line]) => line === 'The message sender could not be loaded: the messages stay kept, tried again in 30 s');
    expect(told).toHaveLength(1);
  });
});
