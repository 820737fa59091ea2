// The phone at the far end of the SIP leg: the simulator console's SIP phone
// (simulator/sip-phone.js), driven through its buttons and read from its
// status line as a person at the console would. It holds a real
// RTCPeerConnection with Chromium's fake microphone on the Telnyx WebRTC
// twin's far-end socket (docs/calls.md).
import { expect, type BrowserContext, type Page } from '@playwright/test';
import type { Simulator } from './simulator';

export interface SipPhone {
  page: Page;
  /** Resolves once the twin has rung this phone for a call. */
  ringing(): Promise<void>;
  /** Picks up: the phone's offer goes to the twin (an invite for the kiosk). */
  answer(): Promise<void>;
  /** Hangs up: the twin sends the kiosk a bye. */
  hangUp(): Promise<void>;
  /** The console's words: 'idle', 'ringing', 'connected', 'the kiosk hung up', … */
  state(): Promise<string>;
  /** Whether the kiosk's audio is arriving: the received bytes the console shows keep growing. */
  hearsKiosk(): Promise<boolean>;
}

export async function openSipPhone(context: BrowserContext, sim: Simulator): Promise<SipPhone> {
  const page = await context.newPage();
  await page.goto(`${sim.url}/console`);
  const status = page.locator('#sip-phone-status');
  await expect(status).toHaveText('idle');
  const statusText = async () => (await status.textContent()) ?? '';
  const audioBytes = async () => Number(/kiosk audio received: (\d+) bytes/.exec(await statusText())?.[1] ?? NaN);

  return {
    page,
    ringing: () => expect(status).toHaveText('ringing', { timeout: 10_000 }),
    answer: async () => {
      await page.getByRole('button', { name: 'Pick up' }).click();
      await expect(status).not.toHaveText('ringing');
    },
    hangUp: () => page.getByRole('button', { name: 'Hang up the SIP phone' }).click(),
    state: async () => (await statusText()).split(',')[0]!,
    hearsKiosk: async () => {
      const before = await audioBytes();
      await page.waitForTimeout(1_500);
      return (await audioBytes()) > before;
    },
  };
}
