import { delay, http, HttpResponse, ws, type WebSocketHandlerConnection } from 'msw';
import { setupServer } from 'msw/node';
import { createApiClient } from '../api/apiClient';
import { createPusherRealtime, pusherOptions } from './pusherRealtime';
import type { ChannelHandlers } from './types';

type Client = WebSocketHandlerConnection['client'];
type Frame = { event: string; channel?: string; data?: unknown };

const channelName = 'private-telephone-entry-property-7';

// A minimal Pusher-protocol server: greets, accepts every subscribe, records client frames.
let clients: Client[] = [];
let frames: Frame[] = [];
let closed = 0;
let authAnswer: 'ok' | 'hang' | 'no-auth' | number = 'ok';
let authRequests: Array<{ authorization: string | null; form: URLSearchParams }> = [];

const pusherServer = ws.link('ws://127.0.0.1:8787/app/*');
const server = setupServer(
  http.post('*/api/telephone-entry/pusher/auth', async ({ request }) => {
    const form = new URLSearchParams(await request.text());
    authRequests.push({ authorization: request.headers.get('Authorization'), form });
    if (typeof authAnswer === 'number') return new HttpResponse(null, { status: authAnswer });
    if (authAnswer === 'hang') await delay('infinite');
    return HttpResponse.json(authAnswer === 'no-auth' ? { signature: 'x' } : { auth: 'app-key:signature' });
  }),
  pusherServer.addEventListener('connection', ({ client }) => {
    clients.push(client);
    client.addEventListener('close', () => (closed += 1));
    client.addEventListener('message', (event) => {
      const frame = JSON.parse(String(event.data)) as Frame;
      frames.push(frame);
      if (frame.event === 'pusher:subscribe') {
        const { channel } = frame.data as { channel: string };
        client.send(JSON.stringify({ event: 'pusher_internal:subscription_succeeded', channel, data: '{}' }));
      }
    });
    const established = { socket_id: '123.456', activity_timeout: 120 };
    client.send(JSON.stringify({ event: 'pusher:connection_established', data: JSON.stringify(established) }));
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
let realtime: ReturnType<typeof createPusherRealtime>;
beforeEach(() => {
  clients = [];
  frames = [];
  closed = 0;
  authAnswer = 'ok';
  authRequests = [];
  // The kiosk's own API client, with a short limit for the hung authorization.
  const api = createApiClient({ baseUrl: 'http://127.0.0.1:8787', getToken: () => 'device-token', timeoutMs: 300 });
  realtime = createPusherRealtime({
    key: 'app-key',
    cluster: '',
    host: '127.0.0.1',
    port: 8787,
    forceTLS: false,
    authorize: api.authorizeChannel,
    logger: { error: vi.fn(), warn: vi.fn() },
  });
});
afterEach(() => realtime.disconnect());

function handlers() {
  return {
    onEvent: vi.fn<ChannelHandlers['onEvent']>(),
    onSubscribed: vi.fn<() => void>(),
    onSubscriptionError: vi.fn<(error: unknown) => void>(),
  };
}

const sent = (event: string) => frames.filter((frame) => frame.event === event);

describe('createPusherRealtime', () => {
  it('authorizes the private channel with the bearer token and subscribes', async () => {
    const channel = handlers();
    realtime.subscribe(channelName, channel);
    await vi.waitFor(() => expect(channel.onSubscribed).toHaveBeenCalledTimes(1));

    expect(authRequests).toHaveLength(1);
    const [auth] = authRequests;
    expect(auth!.authorization).toBe('Bearer device-token');
    expect(Object.fromEntries(auth!.form)).toEqual({ socket_id: '123.456', channel_name: channelName });
    expect(sent('pusher:subscribe')).toEqual([
      { event: 'pusher:subscribe', data: { channel: channelName, auth: 'app-key:signature' } },
    ]);
  });

  it('passes server events to onEvent with parsed data, and no pusher internals', async () => {
    const channel = handlers();
    realtime.subscribe(channelName, channel);
    await vi.waitFor(() => expect(channel.onSubscribed).toHaveBeenCalled());
    pusherServer.broadcast(JSON.stringify({ event: 'property-updated', channel: channelName, data: '{"id":7}' }));
    await vi.waitFor(() => expect(channel.onEvent).toHaveBeenCalled());
    expect(channel.onEvent.mock.calls).toEqual([['property-updated', { id: 7 }]]);
  });

  it('reports a refused authorization as a subscription error', async () => {
    authAnswer = 403;
    const channel = handlers();
    realtime.subscribe(channelName, channel);
    await vi.waitFor(() => expect(channel.onSubscriptionError).toHaveBeenCalled());
    expect(channel.onSubscriptionError).toHaveBeenCalledWith({ type: 'AuthError', error: 'POST telephone-entry/pusher/auth answered 403' });
    expect(channel.onSubscribed).not.toHaveBeenCalled();
    expect(sent('pusher:subscribe')).toEqual([]);
  });

  it('gives up an authorization that does not answer in time: a subscription error, so the channel is tried again', async () => {
    authAnswer = 'hang';
    const channel = handlers();
    realtime.subscribe(channelName, channel);
    await vi.waitFor(() => expect(channel.onSubscriptionError).toHaveBeenCalled());
    expect(channel.onSubscriptionError).toHaveBeenCalledWith({
      type: 'AuthError',
      error: 'POST telephone-entry/pusher/auth failed: timed out after 300 ms',
    });
    expect(sent('pusher:subscribe')).toEqual([]);
  });

  it('refuses an authorization answer without an auth string', async () => {
    authAnswer = 'no-auth';
    const channel = handlers();
    realtime.subscribe(channelName, channel);
    await vi.waitFor(() => expect(channel.onSubscriptionError).toHaveBeenCalled());
    expect(channel.onSubscriptionError).toHaveBeenCalledWith({ type: 'AuthError', error: 'The channel authorization has no auth string' });
  });

  it('sends client events on the channel', async () => {
    const channel = handlers();
    realtime.subscribe(channelName, channel);
    await vi.waitFor(() => expect(channel.onSubscribed).toHaveBeenCalled());
    realtime.trigger(channelName, 'client-hangup', { call_id: 'c1', from: 'device-1' });
    await vi.waitFor(() => expect(sent('client-hangup')).toHaveLength(1));
    expect(sent('client-hangup')).toEqual([
      { event: 'client-hangup', channel: channelName, data: { call_id: 'c1', from: 'device-1' } },
    ]);
  });

  it("paces client events within Pusher's limit, and sends again what the server refused with 4301", async () => {
    const channel = handlers();
    realtime.subscribe(channelName, channel);
    await vi.waitFor(() => expect(channel.onSubscribed).toHaveBeenCalled());
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      const candidate = (n: number) => ({ candidate: { candidate: `candidate:${n}` }, call_id: 'c1', from: 'device-1' });
      for (let n = 1; n <= 16; n += 1) realtime.trigger(channelName, 'client-candidate', candidate(n));
      realtime.trigger(channelName, 'client-hangup', { call_id: 'c1', from: 'device-1' });
      await vi.advanceTimersByTimeAsync(0);
      // Within the first window: 9 candidates and the hangup, which does not wait behind the others.
      expect(frames.filter((frame) => frame.event.startsWith('client-')).map((frame) => frame.event)).toEqual([
        ...Array<string>(9).fill('client-candidate'),
        'client-hangup',
      ]);
      // The server refuses the last one as over its limit (Pusher does not say which).
      clients[0]!.send(JSON.stringify({ event: 'pusher:error', data: { code: 4301, message: 'The rate limit for sending client events exceeded the quota.' } }));
      await vi.advanceTimersByTimeAsync(3000);
      expect(sent('client-hangup')).toHaveLength(2);
      expect(sent('client-candidate').map((frame) => frame.data)).toEqual(Array.from({ length: 16 }, (_, i) => candidate(i + 1)));
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves the channel when its last subscriber unsubscribes', async () => {
    const first = handlers();
    const second = handlers();
    const unsubscribeFirst = realtime.subscribe(channelName, first);
    await vi.waitFor(() => expect(first.onSubscribed).toHaveBeenCalled());
    const unsubscribeSecond = realtime.subscribe(channelName, second);
    expect(second.onSubscribed).toHaveBeenCalledTimes(1);

    unsubscribeFirst();
    pusherServer.broadcast(JSON.stringify({ event: 'property-updated', channel: channelName, data: '{}' }));
    await vi.waitFor(() => expect(second.onEvent).toHaveBeenCalled());
    expect(first.onEvent).not.toHaveBeenCalled();
    expect(sent('pusher:unsubscribe')).toEqual([]);

    unsubscribeSecond();
    await vi.waitFor(() => expect(sent('pusher:unsubscribe')).toHaveLength(1));
    expect(sent('pusher:unsubscribe')).toEqual([{ event: 'pusher:unsubscribe', data: { channel: channelName } }]);
  });

  it('connects on the first subscribe only and closes the socket on disconnect', async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(clients).toHaveLength(0);
    const channel = handlers();
    const unsubscribe = realtime.subscribe(channelName, channel);
    await vi.waitFor(() => expect(channel.onSubscribed).toHaveBeenCalled());

    realtime.disconnect();
    await vi.waitFor(() => expect(closed).toBe(1));
    expect(() => unsubscribe()).not.toThrow();
    expect(clients).toHaveLength(1);
  });
});

describe('pusherOptions', () => {
  const base = { cluster: 'mt1', port: 6001, forceTLS: true, authorize: async () => ({ auth: 'k:s' }) };

  it('uses the cluster when no host is set, and authorizes through the given function', () => {
    const options = pusherOptions({ ...base, host: '' });
    expect(options).toMatchObject({ cluster: 'mt1', forceTLS: true });
    expect(options.wsHost).toBeUndefined();
    expect(options.channelAuthorization).toEqual({ customHandler: expect.any(Function) });
  });

  it('points at a self-hosted server over WebSocket only', () => {
    expect(pusherOptions({ ...base, host: 'ws.example.org' })).toMatchObject({
      wsHost: 'ws.example.org',
      wsPort: 6001,
      wssPort: 6001,
      forceTLS: true,
      enabledTransports: ['ws', 'wss'],
    });
  });
});
