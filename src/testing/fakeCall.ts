import { vi } from 'vitest';
import { createCallStreamRegistry } from '../services/call/callStreams';
import type { PeerOptions } from '../services/call/peerConnection';
import type { CallKit, PhoneLegEvents, RoomEvents, SipClient, VideoRoom, VoiceClient, RoomClient } from '../services/call/types';
import { API_URL } from './apiServer';

/** A media track stand-in: `stop` ends it, as a real track's does. */
export function fakeTrack(kind: 'audio' | 'video') {
  const track = Object.assign(new EventTarget(), {
    kind,
    readyState: 'live' as MediaStreamTrackState,
    stop: vi.fn(() => {
      track.readyState = 'ended';
    }),
  });
  return track;
}

export function fakeStream(): MediaStream {
  const tracks = [fakeTrack('audio'), fakeTrack('video')];
  return {
    getTracks: () => tracks,
    getAudioTracks: () => tracks.filter((t) => t.kind === 'audio'),
    getVideoTracks: () => tracks.filter((t) => t.kind === 'video'),
  } as unknown as MediaStream;
}

export const FAKE_SNAPSHOT = 'data:image/jpeg;base64,c25hcHNob3Q=';

/** A started leg as the fake providers record it: what it was given, and its handle. */
export interface FakeLeg<Input, Events> {
  input: Input;
  events: Events;
  handle: { hangUp: ReturnType<typeof vi.fn> };
}

/**
 * Fake call services: a real stream registry, and a kit with a fake camera and providers that
 * record each leg so a test can play the far end through `events`. Tests make
 * them slow or failing with mockImplementation.
 */
export function createFakeCall() {
  const opened: MediaStream[] = [];
  const legs = {
    voice: [] as FakeLeg<Parameters<VoiceClient['connect']>[0], PhoneLegEvents>[],
    sip: [] as FakeLeg<Parameters<SipClient['start']>[0], PhoneLegEvents>[],
    room: [] as Array<FakeLeg<Parameters<RoomClient['join']>[0], RoomEvents> & { handle: { publish: ReturnType<typeof vi.fn> } }>,
    peers: [] as Array<{
      options: PeerOptions;
      answer: ReturnType<typeof vi.fn>;
      addCandidate: ReturnType<typeof vi.fn>;
      close: ReturnType<typeof vi.fn>;
    }>,
  };
  const record = <I, E>(list: FakeLeg<I, E>[], input: I, events: E) => {
    const leg = { input, events, handle: { hangUp: vi.fn() } };
    list.push(leg);
    return leg.handle;
  };
  const voice: VoiceClient = { connect: vi.fn(async (input, events) => record(legs.voice, input, events)) };
  const sip: SipClient = { start: vi.fn(async (input, events) => record(legs.sip, input, events)) };
  const room: RoomClient = {
    join: vi.fn(async (input, events) => {
      const handle = { hangUp: vi.fn(), publish: vi.fn(async () => undefined) };
      legs.room.push({ input, events, handle });
      return handle satisfies VideoRoom;
    }),
  };
  const kit = {
    providers: { voice: vi.fn(async () => voice), sip: vi.fn(async () => sip), room: vi.fn(async () => room) },
    media: {
      open: vi.fn(async () => {
        const stream = fakeStream();
        opened.push(stream);
        return stream;
      }),
      stop: vi.fn((stream: MediaStream) => stream.getTracks().forEach((track) => track.stop())),
      capture: vi.fn(async (_stream: MediaStream) => FAKE_SNAPSHOT),
    },
    createPeer: vi.fn((options: PeerOptions) => {
      const peer = {
        options,
        answer: vi.fn(async (_offer: RTCSessionDescriptionInit) => ({ type: 'answer' as const, sdp: 'v=0 kiosk-answer' })),
        addCandidate: vi.fn(async (_candidate: RTCIceCandidateInit) => undefined),
        close: vi.fn(),
      };
      legs.peers.push(peer);
      return peer;
    }),
    requestJoinToken: vi.fn(async (_roomId: string, _signal?: AbortSignal) => 'join-token-1'),
  };
  return {
    ...kit,
    opened,
    legs,
    clients: { voice, sip, room },
    streams: createCallStreamRegistry(),
    load: vi.fn(async (): Promise<CallKit> => kit),
    settings: { apiUrl: API_URL, recentCallWindowMs: 3600000 },
  };
}

export type FakeCall = ReturnType<typeof createFakeCall>;
