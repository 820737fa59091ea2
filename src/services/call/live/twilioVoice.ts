import { Call, Device } from '@twilio/voice-sdk';
import type { CallHandle, VoiceClient } from '../types';

/** docs/rules.md#r9-3-7: opus, then pcmu. */
export const VOICE_CODECS = [Call.Codec.Opus, Call.Codec.PCMU];
/** docs/rules.md#r9-3-7: at most 12000 bps on average. */
export const VOICE_MAX_AVERAGE_BITRATE = 12000;

/**
 * Every sound the SDK knows, pointed at a local silent file: the kiosk rings
 * by itself, and the panel may be offline when the SDK would fetch its
 * defaults from Twilio's servers.
 */
function silentSounds(silence: string): Partial<Record<Device.SoundName, string>> {
  return Object.fromEntries(Object.values(Device.SoundName).map((name) => [name, silence]));
}

/** The legacy voice client over Twilio's Voice SDK. Loaded only when a call needs it. */
export function createTwilioVoice({ silenceUrl = '/sounds/silence.wav' }: { silenceUrl?: string } = {}): VoiceClient {
  return {
    async connect({ token, params, signal }, events) {
      const device = new Device(token, {
        codecPreferences: VOICE_CODECS,
        maxAverageBitrate: VOICE_MAX_AVERAGE_BITRATE,
        sounds: silentSounds(silenceUrl),
        closeProtection: false,
        logLevel: 'error',
      });
      let call: Call | null = null;
      let released = false;
      const handle: CallHandle = {
        hangUp() {
          if (released) return;
          released = true;
          device.removeAllListeners();
          call?.removeAllListeners();
          call?.disconnect();
          device.destroy();
        },
      };
      // connect() may never settle without a network: the caller's deadline aborts it.
      signal.addEventListener('abort', handle.hangUp);
      device.on('error', (error: unknown) => events.onError(error));
      try {
        call = await device.connect({ params: { ...params } });
      } catch (error) {
        handle.hangUp();
        throw error;
      } finally {
        signal.removeEventListener('abort', handle.hangUp);
      }
      // Placed after the visitor left: the destroyed device may already have ended it; make sure.
      if (released) {
        call.disconnect();
        return handle;
      }
      call.on('disconnect', () => events.onEnded());
      call.on('cancel', () => events.onEnded());
      call.on('reject', () => events.onEnded());
      call.on('error', (error: unknown) => events.onError(error));
      return handle;
    },
  };
}
