// A call nobody answers, on every engine (docs/rules.md#r2-7-7, #r8-1-17,
// #r8-1-18): nobody opens the simulator's console, so neither the resident's
// app nor their phone (the simulator's voice twin) picks up. The page's clock
// jumps past the 30 s before the phone and the call's 300 s limit
// (jumpClock.mjs); everything else runs in real time.
import assert from 'node:assert/strict';
import { KNOWN } from '../../simulator/seed.mjs';
import { INSTALL_JUMP_CLOCK, jumpClock } from './jumpClock.mjs';
import { callFirstResident, expectNotice, go, hardwareIn, IN_PAGE } from './scenarios.mjs';
import { until } from './until.mjs';

const NAME = KNOWN.firstResident.name;
/** The stage's words and its countdown, as 'words | countdown'. */
const STAGE = `((document.querySelector('.call-stage-now') || {}).textContent || '').trim() + ' | ' + ((document.querySelector('.call-stage-next') || {}).textContent || '')`;
const stageMatches = (pattern) => `${String(pattern)}.test(${STAGE})`;
const COUNTDOWN = `((document.querySelector('.message-countdown') || {}).textContent || '')`;

/** The panel's kept messages (src/services/messages/messageBox.ts) number none. */
const KEPT_MESSAGES_NONE = `new Promise((resolve, reject) => {
  const open = indexedDB.open('gate-kiosk-messages');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const count = open.result.transaction('heads').objectStore('heads').count();
    count.onsuccess = () => { open.result.close(); resolve(count.result === 0); };
    count.onerror = () => reject(count.error);
  };
})`;

/** What the kiosk sent on the property's channel about `callId` as `event`. */
const kioskSent = (sim, event, callId) => sim.state.channelEvents.filter((e) => e.source === 'client' && e.event === event && e.data?.call_id === callId).map((e) => e.data);

/**
 * Calls the first resident and lets nobody answer: the resident's app rings
 * (where the engine has WebRTC) for 30 s, then their phone until the call's
 * limit, each stage seen with its countdown. Resolves with the back end's call.
 */
async function callNobodyAnswers({ page, sim, model, offers }) {
  await page.evaluate(INSTALL_JUMP_CLOCK);
  await callFirstResident(page, model);
  // The camera's warm-up and the snapshot come first.
  const [call] = await until(() => sim.state.calls, (list) => list.length > 0, { timeout: 20_000, message: 'the call created at the back end' });
  if (offers.webrtc) {
    await page.waitFor(stageMatches(/^Ringing their app \| Trying their phone in \d+ s$/), { message: "the stage 'Ringing their app'" });
    await jumpClock(page, 31_000);
  }
  await until(() => kioskSent(sim, 'client-sim-voice', call.id), (sent) => sent.some((data) => data.action === 'connect'), { message: "the phone leg's connect" });
  await page.waitFor(stageMatches(/^Ringing their phone \| Waiting \d+ s more for an answer$/), { message: "the stage 'Ringing their phone'" });
  assert.equal(await page.evaluate(IN_PAGE.status), `Calling ${NAME}...`);
  await jumpClock(page, 300_000);
  return call;
}

export const UNANSWERED = {
  /** Without `visitor_messages`: '{name} did not answer' with its pictogram, the far end told, the gate shut. */
  async noAnswer(context) {
    const { page, sim } = context;
    const call = await callNobodyAnswers(context);
    await expectNotice(page, `${NAME} did not answer`);
    assert.equal(await page.evaluate(`!!document.querySelector('[role=alertdialog] [role=img][aria-label="No answer"]')`), true);
    await until(() => kioskSent(sim, 'client-hangup', call.id), (sent) => sent.length > 0, { message: 'client-hangup' });
    assert.deepEqual(hardwareIn(sim), []);
  },

  /**
   * With `visitor_messages`: the call screen offers a message. Where the
   * engine records video, a take of a few seconds reaches the simulator once,
   * in the engine's container; where its recorder gives nothing (`recordsVideo`
   * false), the visitor is told it could not be recorded and nothing is sent.
   */
  async message(context) {
    const { page, sim, model, engine } = context;
    const call = await callNobodyAnswers(context);
    await page.waitFor(`${IN_PAGE.title} === ${JSON.stringify(`${NAME} did not answer`)}`, { message: 'the offer titled as not answered' });
    assert.equal(await page.evaluate(`document.querySelector('.message-consent').textContent`), `Your video will be sent to ${NAME}`);
    assert.equal(await page.evaluate(IN_PAGE.notice), '');
    await go(page, model);
    // At least 2 s of the take: the countdown from 20 s is at 18 or below.
    await page.waitFor(`/^Recording: (1[0-8]|[1-9]) s left$/.test(${COUNTDOWN})`, { timeout: 20_000, message: 'the take under way' });
    await go(page, model);
    if (!engine.recordsVideo) {
      await expectNotice(page, 'Sorry, your message could not be recorded');
      // The take ran and gave nothing (not a camera that failed to open).
      await until(() => JSON.stringify(sim.state.logs), (logs) => logs.includes('The recorder gave no data'), { timeout: 20_000, message: "the kiosk's log of the empty take" });
      assert.deepEqual(sim.state.messages, []);
      return;
    }
    await page.waitFor(`${IN_PAGE.title} === 'Your message was sent'`, { message: "'Your message was sent'" });
    const [message] = await until(() => sim.state.messages, (list) => list.length > 0, { timeout: 20_000, message: 'the message at the back end' });
    assert.deepEqual([message.call_id, message.kind, message.parts.length], [call.id, 'visitor', 1]);
    assert.match(message.parts[0].type, /^video\/(webm|mp4)/);
    assert.ok(message.parts[0].bytes > 1000, `${message.parts[0].bytes} bytes`);
    // Delivered, so off the panel's database: nothing is left to send again.
    await page.waitFor(KEPT_MESSAGES_NONE, { message: "the panel's database without the message" });
    assert.equal(sim.state.messages.length, 1);
  },
};
