// Global setup: one network namespace for Janus per worker, made before any
// browser starts and removed after the last one closed. Making one mid-run
// adds an interface, a network change that makes every running Chromium fail
// the loads under way (ERR_NETWORK_CHANGED), in the other worker's tests too.
// Worker n's tests run Janus in namespace slot KIOSK_JANUS_SLOTS[n]. Where
// Janus cannot run (no root), nothing is made, and a test asking for Janus
// fails saying why (fixtures.ts).
import type { FullConfig } from '@playwright/test';
import { janusUnavailable } from '../../simulator/janus.mjs';
import { createJanusNetns } from '../../simulator/janusNetns.mjs';

export default function makeJanusNamespaces(config: FullConfig): (() => void) | undefined {
  if (janusUnavailable()) return undefined;
  const made = Array.from({ length: config.workers }, () => createJanusNetns());
  process.env.KIOSK_JANUS_SLOTS = made.map((netns) => netns.slot).join(',');
  return () => made.forEach((netns) => netns.remove());
}
