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

export interface AccessRequestBody {
  user_code: string;
  access_granted: boolean;
  created_at: string;
}

export interface LogEntry {
  message: string;
  meta: unknown;
  timestamp: string;
}

/** The back end's HTTP API (SPEC.md section 7); every call carries the bearer token. */
export interface ApiClient {
  getFeatureFlags(): Promise<unknown>;
  getProperty(): Promise<unknown>;
  sendAccessRequests(requests: AccessRequestBody[]): Promise<unknown>;
  checkIn(): Promise<void>;
  sendLog(entry: LogEntry): Promise<void>;
  /** POST telephone-entry/calls: answers the created call. */
  createCall(body: CreateCallBody): Promise<unknown>;
  /** POST telephone-entry/sip-call: the back end dials the resident and the kiosk's SIP user. */
  startSipCall(body: SipCallBody): Promise<void>;
  post(path: string, body: unknown): Promise<unknown>;
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
  timeoutMs?: number;
}

export function createApiClient({ baseUrl, getToken, fetchImpl, timeoutMs = 15000 }: ApiClientOptions): ApiClient {
  async function request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${getToken() ?? ''}` };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    try {
      const response = await (fetchImpl ?? fetch)(`${baseUrl}/api/${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
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
    post: (path, body) => request('POST', path, body),
  };
}
