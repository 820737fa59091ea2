import { API_TIMEOUTS_MS, type ApiPath } from './apiTimeouts';
import { readServerDate, type ServerDate } from './serverDate';
import { fingerprintOf } from './fingerprint';
import type { PropertyJob } from './propertyJob';
import type { PropertyAnswer, PropertyVersion } from './propertyAnswer';
import { ApiError } from './apiError';

/** One code read, as the kiosk queues it and the back end takes it (docs/rules.md#r3-5-4). */
export interface AccessRequest {
  user_code: string;
  access_granted: boolean;
  created_at: string;
  /** Why a pass was refused (docs/answers.md, "Passes"); only on a refused pass's request. */
  reason?: string;
}

export interface LogEntry {
  message: string;
  meta: unknown;
  timestamp: string;
}

export type { PropertyAnswer, PropertyVersion } from './propertyAnswer';

/** The back end's HTTP API (docs/rules.md#r7-1); every call carries the bearer token. */
export interface ApiClient {
  /** Null until an answer with a readable `Date` (a cross-origin back end exposes it: docs/passes.md). */
  serverDate?(): ServerDate | null;
  getFeatureFlags(): Promise<unknown>;
  /** With `held`, sends its ETag as `If-None-Match` and compares the answer with it before parsing. */
  getProperty(held?: PropertyVersion | null): Promise<PropertyAnswer>;
  sendAccessRequests(requests: AccessRequest[]): Promise<unknown>;
  checkIn(): Promise<void>;
  sendLog(entry: LogEntry): Promise<void>;
  /** POST telephone-entry/calls: answers the created call. */
  createCall(body: CreateCallBody): Promise<unknown>;
  /** POST telephone-entry/sip-call: the back end dials the resident and the kiosk's SIP user. */
  startSipCall(body: SipCallBody): Promise<void>;
  /** POST telephone-entry/pusher/auth, form-encoded as pusher-js sends it: the channel authorization. */
  authorizeChannel(socketId: string, channelName: string): Promise<unknown>;
  /** POST telephone-entry/calls/{id}/message: a recorded message as the body, with its content type (docs/protocol.md). */
  sendMessage(message: MessageUpload): Promise<unknown>;
}

/** A recorded message as it is uploaded: one part as the body itself, several as multipart/form-data. */
export interface MessageUpload {
  callId: string;
  /** Sent as `Idempotency-Key`: the back end keeps one message per key. */
  id: string;
  kind: string;
  recordedAt: string;
  body: Blob | FormData;
}

export interface CreateCallBody {
  /** null for the manager. */
  resident_id: number | string | null;
  /** The visitor's picture as a data URL. */
  image_data: string;
  telnyx_enabled: boolean;
  /** Only for a delivery (the device record's `enable_deliveries`); absent otherwise. */
  reason?: 'delivery';
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
  /**
   * Reads and fingerprints a large property answer off the main thread: the
   * answer, or null when no worker could run the job. Without it (tests,
   * engines without workers) the page does the job itself.
   */
  inWorker?: ((job: PropertyJob, signal: AbortSignal) => Promise<PropertyAnswer | null>) | null;
}

/** An answer's body as JSON; an empty body is no value. */
function parseJson(bytes: ArrayBuffer): unknown {
  const text = new TextDecoder().decode(bytes);
  return text === '' ? null : (JSON.parse(text) as unknown);
}

/** From this size (or when the size is not told), an answer is read through a Blob. */
export const BLOB_FROM_BYTES = 1_000_000;

/**
 * A large answer through a Blob: Chromium gathers it outside the page's main
 * thread, where reading it as an ArrayBuffer takes main-thread tasks as it
 * arrives (measured at 17 MB: 100-500 ms of tasks, some over 50 ms, against
 * 30-70 ms and none). A small one directly, in one step.
 */
async function readBody(response: Response): Promise<{ bytes: ArrayBuffer } | { blob: Blob }> {
  const length = Number(response.headers.get('Content-Length'));
  if (length > 0 && length < BLOB_FROM_BYTES) return { bytes: await response.arrayBuffer() };
  return { blob: await response.blob() };
}

const bytesOf = async (body: { bytes: ArrayBuffer } | { blob: Blob }): Promise<ArrayBuffer> => ('blob' in body ? body.blob.arrayBuffer() : body.bytes);

/**
 * A body as JSON, form-encoded when given as URLSearchParams, or as it is
 * when a Blob or FormData: the engine then sets the Content-Type (the Blob's
 * own type; multipart with its boundary).
 */
function encode(body: unknown): { type: string | null; body: BodyInit } | null {
  if (body === undefined) return null;
  if (body instanceof Blob || body instanceof FormData) return { type: null, body };
  if (body instanceof URLSearchParams) return { type: 'application/x-www-form-urlencoded', body: body.toString() };
  return { type: 'application/json', body: JSON.stringify(body) };
}

const PROPERTY = 'telephone-entry/property';

/** A changed property answer, parsed. */
export const changed = (bytes: ArrayBuffer, etag: string | null, fingerprint: string | null): PropertyAnswer => ({
  unchanged: false,
  body: parseJson(bytes),
  version: { etag, fingerprint, size: bytes.byteLength },
});

