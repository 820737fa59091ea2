import { delay, http, HttpResponse, type DefaultBodyType, type HttpResponseResolver, type JsonBodyType, type PathParams } from 'msw';
import { setupServer } from 'msw/node';
import { rawProperty } from './fixtures';

export const API_URL = 'http://api.test';

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | null;
  body: unknown;
}

const headersByRequest = new WeakMap<RecordedRequest, Record<string, string>>();
/** Every header of a recorded request, names in lower case (kept apart, so tests that compare whole requests are unchanged). */
export const headersOf = (request: RecordedRequest | undefined): Record<string, string> => (request && headersByRequest.get(request)) ?? {};

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
  headersByRequest.set(entry, Object.fromEntries(request.headers.entries()));
  received.push(entry);
  entry.body = parseBody(await request.clone().text());
}

/** A way an endpoint of the fake back end can fail. */
export type Fault = { status: number } | 'network' | 'hang' | 'malformed';

interface Behaviour {
  delayMs: number;
  fault: Fault | null;
  /** How many more requests the fault hits (then the endpoint is healthy again). */
  faultsLeft: number;
}

const behaviours = new Map<string, Behaviour>();
const behaviourOf = (path: string): Behaviour => {
  const behaviour = behaviours.get(path) ?? { delayMs: 0, fault: null, faultsLeft: 0 };
  behaviours.set(path, behaviour);
  return behaviour;
};

/**
 * Makes an endpoint of the fake back end (its path under /api/) slow or
 * broken, as a real one is at times: `backEnd.slow('telephone-entry/property', 1500)`,
 * `backEnd.fail('telephone-entry/access-requests', { status: 503 })`, `'network'`
 * (no answer at all), `'hang'` (an answer that never comes), `'malformed'` (a
 * 200 that is not JSON); `{ times: 1 }` fails only the next request.
 * Everything is healthy again after each test.
 */
export const backEnd = {
  slow(path: string, delayMs: number): void {
    behaviourOf(path).delayMs = delayMs;
  },
  fail(path: string, fault: Fault, { times = Infinity }: { times?: number } = {}): void {
    Object.assign(behaviourOf(path), { fault, faultsLeft: times });
  },
  heal(): void {
    behaviours.clear();
  },
};

function faultResponse(fault: Fault): Promise<Response> | Response {
  if (fault === 'network') return HttpResponse.error();
  if (fault === 'hang') return delay('infinite').then(() => HttpResponse.error());
  if (fault === 'malformed') return new HttpResponse('{"unfinished": ', { headers: { 'Content-Type': 'application/json' } });
  return HttpResponse.json({ error: 'fault injected by the test' }, { status: fault.status });
}

/** A handler for `/api/{path}` that is slow or fails when `backEnd` says so. */
function endpoint(method: 'get' | 'post', path: string, resolver: HttpResponseResolver<PathParams, DefaultBodyType>) {
  return http[method](`${API_URL}/api/${path}`, async (info) => {
    const behaviour = behaviours.get(path);
    if (behaviour?.delayMs) await delay(behaviour.delayMs);
    if (behaviour?.fault && behaviour.faultsLeft > 0) {
      behaviour.faultsLeft -= 1;
      return faultResponse(behaviour.fault);
    }
    return resolver(info);
  });
}

/** Handlers for a healthy back end; tests override them with `apiServer.use(...)`, or `backEnd`. */
export const apiHandlers = [
  endpoint('get', 'telephone-entry/property', () => HttpResponse.json(rawProperty())),
  endpoint('get', 'feature-flags', () => HttpResponse.json({ telnyx_enabled: false })),
  endpoint('post', 'telephone-entry/access-requests', async ({ request }) => {
    const { requests } = (await request.json()) as { requests: JsonBodyType[] };
    return HttpResponse.json(requests);
  }),
  endpoint('post', 'telephone-entry/checkin', () => HttpResponse.json({ ok: true })),
  endpoint('post', 'telephone-entry/logs', () => HttpResponse.json({ ok: true })),
  endpoint('post', 'telephone-entry/calls', async ({ request }) => {
    const { resident_id } = (await request.json()) as { resident_id: number | string | null };
    return HttpResponse.json(serverCall(resident_id));
  }),
  endpoint('post', 'telephone-entry/sip-call', () => HttpResponse.json({ ok: true })),
  endpoint('post', 'telephone-entry/calls/:id/message', () => HttpResponse.json({ received: true }, { status: 201 })),
];

/** A created call in the back end's shape (docs/rules.md#r3-3-1): no resident_id for the manager. */
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
    backEnd.heal();
    received.length = 0;
  });
  afterAll(() => apiServer.close());
}
