import { TelnyxRTC, type IClientOptions } from '@telnyx/webrtc';
import type { CallHandle, SipClient } from '../types';

type Notification = { type?: string; call?: TelnyxCall };
interface TelnyxCall {
  state: string;
  direction?: string;
  remoteStream?: MediaStream;
  answer(params?: { video?: boolean }): Promise<void>;
  hangup(): Promise<void>;
}

const ignore = () => undefined;

/**
 * The SIP client over Telnyx WebRTC, logged in with the call's SIP user. The
 * back end dials that user: the client answers on ringing, hands the remote
 * audio over when active, and reports the end on destroy; new, trying and
 * hangup are ignored (docs/rules.md#r4-9-7). `host` replaces the SDK's own
 * gateway (a runtime option its typings leave out); null keeps it.
 */
export function createTelnyxSip({ host }: { host: string | null } = { host: null }): SipClient {
  return {
    start({ login, password, signal }, events) {
      return new Promise<CallHandle>((resolve, reject) => {
        const options: IClientOptions & { host?: string } = host === null ? { login, password } : { login, password, host };
        const client = new TelnyxRTC(options);
        let call: TelnyxCall | null = null;
        let ready = false;
        let released = false;
        const handle: CallHandle = {
          hangUp() {
            if (released) return;
            released = true;
            signal.removeEventListener('abort', abandon);
            client.off('telnyx.ready');
            client.off('telnyx.error');
            client.off('telnyx.notification');
            // The SDK's disconnect hangs up every call it still holds: logging out
            // before this call's bye is answered sends the gateway a second bye.
            const ending = call ? call.hangup() : Promise.resolve();
            ending
              .catch(ignore)
              .then(() => client.disconnect())
              .catch(ignore);
          },
        };
        const abandon = () => {
          handle.hangUp();
          reject(signal.reason);
        };
        signal.addEventListener('abort', abandon);

        client.on('telnyx.ready', () => {
          ready = true;
          signal.removeEventListener('abort', abandon);
          resolve(handle);
        });
        client.on('telnyx.error', (error: unknown) => {
          if (ready) return events.onError(error);
          handle.hangUp();
          reject(error instanceof Error ? error : new Error('The SIP client could not log in', { cause: error }));
        });
        client.on('telnyx.notification', (notification: Notification) => {
          const current = notification.call;
          if (notification.type !== 'callUpdate' || !current) return;
          if (current.state === 'ringing' && current.direction !== 'outbound') {
            call = current;
            events.onRinging?.();
            current.answer({ video: false }).catch((error: unknown) => events.onError(error));
          } else if (current.state === 'active') {
            if (current.remoteStream) events.onRemoteStream?.(current.remoteStream);
          } else if (current.state === 'destroy') {
            call = null;
            events.onEnded();
          }
        });
        client.connect().catch((error: unknown) => {
          if (ready) return events.onError(error);
          handle.hangUp();
          reject(error);
        });
      });
    },
  };
}