export function createApiClient({ baseUrl, getToken, fetchImpl, timeoutMs: everyCallMs, inWorker = null }: ApiClientOptions): ApiClient {
  let serverDate: ServerDate | null = null;
  const urlOf = (path: string) => `${baseUrl}/api/${path}`;
  const headersOf = (extra: Record<string, string> = {}): Record<string, string> => ({
    Accept: 'application/json',
    Authorization: `Bearer ${getToken() ?? ''}`,
    ...extra,
  });

  /** One call within its time limit: `run` gets the signal that ends it; whatever fails becomes an ApiError. */
  async function limited<T>(method: 'GET' | 'POST', path: string, run: (signal: AbortSignal) => Promise<T>, limit: string = path): Promise<T> {
    const timeoutMs = everyCallMs ?? (Object.prototype.hasOwnProperty.call(API_TIMEOUTS_MS, limit) ? API_TIMEOUTS_MS[limit as ApiPath] : 10_000);
    const controller = new AbortController();
    // A timer (not AbortSignal.timeout) so a test's fake clock governs it too.
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      return await run(controller.signal);
    } catch (error) {
      if (error instanceof ApiError) throw error;
      const reason = controller.signal.aborted ? `timed out after ${timeoutMs} ms` : String(error);
      throw new ApiError(`${method} ${path} failed: ${reason}`, null);
    } finally {
      clearTimeout(timer);
    }
  }

  /** A fetch from the page; an answer that is not 2xx (nor a 304 when `allowNotModified`) is an ApiError. */
  async function send(
    method: 'GET' | 'POST',
    path: string,
    { body, headers: extra, allowNotModified = false }: { body?: unknown; headers?: Record<string, string>; allowNotModified?: boolean },
    signal: AbortSignal,
  ): Promise<Response> {
    const headers = headersOf(extra);
    const encoded = encode(body);
    if (encoded?.type) headers['Content-Type'] = encoded.type;
    const response = await (fetchImpl ?? fetch)(urlOf(path), { method, headers, body: encoded?.body, signal });
    if (!response.ok && !(allowNotModified && response.status === 304)) {
      throw new ApiError(`${method} ${path} answered ${response.status}`, response.status);
    }
    serverDate = readServerDate(response) ?? serverDate;
    return response;
  }

  const request = (method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> =>
    limited(method, path, async (signal) => parseJson(await (await send(method, path, { body }, signal)).arrayBuffer()));

  /** The answer from the page's own fetch: unchanged by a 304, by the held ETag, or by the held fingerprint. */
  async function fetchProperty(held: PropertyVersion | null | undefined, signal: AbortSignal): Promise<PropertyAnswer> {
    const response = await send('GET', PROPERTY, { headers: held?.etag ? { 'If-None-Match': held.etag } : {}, allowNotModified: true }, signal);
    if (response.status === 304) return { unchanged: true };
    const etag = response.headers.get('ETag');
    if (etag && etag === held?.etag) return { unchanged: true };
    const body = await readBody(response);
    // With an ETag there is nothing to compare: the back end names its versions (and the worker, if it reads the answer, need not hash it).
    const inWorkerAnswer = 'blob' in body && inWorker ? await inWorker({ source: body, held: etag ? null : (held?.fingerprint ?? null), heldData: held?.data ?? null }, signal) : null;
    if (inWorkerAnswer && etag) return inWorkerAnswer.unchanged ? inWorkerAnswer : { ...inWorkerAnswer, version: { ...inWorkerAnswer.version, etag, fingerprint: null } };
    if (inWorkerAnswer) return inWorkerAnswer;
    if (etag) return changed(await bytesOf(body), etag, null);
    const bytes = await bytesOf(body);
    const fingerprint = await fingerprintOf(bytes);
    return fingerprint === held?.fingerprint ? { unchanged: true } : changed(bytes, null, fingerprint);
  }

  /**
   * Unchanged when the back end says so (304) or the answer is the held one
   * by ETag or by fingerprint. A large answer that came without an ETag is
   * polled by the worker itself: its 17 MB (50,000 residents) cross the main
   * thread only when they changed, where the page's own fetch takes hundreds
   * of small main-thread tasks while they arrive.
   */
  const getProperty = (held?: PropertyVersion | null): Promise<PropertyAnswer> =>
    limited('GET', PROPERTY, async (signal) => {
      const polled =
        inWorker && held?.fingerprint && held.size >= BLOB_FROM_BYTES
          ? await inWorker({ source: { url: urlOf(PROPERTY), headers: headersOf() }, held: held.fingerprint, heldData: held.data ?? null }, signal)
          : null;
      return polled ?? fetchProperty(held, signal);
    });

  return {
    serverDate: () => serverDate,
    getFeatureFlags: () => request('GET', 'feature-flags'),
    getProperty,
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
    sendMessage: ({ callId, id, kind, recordedAt, body }) => {
      const path = `telephone-entry/calls/${encodeURIComponent(callId)}/message`;
      const headers = { 'Idempotency-Key': id, 'X-Message-Kind': kind, 'X-Recorded-At': recordedAt };
      return limited('POST', path, async (signal) => parseJson(await (await send('POST', path, { body, headers }, signal)).arrayBuffer()), 'telephone-entry/calls/{id}/message');
    },
  };
}
