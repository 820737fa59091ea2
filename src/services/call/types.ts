import type { PeerOptions, PeerSession } from './peerConnection';

/** Which call leg a provider belongs to, for adapters that need it (the simulator twins talk on the channel). */
export interface LegContext {
  /** The back end's call id. */
  callId: string;
  /** The property's private channel. */
  channel: string;
  /**
   * Aborts a start that is taking too long or is no longer wanted: the
   * provider then releases what it made and rejects.
   */
  signal: AbortSignal;
}

/** What the far end of a phone leg does. */
export interface PhoneLegEvents {
  /** The leg ended from the far side (Twilio 'disconnect', Telnyx 'destroy'). */
  onEnded(): void;
  onError(error: unknown): void;
  /** The leg's remote audio, when the client hands it to the page (Telnyx SIP). */
  onRemoteStream?(stream: MediaStream): void;
  /** The back end's call reached the client (the SIP invite), which answers it. */
  onRinging?(): void;
}

/** A started call leg or room; `hangUp` releases everything it holds and is safe to call twice. */
export interface CallHandle {
  hangUp(): void;
}

/** The connect parameters of the legacy voice client (docs/rules.md#r4-9-5). */
export interface VoiceParams {
  room: string;
  apiUrl: string;
  lbtoken: string;
  To: string;
}

/** The legacy voice client (Twilio Voice). `connect` resolves once the call is placed: the gateway rings the far end or has answered. */
export interface VoiceClient {
  connect(input: LegContext & { token: string; params: VoiceParams }, events: PhoneLegEvents): Promise<CallHandle>;
}

/**
 * The SIP client (Telnyx WebRTC), logged in with the call's SIP credentials.
 * It answers the call the back end places to it on its own; `start` resolves
 * once the client is logged in and ready.
 */
export interface SipClient {
  start(input: LegContext & { login: string; password: string }, events: PhoneLegEvents): Promise<CallHandle>;
}

export interface RoomEvents {
  /** A text message from another participant ('answered', 'open_gate', 'decline'). */
  onMessage(payload: string): void;
  onRemoteStream(stream: MediaStream): void;
  onDisconnected(reason: string): void;
}

export interface VideoRoom extends CallHandle {
  /** Sends the caller's camera and microphone to the room. */
  publish(stream: MediaStream): Promise<void>;
}

/** The video room provider (Telnyx Video). `join` resolves once the room is connected. */
export interface RoomClient {
  join(input: LegContext & { roomId: string; clientToken: string }, events: RoomEvents): Promise<VideoRoom>;
}

/**
 * The three vendor parts of a call, each loaded only when a call needs it
 * (dynamic import), so no SDK is in the first screen's bundle.
 */
export interface CallProviders {
  voice(): Promise<VoiceClient>;
  sip(): Promise<SipClient>;
  room(): Promise<RoomClient>;
}

/** The camera and microphone of a call, and the snapshot sent with it. */
export interface CallMedia {
  /** Opens camera and microphone; rejects with a CameraError. The caller stops the stream; `signal` ends a second ask still waiting. */
  open(signal?: AbortSignal): Promise<MediaStream>;
  stop(stream: MediaStream): void;
  /** The stream's current picture as a JPEG data URL. */
  capture(stream: MediaStream): Promise<string>;
}

/** Everything a call uses besides the channel, the API and the sounds. */
export interface CallKit {
  providers: CallProviders;
  media: CallMedia;
  /** The browser's peer connection, for video without the provider flag (the same in both modes). */
  createPeer(options: PeerOptions): PeerSession;
  /** Asks the video provider for a client token to join a video room; null in a build without the provider's key. */
  requestJoinToken: ((roomId: string, signal?: AbortSignal) => Promise<string>) | null;
}
