import { vi } from 'vitest';
import type { Services } from '../app/services';
import { createApiClient } from '../services/api/apiClient';
import { createRemoteLogger } from '../services/api/remoteLogger';
import type { HardwareNotification } from '../services/hardware/types';
import type { ChannelHandlers } from '../services/realtime/types';
import { API_URL } from './apiServer';

/** A realtime fake that remembers subscriptions so a test can play the server. */
export function createFakeRealtime() {
  const subscriptions = new Map<string, ChannelHandlers>();
  return {
    subscriptions,
    subscribeCalls: [] as string[],
    subscribe: vi.fn((channel: string, handlers: ChannelHandlers) => {
      subscriptions.set(channel, handlers);
      return () => {
        if (subscriptions.get(channel) === handlers) subscriptions.delete(channel);
      };
    }),
    trigger: vi.fn(),
    disconnect: vi.fn(),
  };
}

export function createFakeHardware() {
  let onNotification: ((n: HardwareNotification) => void) | null = null;
  return {
    start: vi.fn((handler: (n: HardwareNotification) => void) => {
      onNotification = handler;
    }),
    stop: vi.fn(() => {
      onNotification = null;
    }),
    openGate: vi.fn(async (_code: string) => undefined),
    /** Plays the panel daemon pushing a notification. */
    notify: (notification: HardwareNotification) => onNotification?.(notification),
  };
}

/** The real API client (against msw) and fakes for everything with a device behind it. */
export function createTestServices(getToken: () => string | null = () => 'test-token') {
  const api = createApiClient({ baseUrl: API_URL, getToken, timeoutMs: 2000 });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const services = {
    api,
    logger: createRemoteLogger(api),
    hardware: createFakeHardware(),
    realtime: createFakeRealtime(),
    sound: { play: vi.fn(), stop: vi.fn(), stopAll: vi.fn() },
    page: { reload: vi.fn(), href: () => 'http://kiosk.test/' },
  };
  return services satisfies Services;
}

export type TestServices = ReturnType<typeof createTestServices>;
