import { stillOrReason } from '../services/camera/stillOutcome';
import { servicesAtFirstUse } from './servicesAtFirstUse';

// None of the three chunks can be fetched (offline, the service worker without them).
vi.mock('../services/messages/messageBox', () => {
  throw new Error('Failed to fetch dynamically imported module');
});
vi.mock('../services/messages/recorder', () => {
  throw new Error('Failed to fetch dynamically imported module');
});
vi.mock('../services/camera/still', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

const message = { id: 'm-1', callId: 'call-1', kind: 'delivery' as const, parts: [], residentName: 'Ada', recordedAt: '2026-11-21T10:00:00.000Z' };

describe('services whose code cannot be fetched', () => {
  it('reject as a failing database would: a message is not kept, none is read for sending', async () => {
    const { messages } = servicesAtFirstUse(null);
    await expect(messages.add(message, { count: 20, bytes: 1000 })).rejects.toThrow();
    await expect(messages.oldest()).rejects.toThrow();
  });

  it('a recording does not start, and a still gives the reason instead of a picture', async () => {
    const { recorder, camera } = servicesAtFirstUse(null);
    await expect(recorder.start()).rejects.toThrow();
    await expect(stillOrReason(camera, false)).resolves.toEqual({ photoError: expect.any(String) });
  });
});
