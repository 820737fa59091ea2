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
  const liveSip = async () => (await import('./live/telnyxSip')).createTelnyxSip({ host: telnyxRtcHost });
  if (mode === 'simulator') {
    return {
      voice: async () => (await import('./simulator/simVoice')).createSimVoice(realtime),
      // The Telnyx client takes a host: given the simulator's twin, the vendor's own code plays the SIP leg.
      sip: telnyxRtcHost === null ? async () => (await import('./simulator/simSip')).createSimSip(realtime) : liveSip,
      room: async () => (await import('./simulator/simRoom')).createSimRoom(realtime),
    };
  }
  return {
    voice: async () => (await import('./live/twilioVoice')).createTwilioVoice(),
    sip: liveSip,
    room: async () => (await import('./live/telnyxRoom')).createTelnyxRoom(),
  };
}
