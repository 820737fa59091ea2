import { IDBFactory } from 'fake-indexeddb';
import { createMessageBox } from '../services/messages/messageBox';
import { createFakeRecorder } from './fakeRecorder';
import { FULL_CAPABILITIES, type Capabilities } from '../lib/capabilities';
import { vi } from 'vitest';
import type { Services } from '../store/services';
import { createApiClient } from '../services/api/apiClient';
import { createRemoteLogger } from '../services/api/remoteLogger';
import type { HardwareNotification, HardwareStatus } from '../services/hardware/types';
import type { ChannelHandlers } from '../services/realtime/types';
import { API_URL } from './apiServer';
import { createFakeCall } from './fakeCall';
import { createFakeClocks } from './fakeClocks';

export const CODE_LOCK_DEFAULTS = {
  burst: { attempts: 5, windowMs: 60_000 },
  budgets: [
    { attempts: 30, windowMs: 3_600_000 },
    { attempts: 100, windowMs: 86_400_000 },
  ],
  lockMs: 30_000,
  maxLockMs: 900_000,
};

/** A realtime fake that remembers every subscriber per channel, so a test can play the server. */
export function createFakeRealtime() {
  const subscriptions = new Map<string, Set<ChannelHandlers>>();
  const subscribers = (channel: string) => [...(subscriptions.get(channel) ?? [])];
  return {
    subscriptions,
    subscribe: vi.fn((channel: string, handlers: ChannelHandlers) => {
      const set = subscriptions.get(channel) ?? new Set<ChannelHandlers>();
      subscriptions.set(channel, set.add(handlers));
      return () => {
        set.delete(handlers);
        if (set.size === 0 && subscriptions.get(channel) === set) subscriptions.delete(channel);
      };
    }),
    /** Client events the kiosk sent, in order. */
    trigger: vi.fn((_channel: string, _event: `client-${string}`, _data: unknown) => true),
    disconnect: vi.fn(),
    /** Plays the server sending `event` on `channel` to every subscriber. */
    emit(channel: string, event: string, data: unknown) {
      subscribers(channel).forEach((handlers) => handlers.onEvent(event, data));
    },
    /** Plays the server confirming a subscription to `channel` (pusher-js does so again after each reconnection). */
    confirmSubscription(channel: string) {
      subscribers(channel).forEach((handlers) => handlers.onSubscribed?.());
    },
    /** Plays a subscription error on `channel`. */
    failSubscription(channel: string, error: unknown) {
      subscribers(channel).forEach((handlers) => handlers.onSubscriptionError?.(error));
    },
  };
}

/**
 * The panel's hardware socket as the gate feature sees it: a daemon that says
 * it is connected on start (`status` plays it going down or silent). `openGate`
 * answers at once by default; set `gate.takesMs` for a panel that is slow to
 * confirm (600 ms for wiegand and the relay, longer while it reconnects) and
 * `gate.failure` for one that cannot be signalled.
 */
export function createFakeHardware() {
  let onNotification: ((n: HardwareNotification) => void) | null = null;
  let onStatus: ((status: HardwareStatus) => void) | null = null;
  const gate = { takesMs: 0, failure: null as Error | null };
  const openGate = vi.fn(async (_code: string) => {
    if (gate.takesMs > 0) await new Promise((resolve) => setTimeout(resolve, gate.takesMs));
    if (gate.failure) throw gate.failure;
  });
  return {
    gate,
    start: vi.fn((handler: (n: HardwareNotification) => void, statusHandler?: (status: HardwareStatus) => void) => {
      onNotification = handler;
      onStatus = statusHandler ?? null;
      onStatus?.({ state: 'connected' });
    }),
    stop: vi.fn(() => {
      onNotification = null;
      onStatus = null;
    }),
    /** Plays the socket's state changing. */
    status: (status: HardwareStatus) => onStatus?.(status),
    openGate,
    /** The promise of the last openGate with `code` (ended or not: a test's openings are its own). */
    opening: (code: string): Promise<void> | undefined => {
      const index = openGate.mock.calls.map(([called]) => called).lastIndexOf(code);
      const result = openGate.mock.results[index];
      return result?.type === 'return' ? result.value : undefined;
    },
    /** Plays the panel daemon pushing a notification. */
    notify: (notification: HardwareNotification) => onNotification?.(notification),
  };
}

