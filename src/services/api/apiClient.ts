/** A failed API call: a non-2xx answer, a timeout or a network error. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** One code read, as the kiosk queues it and the back end takes it (docs/rules.md#r3-5-4). */
export interface AccessRequest {
  user_code: string;
  access_granted: boolean;
  created_at: string;
}

export interface LogEntry {
  message: string;
  meta: unknown;
  timestamp: string;
}

/**
 * How long each call may take before it counts as failed. Who tries again,
 * and when, is the caller's (README, "Reliability and security"). Each limit
 * is shorter than the usual period of the loop that makes the call again, so
 * a hung call is given up before the next poll or send is due.
 */
export const API_TIMEOUTS_MS = {
  /** Loaded with the property, every 60 s (5 s while in error). */
  'feature-flags': 10_000,
  /** Every 60 s, every 5 s while in error; the answer can be large. */
  'telephone-entry/property': 15_000,
  /** Every 30 s and soon after an enqueue, never two at once; the server keeps the batch even if its answer is lost. */
  'telephone-entry/access-requests': 20_000,
  /** Every 30 s; a failed one is not made up for. */
  'telephone-entry/checkin': 10_000,
  /** Best effort, never retried (a log of a failed log would loop). */
  'telephone-entry/logs': 10_000,
  /** Never retried: a lost answer would ring the resident twice. The visitor may call again. */
  'telephone-entry/calls': 15_000,
  /** Never retried, for the same reason; the call ends with an error. */
  'telephone-entry/sip-call': 10_000,
  /** The real-time channel subscribes again 5 s after a failure. */
  'telephone-entry/pusher/auth': 10_000,
} as const;

export type ApiPath = keyof typeof API_TIMEOUTS_MS;

/** The back end's HTTP API (docs/rules.md#r7-1); every call carries the bearer token. */
export interface ApiClient {
  getFeatureFlags(): Promise<unknown>;
  getProperty(): Promise<unknown>;
  sendAccessRequests(requests: AccessRequest[]): Promise<unknown>;
  checkIn(): Promise<void>;
  sendLog(entry: LogEntry): Promise<void>;
  /** POST telephone-entry/calls: answers the created call. */
  createCall(body: CreateCallBody): Promise<unknown>;
  /** POST telephone-entry/sip-call: the back end dials the resident and the kiosk's SIP user. */
  startSipCall(body: SipCallBody): Promise<void>;
  /** POST telephone-entry/pusher/auth, form-encoded as pusher-js sends it: the channel authorization. */
  authorizeChannel(socketId: string, channelName: string): Promise<unknown>;
}

export interface CreateCallBody {
  /** null for the manager. */
  resident_id: number | string | null;
  /** The visitor's picture as a data URL. */
  image_data: string;
  telnyx_enabled: boolean;
}

export interface SipCallBody {
  intercomCallId: string;
  pusherChannelName: string;
  tenantId: number | string | null;
  to: string;
  username: string;
}

export interface ApiClientOptions {
  baseUrl: string;
  getToken: () => string | null;
  fetchImpl?: typeof fetch;
  /** One limit for every call instead of API_TIMEOUTS_MS (tests). */
  timeoutMs?: number;
}

/** A body as JSON, or form-encoded when given as URLSearchParams. */
function encode(body: unknown): { type: string; text: string } | null {
  if (body === undefined) return null;
  if (body instanceof URLSearchParams) return { type: 'application/x-www-form-urlencoded', text: body.toString() };
  return { type: 'application/json', text: JSON.stringify(body) };
}

export function createApiClient({ baseUrl, getToken, fetchImpl, timeoutMs: everyCallMs }: ApiClientOptions): ApiClient {
  async function request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    const timeoutMs = everyCallMs ?? (Object.hasOwn(API_TIMEOUTS_MS, path) ? API_TIMEOUTS_MS[path as ApiPath] : 10_000);
    const controller = new AbortController();
    // A timer (not AbortSignal.timeout) so a test's fake clock governs it too.
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${getToken() ?? ''}` };
    const encoded = encode(body);
    if (encoded) headers['Content-Type'] = encoded.type;
    try {
      const response = await (fetchImpl ?? fetch)(`${baseUrl}/api/${path}`, {
        method,
        headers,
        body: encoded?.text,
        signal: controller.signal,
      });
      if (!response.ok) throw new ApiError(`${method} ${path} answered ${response.status}`, response.status);
      const text = await response.text();
      return text === '' ? null : (JSON.parse(text) as unknown);
    } catch (error) {
      if (error instanceof ApiError) throw error;
      const reason = controller.signal.aborted ? `timed out after ${timeoutMs} ms` : String(error);
      throw new ApiError(`${method} ${path} failed: ${reason}`, null);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    getFeatureFlags: () => request('GET', 'feature-flags'),
    getProperty: () => request('GET', 'telephone-entry/property'),
    sendAccessRequests: (requests) => request('POST', 'telephone-entry/access-requests', { requests }),
    checkIn: async () => {
      await request('POST', 'telephone-entry/checkin');
    },
    sendLog: async (entry) => {
      await request('POST', 'telephone-entry/logs', entry);
    },
    createCall: (body) => request('POST', 'telephone-entry/calls', body),
    startSipCall: async (body) => {
      await request('POST', 'telephone-entry/sip-call', body);
    },
    authorizeChannel: (socketId, channelName) =>
      request('POST', 'telephone-entry/pusher/auth', new URLSearchParams({ socket_id: socketId, channel_name: channelName })),
  };
}
