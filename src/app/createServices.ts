import { RECENT_CALL_WINDOW_MS } from '../features/recent-calls/recentCallsSlice';
import { createApiClient } from '../services/api/apiClient';
import { createRemoteLogger } from '../services/api/remoteLogger';
import { createCallMedia } from '../services/call/callMedia';
import { createJoinTokenRequester } from '../services/call/joinToken';
import { createCallProviders } from '../services/call/loadCallProviders';
import { createPeerSession } from '../services/call/peerConnection';
import { createHardwareSocket } from '../services/hardware/hardwareSocket';
import { createPusherRealtime } from '../services/realtime/pusherRealtime';
import { createHowlerSound } from '../services/sound/howlerSound';
import type { AppConfig } from './config';
import { createPageControl } from './pageControl';
import type { Services } from './services';

interface Hooks {
  getToken: () => string | null;
  /** Saves the state before the page goes away. */
  beforeReload: () => Promise<unknown>;
}

/** The composition root: the real adapters, built once per page. */
export function createServices(config: AppConfig, { getToken, beforeReload }: Hooks): Services {
  const api = createApiClient({ baseUrl: config.apiUrl, getToken });
  const logger = createRemoteLogger(api);
  const page = createPageControl({ beforeReload, log: logger.error });
  const realtime = createPusherRealtime({
    ...config.pusher,
    authEndpoint: `${config.apiUrl}/api/telephone-entry/pusher/auth`,
    getToken,
    log: logger.error,
  });
  return {
    api,
    logger,
    page,
    hardware: createHardwareSocket({ url: config.hardwareSocketUrl, getDetectUrl: page.href, log: logger.error }),
    realtime,
    sound: createHowlerSound({ log: logger.error }),
    call: {
      providers: createCallProviders(config.callProviders, realtime),
      media: createCallMedia(),
      createPeer: createPeerSession,
      requestJoinToken: createJoinTokenRequester({ apiUrl: config.videoApiUrl, apiKey: config.videoApiKey }),
      settings: { apiUrl: config.apiUrl, recentCallWindowMs: RECENT_CALL_WINDOW_MS[config.appEnv] },
    },
  };
}
