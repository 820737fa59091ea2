import { vi } from 'vitest';

// A stand-in for @telnyx/video's room: what the Telnyx room adapter's tests drive.

type Listener = (...args: unknown[]) => void;
/** A remote track whose stop() is recorded. */
const track = (kind: string, id: string) => ({ kind, id, stop: vi.fn() }) as unknown as MediaStreamTrack;
/** The room initialize() resolves with: records its listeners, unsubscriptions and calls. */
export class FakeVideoRoom {
  listeners = new Map<string, Listener>();
  unsubscribed: string[] = [];
  streams = new Map<string, { participantId: string; key: string; videoTrack?: MediaStreamTrack }>();
  participants = new Map<string, unknown>([['me', {}]]);
  subscriptions = new Map<string, Map<string, unknown>>();
  connect = vi.fn(async () => undefined);
  disconnect = vi.fn(async () => undefined);
  addSubscription = vi.fn(async () => undefined);
  addStream = vi.fn(async () => undefined);
  removeSubscription = vi.fn(async (_participantId: string, _key: string) => undefined);
  removeStream = vi.fn(async (_key: string) => undefined);
  mixedAudioTrack: MediaStreamTrack | undefined = track('audio', 'mixed');
  on(event: string, listener: Listener) {
    this.listeners.set(event, listener);
    return () => {
      this.listeners.delete(event);
      this.unsubscribed.push(event);
    };
  }
  emit(event: string, ...args: unknown[]) {
    this.listeners.get(event)?.(...args);
  }
  getLocalParticipant() {
    return { id: 'me' };
  }
  getState() {
    return { streams: this.streams, mixedAudioTrack: this.mixedAudioTrack, participants: this.participants, subscriptions: this.subscriptions };
  }
  getParticipantStream(participantId: string, key: string) {
    return [...this.streams.values()].find((s) => s.participantId === participantId && s.key === key);
  }
}

/** The fake SDK: `initialize` resolves with `state.room`, a new Room for each test (set in beforeEach). */
export const fakeVideoSdk = {
  state: { room: new FakeVideoRoom(), track },
  Room: FakeVideoRoom,
  initialize: vi.fn(async (_config: unknown) => fakeVideoSdk.state.room),
};
