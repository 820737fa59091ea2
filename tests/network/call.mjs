// One scenario's call, run inside the test's namespace (turn.test.mjs starts
// it with `ip netns exec`): coturn, soketi, the simulator's API, the kiosk's
// build and two Chromiums, all on this namespace's addresses. The kiosk calls
// the manager, the phone answers with video through TURN and then declines.
// Writes what each side saw to $TURN_TEST_RESULT; stops all it started.
import { writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from '@playwright/test';
import { startStaticServer } from '../../scripts/static-server.mjs';
import { CHROMIUM_BASE_ARGS } from '../e2e/chromiumFlags.mjs';
import { startSimulator } from '../../simulator/server.mjs';
import { startCoturn } from './coturn.mjs';
import { TURN_ADDRESS } from './netns.mjs';
import { answerCall, decline, farEndState, kioskState, releaseCandidates, startFarEnd, tapPeerConnections } from './pages.mjs';
import { FAR_END_ICE, HOST, PORTS, SCENARIOS } from './scenarios.mjs';
import { startSoketi } from './soketi.mjs';

/** @type {{ scenario: string, provider: string, dist: string, dir: string, result: string, chromium: string }} */
const options = JSON.parse(process.env.TURN_TEST ?? '{}');
const scenario = SCENARIOS.find((each) => each.name === options.scenario);
if (!scenario) throw new Error(`No scenario ${options.scenario}`);

const KIOSK_DEVICE_ID = 7;
/** Two cores shared with other work: each step may take seconds. */
const STEP_MS = 30_000;
/** No new candidate for this long: the kiosk has gathered what it can reach. */
const GATHERING_QUIET_MS = 3_000;
/** The whole call: past it, what started is stopped and the step it hung in is named. */
const DEADLINE_MS = 110_000;

let step = 'starting';
/** Names what runs now, for the deadline's message (and TURN_TEST_VERBOSE). */
function now(name) {
  step = name;
  if (process.env.TURN_TEST_VERBOSE) console.error(`[call] ${new Date().toISOString()} ${name}`);
}

/** Polls `read` until `done` holds for its value; resolves with it. */
async function until(what, read, done, timeout = STEP_MS) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}: ${JSON.stringify(value).slice(0, 2_000)}`);
    await sleep(100);
  }
}

const stops = [];
/** Stops in reverse order of start. */
const started = (stop) => stops.unshift(stop);

async function run() {
  now('coturn');
  const coturn = await startCoturn({ ns: options.provider, address: TURN_ADDRESS, dir: options.dir });
  started(() => coturn.close());
  now('soketi');
  const soketi = await startSoketi({ host: HOST, port: PORTS.soketi, appId: 'kiosk', key: 'kiosk-local', secret: 'kiosk-local-secret' });
  started(() => soketi.close());
  now('simulator and the kiosk\'s site');
  // Signs subscriptions with soketi's app secret (the defaults are the same pair); its own Pusher server stays unused.
  const sim = await startSimulator({ host: HOST, port: PORTS.simulator, pusherKey: 'kiosk-local', pusherSecret: 'kiosk-local-secret' });
  started(() => sim.close());
  sim.setIceServers(scenario.iceServers);
  const site = await startStaticServer({ dir: options.dist, port: PORTS.kiosk, host: HOST });
  started(() => site.close());

  now('browsers');
  const launch = () => chromium.launch({ executablePath: options.chromium, headless: true, args: CHROMIUM_BASE_ARGS });
  const [kioskBrowser, phoneBrowser] = await Promise.all([launch(), launch()]);
  started(() => Promise.all([kioskBrowser.close(), phoneBrowser.close()]));
  const kiosk = await kioskBrowser.newPage();
  const phone = await phoneBrowser.newPage();
  await Promise.all([kiosk.addInitScript(tapPeerConnections), phone.addInitScript(tapPeerConnections)]);

  now('the phone subscribing');
  // The phone's page is on the simulator's origin, so that /sim/pusher-auth signs its subscription, and a
  // real answer from loopback (a routed one has no address: public, and Local Network Access refuses its socket).
  await phone.goto(`${sim.url}/console/pusher.js`);
  await phone.addScriptTag({ url: '/console/pusher.js' });
  await phone.evaluate(startFarEnd, { key: 'kiosk-local', host: HOST, port: PORTS.soketi, channelName: sim.channelName() });

  now('the kiosk home screen');
  await kiosk.goto(`http://${HOST}:${PORTS.kiosk}/?token=demo-token&model=GEN2`);
  await kiosk.getByRole('heading', { name: /^Welcome to / }).waitFor({ timeout: STEP_MS });
  now('the call');
  await kiosk.keyboard.press('Escape');
  const call = await until('the call', () => sim.state.calls[0], Boolean);
  await phone.evaluate(answerCall, { callId: call.id, config: FAR_END_ICE });

  now('gathering');
  // Servers the kiosk cannot reach keep gathering open until they time out (tens of seconds): quiet is enough.
  await until('the kiosk done gathering', () => kiosk.evaluate(kioskState), (state) => {
    const last = state.gathered[state.gathered.length - 1];
    return state.gathering === 'complete' || (last !== undefined && Date.now() - last.at > GATHERING_QUIET_MS);
  });
  now('connecting');
  await phone.evaluate(releaseCandidates);
  await until('the phone connected', () => phone.evaluate(farEndState), (state) => state.ice === 'connected' || state.ice === 'completed' || state.ice === 'failed');
  const fromKiosk = (event) => event.data?.from === KIOSK_DEVICE_ID && event.data?.call_id === call.id;
  // Paced candidates may still be on their way: every gathered one, or give up after a few windows.
  const sides = async () => ({ kioskSide: await kiosk.evaluate(kioskState), phoneSide: await phone.evaluate(farEndState) });
  const { kioskSide, phoneSide } = await until(
    'the phone to receive every candidate',
    sides,
    ({ kioskSide: k, phoneSide: p }) => p.received.filter((event) => event.event === 'client-candidate' && fromKiosk(event)).length >= k.gathered.length,
    10_000,
  ).catch(sides);

  now('declining');
  await phone.evaluate(decline, call.id);
  const hangup = await until('the kiosk hangup', () => phone.evaluate(farEndState), (state) => state.received.some((event) => event.event === 'client-hangup' && fromKiosk(event)), 10_000)
    .then(() => true)
    .catch(() => false);
  const final = await phone.evaluate(farEndState);
  await sleep(200);

  const kioskSocket = soketi.events.find((event) => parse(event.data)?.from === KIOSK_DEVICE_ID)?.socket;
  return {
    scenario: scenario.name,
    callId: call.id,
    gathered: kioskSide.gathered,
    kioskSelected: kioskSide.selected,
    phoneSelected: phoneSide.selected,
    phoneIce: phoneSide.ice,
    phoneErrors: final.errors,
    hangupDelivered: hangup,
    serverEvents: soketi.events.filter((event) => event.socket === kioskSocket).map((event) => ({ at: event.at, event: event.event, data: parse(event.data) })),
    refusals: soketi.refusals.filter((refusal) => refusal.socket === kioskSocket),
    otherRefusals: soketi.refusals.filter((refusal) => refusal.socket !== kioskSocket),
    refusalLogs: sim.state.logs.filter((line) => String(line.message).startsWith('Realtime event refused')),
    received: final.received.filter(fromKiosk),
  };
}

/** pusher-js sends a client event's data as an object; another client may send it as JSON text. */
function parse(data) {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
}

let failed = false;
try {
  const deadline = new Promise((_, reject) => setTimeout(() => reject(new Error(`No result after ${DEADLINE_MS} ms: hung at ${step}`)), DEADLINE_MS).unref());
  await writeFile(options.result, JSON.stringify(await Promise.race([run(), deadline])));
} catch (err) {
  failed = true;
  console.error(err instanceof Error ? err.stack : err);
} finally {
  for (const stop of stops) await stop().catch((err) => console.error('stopping:', err));
}
process.exit(failed ? 1 : 0);
