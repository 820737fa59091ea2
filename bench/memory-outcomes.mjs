// `bench:memory`'s session outcomes, driven from Node: a code typed whole and
// its notification, and calls to the manager placed, answered, left or denied.
import { sleep } from './common.mjs';
import { typeCode } from './memory-page.mjs';

const CODES = { granted: { code: '10001', title: 'Access Granted!' }, refused: { code: '99999', title: "Sorry, that code didn't work" } };
/** Longest wait for a notification to go: it is dropped 5 s after it shows. */
const NOTIFICATION_GONE_MS = 8000;

/**
 * @param {{ page: import('@playwright/test').Page, sim: object, farEnd: import('@playwright/test').Page | null, reloaded: () => boolean, roomTwin: boolean }} options
 *   `farEnd`: the simulator's console, which answers and denies calls; `reloaded`: whether the kiosk's page has loaded again;
 *   `roomTwin`: calls take the video provider's room (the simulator's twin) rather than a peer connection.
 */
export function sessionOutcomes({ page, sim, farEnd, reloaded, roomTwin }) {
  /** BACK on home calls the manager; resolves with the back end's call id once it has the call. */
  async function placeCall() {
    const known = sim.state.calls.length;
    await page.evaluate(() =>
      window.__bench.time(
        () => window.__bench.key('Escape'),
        () => document.querySelector('.call-status')?.textContent.startsWith('Calling') ?? false,
      ),
    );
    for (let i = 0; sim.state.calls.length === known; i += 1) {
      if (i > 400) throw new Error('The kiosk never created the call');
      await sleep(25);
    }
    return sim.state.calls.at(-1).id;
  }

  /** Waits until the notification has been dropped and the kiosk is home again. */
  async function notificationGone(leg) {
    // A boolean, not the element: a returned element would be kept alive by Playwright's handle to it.
    await page.waitForFunction(() => !document.querySelector('[role="alertdialog"]') && document.querySelector('.home-links') !== null, null, {
      timeout: NOTIFICATION_GONE_MS,
    });
    if (reloaded()) throw new Error(`${leg}: the page reloaded after the notification`);
  }

  /** A call that ends by BACK (once placed, or once answered with video), or denied by the far end. */
  async function callLeg(leg) {
    const id = await placeCall();
    if (leg === 'call-denied') {
      await farEnd.locator('#call-info', { hasText: `${id} ` }).waitFor();
      sim.callAction('deny', id);
      await page.getByRole('alertdialog').waitFor();
      return notificationGone(leg);
    }
    if (leg === 'call-answered') {
      await farEnd.locator('#call-info', { hasText: `${id} ` }).waitFor();
      // The video room twin is answered by the room's event; the peer connection by the console's video.
      if (roomTwin) {
        // The room's event reaches the kiosk only once it has joined the room.
        const { room_id: room } = sim.state.calls.at(-1);
        const joined = () => sim.state.channelEvents.some((e) => e.event === 'client-sim-room' && e.data.room_id === room && e.data.action === 'join');
        for (let i = 0; !joined(); i += 1) {
          if (i > 400) throw new Error('The kiosk never joined the video room');
          await sleep(25);
        }
        sim.callAction('room-answered', id);
      } else await farEnd.getByRole('button', { name: 'Answer with video' }).click();
      await page.waitForFunction(() => document.querySelector('.call-status')?.textContent.startsWith('Connected'), null, { timeout: 10_000 });
    }
    const left = await page.evaluate(async () => {
      await window.__bench.time(() => window.__bench.key('Escape'), () => document.querySelector('.home-links') !== null);
      return document.querySelector('[role="alertdialog"]')?.getAttribute('aria-label') ?? null;
    });
    if (left) throw new Error(`${leg}: a notification showed (${left})`);
  }

  /** A whole code typed on home: the notification it must bring, then home again once it is dropped. */
  async function codeLeg(leg) {
    const { code, title } = CODES[leg];
    const shown = await page.evaluate(typeCode, code);
    if (shown !== title) throw new Error(`${leg}: '${shown}' showed, not '${title}'`);
    await notificationGone(leg);
  }

  return { callLeg, codeLeg };
}
