import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createFakeRealtime } from '../../testing/fakeServices';
import { createCallKit } from './callKit';

// The vendor adapters at their import boundary: which one a call gets.
const live = vi.hoisted(() => ({ voice: { connect: vi.fn() }, sip: { start: vi.fn() }, room: { join: vi.fn() }, sipOptions: [] as unknown[] }));
vi.mock('./live/twilioVoice', () => ({ createTwilioVoice: () => live.voice }));
vi.mock('./live/telnyxSip', () => ({
  createTelnyxSip: (options: unknown) => {
    live.sipOptions.push(options);
    return live.sip;
  },
}));
vi.mock('./live/telnyxRoom', () => ({ createTelnyxRoom: () => live.room }));
const capture = vi.hoisted(() => vi.fn(async (_stream: MediaStream) => 'data:image/jpeg;base64,AAAA'));
vi.mock('../camera/captureFrame', () => ({ captureFrame: capture }));

const VIDEO_API = 'http://video.test';
const CHANNEL = 'private-telephone-entry-property-1';
const tokens: Array<{ url: string; authorization: string | null }> = [];
const server = setupServer(
  http.post(`${VIDEO_API}/v2/rooms/:room/actions/generate_join_client_token`, ({ request }) => {
    tokens.push({ url: request.url, authorization: request.headers.get('authorization') });
    return HttpResponse.json({ data: { token: 'join-1' } }, { status: 201 });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const SIP_GATEWAY = 'ws://127.0.0.1:9100/telnyx-rtc';
const kit = (
  providers: 'live' | 'simulator',
  realtime = createFakeRealtime(),
  videoApiKey: string | null = 'video-key',
  telnyxRtcHost: string | null = SIP_GATEWAY,
) => createCallKit({ providers, telnyxRtcHost, realtime, videoApiUrl: VIDEO_API, videoApiKey });
const leg = { callId: 'call-1', channel: CHANNEL, signal: new AbortController().signal };

describe('the call kit', () => {
  it('opens the camera at width 240 with the microphone (rules R9.4.1), and snapshots the stream it is given', async () => {
    const stream = { id: 'camera' } as unknown as MediaStream;
    const getUserMedia = vi.fn(async (_constraints: MediaStreamConstraints) => stream);
    vi.stubGlobal('navigator', { mediaDevices: { getUserMedia } });
    try {
      const { media } = kit('live');
      await expect(media.open()).resolves.toBe(stream);
      expect(getUserMedia).toHaveBeenCalledWith({ video: { width: 240 }, audio: true });
      await expect(media.capture(stream)).resolves.toBe('data:image/jpeg;base64,AAAA');
      expect(capture).toHaveBeenCalledWith(stream);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("asks the video provider for a join token with the configured origin and key", async () => {
    await expect(kit('live').requestJoinToken?.('room-1')).resolves.toBe('join-1');
    expect(tokens).toEqual([{ url: `${VIDEO_API}/v2/rooms/room-1/actions/generate_join_client_token`, authorization: 'Bearer video-key' }]);
  });

  it('built without the key, it has no way to ask the video provider for join tokens', () => {
    expect(kit('live', createFakeRealtime(), null).requestJoinToken).toBeNull();
  });

  it('live: each part of a call is the vendor adapter', async () => {
    const { providers } = kit('live');
    await expect(providers.voice()).resolves.toBe(live.voice);
    await expect(providers.sip()).resolves.toBe(live.sip);
    await expect(providers.room()).resolves.toBe(live.room);
    // The SIP client goes to the configured gateway.
    expect(live.sipOptions).toEqual([{ host: SIP_GATEWAY }]);
  });

  it("simulator: each part of a call is a twin that talks on the property's channel (docs/calls.md)", async () => {
    const realtime = createFakeRealtime();
    const { providers } = kit('simulator', realtime, 'video-key', null);
    const phone = { onEnded: vi.fn(), onError: vi.fn() };
    const params = { room: 'call-1', apiUrl: 'http://api.test', lbtoken: 'secret', To: '+15555550111' };
    await (await providers.voice()).connect({ ...leg, token: 'twiml-1', params }, phone);
    await (await providers.sip()).start({ ...leg, login: 'kiosk-sip-1', password: 'pw' }, phone);
    await (await providers.room()).join({ ...leg, roomId: 'room-1', clientToken: 'join-1' }, { onMessage: vi.fn(), onRemoteStream: vi.fn(), onDisconnected: vi.fn() });
    expect(realtime.trigger.mock.calls.map(([channel, event]) => [channel, event])).toEqual([
      [CHANNEL, 'client-sim-voice'],
      [CHANNEL, 'client-sim-sip'],
      [CHANNEL, 'client-sim-room'],
    ]);
    expect(live.voice.connect).not.toHaveBeenCalled();
  });

  it("simulator given the SIP twin's host: the SIP leg is the vendor's own client on it, the others stay twins", async () => {
    live.sipOptions.length = 0;
    const { providers } = kit('simulator');
    await expect(providers.sip()).resolves.toBe(live.sip);
    expect(live.sipOptions).toEqual([{ host: SIP_GATEWAY }]);
    await expect(providers.voice()).resolves.not.toBe(live.voice);
    await expect(providers.room()).resolves.not.toBe(live.room);
  });
});
