import { createApiClient } from '../services/api/apiClient';
import { createRemoteLogger } from '../services/api/remoteLogger';
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
  return {
    api,
    logger,
    page,
    hardware: createHardwareSocket({ url: config.hardwareSocketUrl, getDetectUrl: page.href, log: logger.error }),
    realtime: createPusherRealtime({
      ...config.pusher,
      authEndpoint: `${config.apiUrl}/api/telephone-entry/pusher/auth`,
      getToken,
      log: logger.error,
    }),
    sound: createHowlerSound({ log: logger.error }),
  };
}
