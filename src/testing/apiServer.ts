import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { rawProperty } from './fixtures';

export const API_URL = 'http://api.test';

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | null;
  body: unknown;
}

/** What the fake back end received, in order. */
export const received: RecordedRequest[] = [];

function parseBody(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function record(request: Request): Promise<void> {
  const entry: RecordedRequest = {
    method: request.method,
    path: new URL(request.url).pathname,
    authorization: request.headers.get('authorization'),
    body: null,
  };
  received.push(entry);
  entry.body = parseBody(await request.clone().text());
}

/** Handlers for a healthy back end; tests override them with `apiServer.use(...)`. */
export const apiHandlers = [
  http.get(`${API_URL}/api/telephone-entry/property`, () => HttpResponse.json(rawProperty())),
  http.get(`${API_URL}/api/feature-flags`, () => HttpResponse.json({ telnyx_enabled: false })),
  http.post(`${API_URL}/api/telephone-entry/access-requests`, async ({ request }) => {
    const { requests } = (await request.json()) as { requests: JsonBodyType[] };
    return HttpResponse.json(requests);
  }),
  http.post(`${API_URL}/api/telephone-entry/checkin`, () => HttpResponse.json({ ok: true })),
  http.post(`${API_URL}/api/telephone-entry/logs`, () => HttpResponse.json({ ok: true })),
  http.post(`${API_URL}/api/telephone-entry/calls`, async ({ request }) => {
    const { resident_id } = (await request.json()) as { resident_id: number | string | null };
    return HttpResponse.json(serverCall(resident_id));
  }),
  http.post(`${API_URL}/api/telephone-entry/sip-call`, () => HttpResponse.json({ ok: true })),
];

/** A created call in the back end's shape (SPEC.md section 3): no resident_id for the manager. */
export function serverCall(residentId: number | string | null = 11) {
  return {
    id: 'call-1',
    token: { iceServers: [{ urls: 'stun:stun.test:3478' }] },
    room_id: 'room-1',
    ...(residentId === null ? {} : { resident_id: residentId }),
    sip_username: 'kiosk-sip-1',
    sip_password: 'sip-secret-1',
  };
}

export const apiServer = setupServer(...apiHandlers);
// Recorded at the network level, so the handlers tests add are recorded too.
apiServer.events.on('request:start', ({ request }) => {
  if (request.url.startsWith(API_URL)) void record(request);
});

export const requestsTo = (path: string) => received.filter((request) => request.path === `/api/${path}`);

/** Starts msw for a test file; unhandled requests fail the test. */
export function withApiServer(): void {
  beforeAll(() => apiServer.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    apiServer.resetHandlers();
    received.length = 0;
  });
  afterAll(() => apiServer.close());
}
