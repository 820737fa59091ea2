import { Call, Device } from '@twilio/voice-sdk';
import type { CallHandle, VoiceClient } from '../types';

/** docs/rules.md#r9-3-7: opus, then pcmu. */
export const VOICE_CODECS = [Call.Codec.Opus, Call.Codec.PCMU];
/** docs/rules.md#r9-3-7: at most 12000 bps on average. */
export const VOICE_MAX_AVERAGE_BITRATE = 12000;

/** The gateway took the invite: the far end is ringing, or the call was answered. */
const PLACED_EVENTS = ['ringing', 'accept'] as const;
/** The far end hung up, cancelled or rejected the call. */
const ENDED_EVENTS = ['disconnect', 'cancel', 'reject'] as const;

/**
 * Every sound the SDK knows, pointed at a local silent file: the kiosk rings
 * by itself, and the panel may be offline when the SDK would fetch its
 * defaults from Twilio's servers.
 */
function silentSounds(silence: string): Partial<Record<Device.SoundName, string>> {
  return Object.fromEntries(Object.values(Device.SoundName).map((name) => [name, silence]));
}

/**
 * The legacy voice client over Twilio's Voice SDK. Loaded only when a call needs it.
 * `connect` resolves once the gateway has taken the invite (ringing or
 * answered): the SDK's own `connect()` resolves as soon as its signalling
 * socket is up, before the invite is even sent, so a gateway that never
 * answers it would otherwise leave the visitor waiting out the call's hard cap.
 * Until then a device or call error, or the call's end, rejects `connect`
 * and releases the device, which would otherwise retry its socket on its own.
 */
export function createTwilioVoice({ silenceUrl = '/sounds/silence.wav' }: { silenceUrl?: string } = {}): VoiceClient {
  return {
    connect({ token, params, signal }, events) {
      return new Promise<CallHandle>((resolve, reject) => {
        const device = new Device(token, {
          codecPreferences: VOICE_CODECS,
          maxAverageBitrate: VOICE_MAX_AVERAGE_BITRATE,
          sounds: silentSounds(silenceUrl),
          closeProtection: false,
          logLevel: 'error',
        });
        let call: Call | null = null;
        let placed = false;
        let released = false;

        const fail = (error: unknown) => {
          if (placed) return events.onError(error);
          handle.hangUp();
          reject(error);
        };
        const ended = () => (placed ? events.onEnded() : fail(new Error('The voice call ended before the gateway took it')));
        const onPlaced = () => {
          if (placed) return;
          placed = true;
          signal.removeEventListener('abort', abandon);
          resolve(handle);
        };
        // Only the adapter's own listeners: the SDK keeps listeners of its own on the call.
        const listenTo = (target: Call, on: boolean) => {
          const method = on ? 'on' : 'off';
          for (const name of PLACED_EVENTS) target[method](name, onPlaced);
          for (const name of ENDED_EVENTS) target[method](name, ended);
          target[method]('error', fail);
        };
        const handle: CallHandle = {
          hangUp() {
            if (released) return;
            released = true;
            signal.removeEventListener('abort', abandon);
            device.off('error', fail);
            if (call) listenTo(call, false);
            call?.disconnect();
            device.destroy();
          },
        };
        // connect() may never settle without a network: the caller's deadline aborts it.
        const abandon = () => fail(signal.reason);
        signal.addEventListener('abort', abandon);
        device.on('error', fail);

        device.connect({ params: { ...params } }).then(
          (placing) => {
            // Placed after the visitor left: the destroyed device may already have ended it; make sure.
            if (released) return placing.disconnect();
            call = placing;
            listenTo(placing, true);
          },
          (error: unknown) => {
            if (!released) fail(error);
          },
        );
      });
    },
  };
}
