// The call's phone legs with the vendors' own SDKs (a kiosk built with live
// call providers) on each engine of the tier: the SIP leg's @telnyx/webrtc
// against the simulator's Telnyx WebRTC twin (the build's VITE_TELNYX_RTC_HOST)
// and the voice leg's @twilio/voice-sdk against its Twilio Voice twin (the
// room leg is roomLeg.mjs). The Twilio and room SDKs' addresses are fixed
// (wss://voice-js.<edge>.twilio.com, wss://video.telnyx.com): the page's
// WebSocket is wrapped to open the simulator's sockets instead, as Playwright's
// routeWebSocket does in e2e, installed after load (WebDriver has no script
// before the page's), which is before the SDK's chunk loads.
import assert from 'node:assert/strict';
import { KNOWN } from '../../simulator/seed.mjs';
import { until } from './until.mjs';
import { IN_PAGE } from './scenarios.mjs';

export const byId = (sim, id) => sim.state.property.residents.find((resident) => resident.id === id);

/**
 * In a page: the sockets of the SDKs' fixed addresses go to the simulator
 * (Twilio's signalling to its twin; Telnyx Video's room gateway to the proxy
 * in front of Janus), and Twilio's Insights posts are answered; every socket
 * address is kept.
 */
export const routeSdkSockets = (simWs) => `(() => {
  const Native = window.WebSocket;
  window.__sockets = [];
  const routed = (url) =>
    /^wss:\\/\\/voice-js\\.[a-z0-9-]+\\.twilio\\.com\\/signal$/.test(url) ? ${JSON.stringify(`${simWs}/twilio-voice`)}
      : url.replace(/^wss:\\/\\/video\\.telnyx\\.com\\//, ${JSON.stringify(`${simWs}/telnyx-janus/`)});
  function Routed(url, protocols) {
    window.__sockets.push(String(url));
    const target = routed(String(url));
    return protocols === undefined ? new Native(target) : new Native(target, protocols);
  }
  Routed.prototype = Native.prototype;
  for (const key of ['CONNECTING', 'OPEN', 'CLOSING', 'CLOSED']) Routed[key] = Native[key];
  window.WebSocket = Routed;
  // The SDK's call-quality events for Twilio's Insights gateway are taken here (nothing leaves the machine).
  const nativeFetch = window.fetch;
  window.fetch = (input, init) =>
    /^https:\\/\\/eventgw(\\.[a-z0-9-]+)?\\.twilio\\.com\\/v4\\//.test(String(input && input.url ? input.url : input))
      ? Promise.resolve(new Response('', { status: 200 }))
      : nativeFetch(input, init);
})()`;

/** Calls a resident from the directory (TOUCH: a tap on their row; else by lookup code); resolves with when the last press was made. */
export async function callFromDirectory(page, model, who) {
  if (model === 'TOUCH') {
    await page.tap(IN_PAGE.element('a', 'Call a resident'));
    await page.waitFor(`!!document.querySelector('.directory-row')`, { message: 'directory rows' });
    const pressed = Date.now();
    await page.tap(`[...document.querySelectorAll('.directory-row')].find((e) => e.textContent.includes(${JSON.stringify(who.directory_display_name)}))`);
    return pressed;
  }
  const lookup = who.directory_lookup_code;
  await page.press('ArrowUp');
  await page.waitFor(`!!document.querySelector('[role=status][aria-label="Lookup code"]')`, { message: 'the lookup code slots' });
  await page.type(lookup.slice(0, -1));
  const pressed = Date.now();
  await page.press(lookup.slice(-1));
  return pressed;
}

/** The phone at the far end, in a page of the simulator's origin in `farEnd` (a current Chromium): phone.js on the leg's far-end socket. */
async function openPhone(farEnd, sim, leg) {
  const phonePage = await farEnd.newPage();
  await phonePage.goto(`${sim.url}/console`);
  await phonePage.waitFor(`document.readyState === 'complete'`);
  const socketPath = leg === 'sip' ? '/telnyx-rtc/far-end' : '/twilio-voice/far-end';
  // The console's own SIP phone would take the SIP twin's rings: this page plays the phone alone.
  await phonePage.evaluate(`import('/console/phone.js').then(async (m) => { window.__phone = m.createPhone({ socketPath: ${JSON.stringify(socketPath)} }); await window.__phone.opened; return true; })`);
  return {
    page: phonePage,
    state: () => phonePage.evaluate(`window.__phone.view().state`),
    answer: () => phonePage.evaluate(`window.__phone.answer().then(() => true)`),
  };
}

/**
 * One phone leg, end to end: the call key, the far end ringing and picking
 * up, 'Connected to …' in the kiosk, the resident's approval opening the gate.
 * Timings are printed, never asserted.
 * @param {'sip' | 'voice'} leg
 */
export const phoneLeg = (leg) => ({
  /** Before the kiosk opens: Telnyx on for the SIP leg, off for the voice leg. */
  prepare: (sim) => sim.patchProperty({ featureFlags: { telnyx_enabled: leg === 'sip' } }),
  run: async ({ page, sim, model, farEnd, diagnostic }) => {
    // A resident without video: called by phone.
    const who = byId(sim, KNOWN.noVideoResidentId);
    await page.evaluate(routeSdkSockets(sim.url.replace('http', 'ws')));
    const phone = await openPhone(farEnd, sim, leg);
    try {
      const pressed = await callFromDirectory(page, model, who);
      const rang = await until(phone.state, (state) => state === 'ringing', { timeout: 20_000, message: `the ${leg} leg ringing at the far end` })
        .then(() => Date.now())
        .catch(async (error) => {
          const shown = await page.evaluate(`document.body.innerText.slice(0, 300)`).catch(() => '?');
          const sockets = await page.evaluate(`window.__sockets || []`).catch(() => []);
          throw new Error(`${error.message}; after ${Date.now() - pressed} ms the kiosk shows: ${JSON.stringify(shown)}; sockets: ${JSON.stringify(sockets)}; logged: ${JSON.stringify(sim.state.logs.slice(-3)).slice(0, 1500)}`);
        });
      await phone.answer();
      const connected = `Connected to ${who.directory_display_name}`;
      await until(() => page.evaluate(IN_PAGE.callStatus), (text) => text === connected, {
        timeout: 15_000,
        message: `'${connected}'`,
      });
      diagnostic(`${leg} leg: call key -> far end ringing ${rang - pressed} ms, picked up -> '${connected}' ${Date.now() - rang} ms`);
      sim.callAction('phone-open');
      await until(() => page.evaluate(IN_PAGE.notice), (notice) => notice === 'Access Granted!', { message: 'Access Granted!' });
      const wiegand = await until(
        () => sim.state.hardware.filter((r) => r.direction === 'in' && r.method === 'wiegand'),
        (list) => list.length > 0,
        { message: 'wiegand' },
      );
      assert.deepEqual(wiegand[0].params, [0, who.property_access_code.code]);
    } finally {
      await phone.page.close();
    }
  },
});
