import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createJoinTokenRequester } from './joinToken';

const VIDEO_API = 'http://video.test';
const received: Array<{ url: string; authorization: string | null; contentType: string | null; accept: string | null; body: unknown }> = [];
const server = setupServer(
  http.post(`${VIDEO_API}/v2/rooms/:room/actions/generate_join_client_token`, async ({ request }) => {
    received.push({
      url: request.url,
      authorization: request.headers.get('authorization'),
      contentType: request.headers.get('content-type'),
      accept: request.headers.get('accept'),
      body: await request.json(),
    });
    return HttpResponse.json({ data: { token: 'join-1', refresh_token: 'r', token_expires_at: 'x', refresh_token_expires_at: 'y' } }, { status: 201 });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  received.length = 0;
});
afterAll(() => server.close());

const request = createJoinTokenRequester({ apiUrl: VIDEO_API, apiKey: 'video-key' });

describe('join token', () => {
  it('posts to the room with the bearer key and reads data.token', async () => {
    await expect(request('room 1')).resolves.toBe('join-1');
    expect(received).toEqual([
      {
        url: `${VIDEO_API}/v2/rooms/room%201/actions/generate_join_client_token`,
        authorization: 'Bearer video-key',
        contentType: 'application/json',
        accept: 'application/json',
        body: { token_ttl_secs: 600 },
      },
    ]);
  });

  it('rejects a refusal or an answer without a token', async () => {
    server.use(http.post(`${VIDEO_API}/v2/rooms/:room/actions/generate_join_client_token`, () => HttpResponse.json({}, { status: 401 })));
    await expect(request('room-1')).rejects.toThrow(/answered 401/);
    server.use(http.post(`${VIDEO_API}/v2/rooms/:room/actions/generate_join_client_token`, () => HttpResponse.json({ data: {} }, { status: 201 })));
    await expect(request('room-1')).rejects.toThrow(/no token/);
  });

  it('rejects, with the same clear error, an answer with an empty token, without data, or null', async () => {
    for (const answer of [{ data: { token: '' } }, { data: { token: 42 } }, {}, null]) {
      server.use(http.post(`${VIDEO_API}/v2/rooms/:room/actions/generate_join_client_token`, () => HttpResponse.json(answer, { status: 201 })));
      await expect(request('room-1')).rejects.toThrow('Join token for room room-1: no token in the answer');
    }
  });
});
