// What a test reads of the simulator: its records, the kiosk's connections to
// it, and the gate openings it saw.
import { expect, type Page } from '@playwright/test';
import type { startSimulator } from '../../../simulator/server.mjs';
import { hardwareSends } from './page';

export type Simulator = Awaited<ReturnType<typeof startSimulator>>;
/** The simulator's record lists (accessRequests, hardware, checkins, ...). */
export type RecordList = 'accessRequests' | 'checkins' | 'logs' | 'calls' | 'sipCalls' | 'voiceCalls' | 'hardware' | 'channelEvents' | 'messages';
// The simulator is plain JS: records are loosely typed objects.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type SimRecord = Record<string, any>;

/** A record list of the simulator's state (the simulator is JS; its lists are untyped). */
export function records(sim: Pick<Simulator, 'state'>, list: RecordList): SimRecord[] {
  return (sim.state as unknown as Record<RecordList, SimRecord[]>)[list];
}

/** Hardware socket messages the kiosk sent (direction 'in'), optionally only one method. */
export function hardwareIn(sim: Pick<Simulator, 'state'>, method?: string): SimRecord[] {
  return records(sim, 'hardware').filter((r) => r.direction === 'in' && (method === undefined || r.method === method));
}

/** Waits until the kiosk holds the hardware socket open (card reads and refresh reach it). */
export async function waitForHardwareSocket(sim: Simulator, timeout = 5_000): Promise<void> {
  await expect.poll(() => sim.snapshot().connections.hardware, { timeout, message: 'kiosk on the hardware socket' }).toBeGreaterThan(0);
}

/** Waits until the kiosk is subscribed to the property's private channel (server events reach it). */
export async function waitForChannel(sim: Simulator, timeout = 5_000): Promise<void> {
  await expect
    .poll(() => (sim.snapshot().connections.channels as Record<string, number>)[sim.channelName()] ?? 0, {
      timeout,
      message: `kiosk subscribed to ${sim.channelName()}`,
    })
    .toBeGreaterThan(0);
}

/** The relay follows the code signal after this long (docs/rules.md#r4-8-1, #r9-4-4; docs/protocol.md). */
export const RELAY_DELAY_MS = 600;
/**
 * How much earlier than 600 ms the simulator may see the relay after the code
 * signal: it timestamps frames when the test process's event loop gets to
 * them, and that loop is shared with Playwright, so a frame can be stamped
 * late by hundreds of milliseconds on a loaded machine (79 ms seen, then 119
 * and 232 in CI runs: 368 ms between the two). Here the simulator only shows
 * that the two did not arrive together; the exact check is made in the page.
 */
const RECEIVE_JITTER_MS = RELAY_DELAY_MS / 2;

/**
 * Asserts one gate opening with `code`: the simulator got `wiegand [0, code]`
 * then `enable_relay1 []` (and nothing else but detectUrl), and the page sent
 * the relay at least 600 ms after the code signal. Needs `recordSocketSends`
 * before the page was opened, and a real clock (no page.clock) for timing.
 */
export async function expectGateOpened(page: Page, sim: Simulator, code: string): Promise<void> {
  await expect
    .poll(() => hardwareIn(sim, 'enable_relay1').length, { message: 'enable_relay1 reached the hardware socket' })
    .toBe(1);
  const received = hardwareIn(sim).filter((r) => r.method !== 'detectUrl');
  expect(received.map((r) => [r.method, r.params])).toEqual([
    ['wiegand', [0, code]],
    ['enable_relay1', []],
  ]);
  const [wiegand, relay] = received as [SimRecord, SimRecord];
  expect(relay.gateOpening).toMatchObject({ code });
  const receivedGap = relay.ms - wiegand.ms;
  expect(receivedGap, 'ms between wiegand and enable_relay1 at the simulator').toBeGreaterThanOrEqual(RELAY_DELAY_MS - RECEIVE_JITTER_MS);
  expect(receivedGap).toBeLessThan(RELAY_DELAY_MS + 1_000);

  const sent = (await hardwareSends(page)).filter((s) => s.method !== 'detectUrl');
  expect(sent.map((s) => s.method)).toEqual(['wiegand', 'enable_relay1']);
  // performance.now() is coarsened to 0.1 ms, hence the 0.5 ms allowance.
  expect(sent[1]!.t - sent[0]!.t, 'ms between wiegand and enable_relay1 as sent by the page').toBeGreaterThanOrEqual(RELAY_DELAY_MS - 0.5);
}
