// Global setup: one network namespace for Janus per worker, made before any
// browser starts and removed after the last one closed. Making one mid-run
// adds an interface, a network change that makes every running Chromium fail
// the loads under way (ERR_NETWORK_CHANGED), in the other worker's tests too.
// Worker n's tests run Janus in namespace slot KIOSK_JANUS_SLOTS[n]. Where
// Janus cannot run (no root) or no namespace can be made, nothing is made and
// the rest of the suite runs: a test asking for Janus fails saying why.
import type { FullConfig } from '@playwright/test';
import { janusUnavailable } from '../../simulator/janus.mjs';
import { createJanusNetns } from '../../simulator/janusNetns.mjs';

export default function makeJanusNamespaces(config: FullConfig): (() => void) | undefined {
  if (janusUnavailable()) return undefined;
  const made: ReturnType<typeof createJanusNetns>[] = [];
  try {
    for (let worker = 0; worker < config.workers; worker += 1) made.push(createJanusNetns());
  } catch (error) {
    console.warn(`[janus] no namespaces made before the browsers (${String(error)}); the Janus tests will try again and fail saying why.`);
    made.forEach((netns) => netns.remove());
    return undefined;
  }
  process.env.KIOSK_JANUS_SLOTS = made.map((netns) => netns.slot).join(',');
  return () => made.forEach((netns) => netns.remove());
}