export function createFakePage() {
  const leaveHandlers = new Set<() => void>();
  return {
    reload: vi.fn(),
    reloadHome: vi.fn(),
    refresh: vi.fn(),
    keepForOffline: vi.fn(),
    href: () => 'http://kiosk.test/',
    onLeave: vi.fn((handler: () => void) => {
      leaveHandlers.add(handler);
      return () => {
        leaveHandlers.delete(handler);
      };
    }),
    onRestored: vi.fn(() => () => undefined),
    /** Plays the page going away (pagehide). */
    leave: () => leaveHandlers.forEach((handler) => handler()),
  };
}

/**
 * The browser: Debian's Chromium, on a page that is a reload (its start was
 * reported before: set `reloaded` false for a first start), which Local
 * Network Access does not refuse unless `localNetworkRefused` says so.
 */
export function createFakeBrowser() {
  return {
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
    reloaded: true,
    localNetworkRefused: vi.fn(async () => false),
  };
}

/**
 * Work after a frame, done at once as though the frame had come; `hold()`
 * keeps it until `flush` (or `paint`), for a test of what the key press does
 * before its frame.
 */
export function createFakeAfterPaint() {
  const waiting: Array<() => void> = [];
  let held = false;
  const flush = () => {
    for (let work = waiting.shift(); work; work = waiting.shift()) work();
  };
  return {
    run: vi.fn((work: () => void) => (held ? void waiting.push(work) : work())),
    flush: vi.fn(flush),
    hold: () => void (held = true),
    /** Plays a frame: the work held before it runs (not a flush); work it asks for waits for the next. */
    paint: () => waiting.splice(0).forEach((work) => work()),
    /** How many works wait for the frame. */
    waiting: () => waiting.length,
  };
}

/** What the fake camera's still gives: the start of a JPEG, as a data URL. */
export const FAKE_STILL = 'data:image/jpeg;base64,/9j/4AAQSkZJRg==';

/** The real API client (against msw) and fakes for everything with a device behind it. */
export function createTestServices(getToken: () => string | null = () => 'test-token') {
  const api = createApiClient({ baseUrl: API_URL, getToken, timeoutMs: 2000 });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const clocks = createFakeClocks();
  const services = {
    api,
    logger: createRemoteLogger(api),
    hardware: createFakeHardware(),
    realtime: createFakeRealtime(),
    sound: { play: vi.fn(), stop: vi.fn(), stopAll: vi.fn() },
    speech: { say: vi.fn((_clips: readonly string[], _options?: { delayMs?: number }) => vi.fn()), stop: vi.fn() },
    page: createFakePage(),
    call: createFakeCall(),
    // A picture at once; a test of the lock's photo makes it fail or wait.
    camera: { takeStill: vi.fn(async () => FAKE_STILL) },
    // The real message box, on a database of its own (a test that reloads passes the same factory to the next page's box).
    messages: createMessageBox(new IDBFactory()),
    recorder: createFakeRecorder(),
    browser: createFakeBrowser(),
    reloadAfterNotification: true,
    clocks,
    clock: clocks.read,
    // The build's defaults (docs/rules.md#r5-2): 5 refused codes a minute, 30 an hour, 100 a day; locks of 30 s doubling up to 15 min.
    settings: { codeLock: CODE_LOCK_DEFAULTS },
    capabilities: { ...FULL_CAPABILITIES } as Capabilities,
    afterPaint: createFakeAfterPaint(),
  };
  return services satisfies Services;
}

export type TestServices = ReturnType<typeof createTestServices>;
