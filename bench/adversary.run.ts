// Run by bench/adversary.mjs (on this tree, and on an older one copied
// aside): a patient guesser and a flood of card reads against the kiosk's
// real store, listeners and slices, on a fake clock. Prints one JSON line per
// figure, prefixed `ADVERSARY `. Written against what every version of the
// kiosk offers (startedStore, the gate's actions, the notification queue).
import { withApiServer } from '../src/testing/apiServer';
import { withFakeTimers } from '../src/testing/fakeTimers';
import { startedStore } from '../src/testing/renderKiosk';
import { codeEntered, hardwareCodeRead } from '../src/features/gate/gateActions';
import { selectCurrentNotification } from '../src/features/notifications/notificationsSlice';

withApiServer();
withFakeTimers();

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** What each checked guess costs the guesser anyway: the 5 s notification and the page's reload. */
const GUESS_COST_MS = 8_000;
/** A locked guesser watches the countdown and tries again each second. */
const RETRY_MS = 1_000;

const print = (figure: Record<string, unknown>) => console.log(`ADVERSARY ${JSON.stringify(figure)}`);

/** When each of a guesser's codes was checked (refused with its sound), trying every `paceMs` for a day. */
async function guessTimes(paceMs: number): Promise<number[]> {
  const { store, services } = startedStore();
  const refusals = () => services.sound.play.mock.calls.filter(([sound]) => sound === 'sorryCode').length;
  const checked: number[] = [];
  for (let at = 0; at < DAY; ) {
    const before = refusals();
    store.dispatch(codeEntered({ code: '99999', source: 'keypad' }));
    const wait = refusals() > before ? (checked.push(at), Math.max(paceMs, GUESS_COST_MS)) : RETRY_MS;
    await vi.advanceTimersByTimeAsync(wait);
    at += wait;
  }
  store.dispose();
  return checked;
}

/** After `count` bad card reads in `spanMs` (in bursts of `burst`), how long until no notification shows, and the reloads meanwhile. */
async function floodBlock(count: number, spanMs: number, burst: number) {
  const { store, services } = startedStore();
  const stepMs = (spanMs / count) * burst;
  for (let sent = 0; sent < count; sent += burst) {
    for (let i = 0; i < burst; i += 1) store.dispatch(hardwareCodeRead('55555'));
    if (sent + burst < count) await vi.advanceTimersByTimeAsync(stepMs);
  }
  let blockedMs = 0;
  while (selectCurrentNotification(store.getState()) !== null) {
    await vi.advanceTimersByTimeAsync(100);
    blockedMs += 100;
  }
  const reloads = services.page.reload.mock.calls.length;
  store.dispose();
  return { blockedMs, reloads };
}

describe('adversary', () => {
  it.each([
    ['1 guess per 15 s', 15_000],
    ['1 guess per minute', 60_000],
    ['as fast as possible (8 s a guess)', GUESS_COST_MS],
  ])('guesser: %s', async (pace, paceMs) => {
    const times = await guessTimes(paceMs);
    const mostInAnHour = Math.max(...times.map((start) => times.filter((t) => t >= start && t < start + HOUR).length));
    print({ figure: 'guesses', pace, firstHour: times.filter((t) => t < HOUR).length, mostInAnHour, day: times.length });
  });

  it.each([
    ['100 reads in 10 s, one every 100 ms', 1],
    ['100 reads in 10 s, 20 at a time every 2 s', 20],
    ['100 reads at once', 100],
  ])('card flood: %s', async (pattern, burst) => {
    print({ figure: 'flood', pattern, ...(await floodBlock(100, 10_000, burst)) });
  });
});
