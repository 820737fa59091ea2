import { openCamera, stopStream } from '../camera/camera';
import type { RealtimeService } from '../realtime/types';
import { captureFrame } from '../camera/captureFrame';
import { createJoinTokenRequester } from './joinToken';
import { createCallProviders } from './loadCallProviders';
import { createPeerSession } from './peerConnection';
import type { CallKit } from './types';

/** Calls: the panel's small picture (docs/rules.md#r9-4-1: width 240) with the microphone. */
export const CALL_MEDIA_CONSTRAINTS: MediaStreamConstraints = { video: { width: 240 }, audio: true };

export interface CallKitOptions {
  providers: 'live' | 'simulator';
  /** The live SIP client's gateway socket; null: the SDK's own. */
  telnyxRtcHost: string | null;
  realtime: RealtimeService;
  videoApiUrl: string;
  /** The video provider's key; null: no join tokens from the provider (the back end sends them). */
  videoApiKey: string | null;
}

/** Loaded with the first call (a chunk of its own); the vendor SDKs load later still, per route. */
export function createCallKit({ providers, telnyxRtcHost, realtime, videoApiUrl, videoApiKey }: CallKitOptions): CallKit {
  return {
    providers: createCallProviders(providers, realtime, { telnyxRtcHost }),
    media: { open: (signal) => openCamera(CALL_MEDIA_CONSTRAINTS, undefined, signal), stop: stopStream, capture: (stream) => captureFrame(stream) },
    createPeer: createPeerSession,
    requestJoinToken: videoApiKey === null ? null : createJoinTokenRequester({ apiUrl: videoApiUrl, apiKey: videoApiKey }),
  };
}
