import type { ApiClient } from '../services/api/apiClient';
import type { Logger } from '../services/api/remoteLogger';
import type { HardwareService } from '../services/hardware/types';
import type { RealtimeService } from '../services/realtime/types';
import type { SoundService } from '../services/sound/types';

/** Page-level actions, kept behind an interface so tests can observe them. */
export interface PageControl {
  /** Saves state, then reloads the page. */
  reload(): void;
  href(): string;
}

/** Everything with side effects that the listeners use; built in main.tsx, faked in tests. */
export interface Services {
  api: ApiClient;
  logger: Logger;
  hardware: HardwareService;
  realtime: RealtimeService;
  sound: SoundService;
  page: PageControl;
}
