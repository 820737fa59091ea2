import type { AfterPaint } from '../lib/afterPaint';
import type { Capabilities } from '../lib/capabilities';
import type { ApiClient } from '../services/api/apiClient';
import type { Logger } from '../services/api/remoteLogger';
import type { BrowserService } from '../services/browser/browserService';
import type { CallStreamRegistry } from '../services/call/callStreams';
import type { AppConfig } from '../config/readConfig';
import type { ClockReading } from '../lib/elapsedClock';
import type { CallKit } from '../services/call/types';
import type { StillCamera } from '../services/camera/stillOutcome';
import type { HardwareService } from '../services/hardware/types';
import type { MessageBox } from '../services/messages/messageBox';
import type { MessageRecorder } from '../services/messages/recorder';
import type { RealtimeService } from '../services/realtime/types';
import type { SoundService } from '../services/sound/types';
import type { PageControl } from '../services/page/types';
import type { SpeechService } from '../services/speech/speechPlayer';

/** What a call needs besides the channel, the API and the sounds. */
export interface CallServices {
  /** The current call's streams, for the call screen. */
  streams: CallStreamRegistry;
  /** The rest of what a call uses, loaded with the first call (not in the first screen's bundle). */
  load(): Promise<CallKit>;
  settings: {
    /** The back end's origin, passed to the voice client as `apiUrl`. */
    apiUrl: string;
    /** How long a call counts against the recent-call limit. */
    recentCallWindowMs: number;
  };
}

/** Everything with side effects that the listeners use; built in main.tsx, faked in tests. */
export interface Services {
  api: ApiClient;
  logger: Logger;
  hardware: HardwareService;
  realtime: RealtimeService;
  sound: SoundService;
  /** Spoken prompts: silent unless the device's setting (or the build's default) turns them on. */
  speech: SpeechService;
  page: PageControl;
  call: CallServices;
  /** One picture at a time, for the code lock's report (a call and the QR screen open the camera themselves). */
  camera: StillCamera;
  /** Recorded messages kept until the back end has them (src/features/messages/messageQueue.ts). */
  messages: MessageBox;
  /** The camera and microphone recorded for a message (the message screen starts and ends each take). */
  recorder: MessageRecorder;
  /** The browser engine, and whether it refuses the hardware socket's address. */
  browser: BrowserService;
  /** The reload after each notification (docs/rules.md#r2-2-5); off only in a development build for the memory benchmark. */
  reloadAfterNotification: boolean;
  /** The page's monotonic clock and the wall clock, read together (the code lock's time, which a clock set back does not move). */
  clock: () => ClockReading;
  /** Build-time settings the listeners need. */
  settings: { codeLock: AppConfig['codeLock'] };
  /** What the engine gives the kiosk, detected once at start. */
  capabilities: Capabilities;
  /** Work the next frame does not show, after it (a code's access request, sound and count after its notification's frame). */
  afterPaint: AfterPaint;
}
