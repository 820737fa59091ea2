// The phone at the far end of a phone leg: the simulator's phone module
// (`simulator/phone.js`, the one the console's SIP phone uses) in a console
// page (the twins' far-end sockets accept local pages only, and a page the
// test made up would not pass Chromium's local network checks), holding a
// real RTCPeerConnection with Chromium's fake microphone (docs/calls.md):
// - SIP leg (`/telnyx-rtc/far-end`): the twin rings the phone when the back
//   end dials the kiosk; the phone's offer becomes the gateway's invite, the
//   kiosk's answer comes back.
// - Voice leg (`/twilio-voice/far-end`): the kiosk's invite arrives with its
//   offer; the phone's answer goes back to the kiosk.
import { expect, type BrowserContext, type Page } from '@playwright/test';
import type { WaitForRecord } from '../fixtures';
import type { Simulator } from './simulator';

export type PhoneLeg = 'sip' | 'voice';

export interface Phone {
  page: Page;
  /** Resolves once the twin has rung this phone for a call. */
  ringing(): Promise<void>;
  /** Picks up: with an offer of its own (SIP leg), or answering the kiosk's (voice leg). */
  answer(): Promise<void>;
  /** Hangs up: the twin tells the kiosk (a bye, a hangup). */
  hangUp(): Promise<void>;
  /** 'idle', 'ringing', 'offered', 'answered', 'connected' (the peer connection is), 'ended by the kiosk', 'hung up'. */
  state(): Promise<string>;
  /** The call's id on the twin (Telnyx callID, Twilio callsid), once rung. */
  callId(): Promise<string | null>;
  /** Whether the kiosk's audio is arriving: inbound RTP bytes keep growing. */
  hearsKiosk(): Promise<boolean>;
}

/** What `simulator/phone.js`'s `createPhone` returns, as far as the tests use it. */
interface PagePhone {
  opened: Promise<unknown>;
  answer(): Promise<void>;
  hangUp(): void;
  readAudioBytes(): Promise<number>;
  view(): { state: string; callID: string | null };
}
type PhoneWindow = { phone: PagePhone };

const SOCKETS: Record<PhoneLeg, string> = { sip: '/telnyx-rtc/far-end', voice: '/twilio-voice/far-end' };

export async function openPhone(context: BrowserContext, sim: Simulator, leg: PhoneLeg): Promise<Phone> {
  const page = await context.newPage();
  await page.goto(`${sim.url}/console`);
  await page.evaluate(async (socketPath) => {
    const { createPhone } = (await import('/console/phone.js' as string)) as { createPhone: (options: { socketPath: string }) => PagePhone };
    const phone = createPhone({ socketPath });
    (window as unknown as PhoneWindow).phone = phone;
    await phone.opened;
  }, SOCKETS[leg]);
  const view = () => page.evaluate(() => (window as unknown as PhoneWindow).phone.view());

  return {
    page,
    // The call key to the phone's ring: the camera's 2 s warm-up, the call's creation and the leg's start, seconds more on a loaded machine.
    ringing: () =>
      page.waitForFunction(() => (window as unknown as PhoneWindow).phone.view().state === 'ringing', undefined, { timeout: 20_000 }).then(() => undefined),
    answer: () => page.evaluate(() => (window as unknown as PhoneWindow).phone.answer()),
    hangUp: () => page.evaluate(() => (window as unknown as PhoneWindow).phone.hangUp()),
    state: async () => (await view()).state,
    callId: async () => (await view()).callID,
    hearsKiosk: () =>
      page.evaluate(async () => {
        const { phone } = window as unknown as PhoneWindow;
        const before = await phone.readAudioBytes();
        await new Promise((resolve) => setTimeout(resolve, 300));
        return (await phone.readAudioBytes()) > before;
      }),
  };
}

/** The resident approves on the phone (the back end's sip-message `open`): Access Granted!, then `code`'s wiegand and the gate opening. */
export async function phoneOpensGate(page: Page, sim: Simulator, waitForRecord: WaitForRecord, code: string): Promise<void> {
  sim.callAction('phone-open');
  await expect(page.getByRole('alertdialog').getByRole('heading')).toHaveText('Access Granted!');
  const wiegand = await waitForRecord('hardware', (r) => r.direction === 'in' && r.method === 'wiegand');
  expect(wiegand.params).toEqual([0, code]);
  await waitForRecord('hardware', (r) => r.gateOpening?.code === code);
}
