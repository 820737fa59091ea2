import type { RealtimeService } from '../realtime/types';
import type { CallProviders } from './types';

/**
 * The vendor parts of a call, each imported only when a call first needs it:
 * the SDKs (or their simulator twins) are separate chunks, never in the first
 * screen's bundle.
 */
export function createCallProviders(
  mode: 'live' | 'simulator',
  realtime: RealtimeService,
  { telnyxRtcHost }: { telnyxRtcHost: string | null },
): CallProviders {
  if (mode === 'simulator') {
    return {
      voice: async () => (await import('./simulator/simVoice')).createSimVoice(realtime),
      sip: async () => (await import('./simulator/simSip')).createSimSip(realtime),
      room: async () => (await import('./simulator/simRoom')).createSimRoom(realtime),
    };
  }
  return {
    voice: async () => (await import('./live/twilioVoice')).createTwilioVoice(),
    sip: async () => (await import('./live/telnyxSip')).createTelnyxSip({ host: telnyxRtcHost }),
    room: async () => (await import('./live/telnyxRoom')).createTelnyxRoom(),
  };
}
