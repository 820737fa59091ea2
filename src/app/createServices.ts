import type { Capabilities } from '../lib/capabilities';
import { RECENT_CALL_WINDOW_MS } from '../features/recent-calls/recentCallsSlice';
import type { DeviceSettings } from '../features/session/deviceSettings';
import { loadOnce } from '../lib/loadOnce';
import type { ApiClientOptions } from '../services/api/apiClient';
import { createLazyApiClient } from '../services/api/lazyApiClient';
import { createRemoteLogger } from '../services/api/remoteLogger';
import { createBrowserService } from '../services/browser/browserService';
import { readClocks } from '../lib/elapsedClock';
import { createCallStreamRegistry } from '../services/call/callStreams';
import { createHardwareSocket } from '../services/hardware/hardwareSocket';
import { createLazyRealtime } from '../services/realtime/lazyRealtime';
import { createLazyShellWorker } from '../services/shell/lazyShellWorker';
import { createLazySound } from '../services/sound/lazySound';
import { SPOKEN_SOUNDS, type SoundName } from '../services/sound/types';
import { createLazySpeech } from '../services/speech/lazySpeech';
import { afterFirstScreen } from '../lib/afterFirstScreen';
import { createAfterPaint } from '../lib/afterPaint';
import type { AppConfig } from '../config/config';
import { createPageControl } from '../services/page/pageControl';
import { servicesAtFirstUse } from './servicesAtFirstUse';
import type { Services } from '../store/services';

interface Hooks {
  getToken: () => string | null;
  /** The panel's language and spoken-prompt setting, as they stand. */
  getSettings: () => DeviceSettings;
  /** Saves the state before the page goes away. */
  beforeReload: () => Promise<unknown>;
  /** What the engine gives the kiosk (main.tsx detects it before anything starts). */
  capabilities: Capabilities;
}

/** The composition root: the real adapters, built once per page. */
export function createServices(config: AppConfig, { getToken, getSettings, beforeReload, capabilities }: Hooks): Services {
  // The property worker's code loads the first time a large answer needs it: most properties never do.
  const inWorker: ApiClientOptions['inWorker'] =
    typeof Worker === 'function'
      ? (job, signal) =>
          import('../features/property/propertyWorkerRunner').then(
            ({ runPropertyWorker }) => runPropertyWorker(job, signal),
            () => null,
          )
      : null;
  // The client's code loads with its first request, once the first screen is shown.
  const api = createLazyApiClient(
    loadOnce(() => import('../services/api/apiClient').then(({ createApiClient }) => createApiClient({ baseUrl: config.apiUrl, getToken, inWorker }))),
  );
  const logger = createRemoteLogger(api);
  // Without a service worker the kiosk runs online only (the installer screen says why).
  const container = capabilities.offlineStartMissing === null ? navigator.serviceWorker : undefined;
  const shellLog = logger.child('shell').error;
  const shell = createLazyShellWorker(
    () => import('../services/shell/shellWorker').then(({ createShellWorker }) => createShellWorker({ url: config.serviceWorkerUrl, container, log: shellLog })),
    shellLog,
  );
  const page = createPageControl({ beforeReload, log: logger.child('page').error, shell });
  const realtimeLog = logger.child('realtime').error;
  const speechLog = logger.child('speech').error;
  const soundLog = logger.child('sound').error;
  // The channel client and the sound player load after the first screen: neither is needed to show it.
  const realtime = createLazyRealtime(
    () =>
      afterFirstScreen()
        .then(() => import('../services/realtime/pusherRealtime'))
        .then(({ createPusherRealtime }) =>
          createPusherRealtime({ ...config.pusher, authorize: api.authorizeChannel, logger: logger.child('realtime') }),
        ),
    realtimeLog,
  );
  return {
    api,
    logger,
    page,
    hardware: createHardwareSocket({ url: config.hardwareSocketUrl, getDetectUrl: page.href, log: logger.child('hardware').error }),
    realtime,
    speech: createLazySpeech(
      () => getSettings().spokenPrompts,
      () => import('../services/speech/speechPlayer').then(({ createSpeechPlayer }) => createSpeechPlayer({ settings: getSettings, log: speechLog })),
      speechLog,
    ),
    sound: createLazySound(
      () =>
        afterFirstScreen()
          .then(() => import('../services/sound/howlerSound'))
          // The fifth digit's sounds are ready before it: their loading is not in that key press.
          .then(({ createHowlerSound }) =>
            createHowlerSound({ urlFor: (name) => soundUrl(name, getSettings().language), log: soundLog, preload: ['gateOpen', 'sorryCode'] }),
          ),
      soundLog,
    ),
    call: {
      streams: createCallStreamRegistry(),
      load: loadOnce(async () => {
        const { createCallKit } = await import('../services/call/callKit');
        return createCallKit({ providers: config.callProviders, telnyxRtcHost: config.telnyxRtcHost, realtime, videoApiUrl: config.videoApiUrl, videoApiKey: config.videoApiKey });
      }),
      settings: { apiUrl: config.apiUrl, recentCallWindowMs: RECENT_CALL_WINDOW_MS[config.appEnv] },
    },
    ...servicesAtFirstUse(capabilities.indexedDb ? window.indexedDB : null),
    browser: createBrowserService(window, config.hardwareSocketUrl),
    reloadAfterNotification: config.reloadAfterNotification,
    clock: readClocks,
    settings: { codeLock: config.codeLock },
    capabilities,
    afterPaint: createAfterPaint((error) => logger.child('app').error('Work after a frame failed', error)),
  };
}

/** The kiosk's sounds (docs/rules.md#r9-5-1, #r9-5-2); the spoken ones in the panel's language (English's in public/sounds/, the others' with the prompts). */
export function soundUrl(name: SoundName, language: DeviceSettings['language']): string {
  return language !== 'en' && SPOKEN_SOUNDS.includes(name) ? `/speech/${language}/sound-${name}.ogg` : `/sounds/${name}.wav`;
}
