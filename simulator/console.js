import { createFarEnd } from './far-end.js';
import { createPassConsole } from './passConsole.js';
import { createPhone } from './phone.js';

// All text goes in through textContent/append, never innerHTML: names and
// codes come from the kiosk and from SIM_PROPERTY files.
const $ = (id) => document.getElementById(id);
// faults.mjs: what each fault does is in simulator/README.md.
const API_ENDPOINTS = ['*', 'feature-flags', 'telephone-entry/property', 'telephone-entry/access-requests', 'telephone-entry/checkin',
  'telephone-entry/logs', 'telephone-entry/calls', 'telephone-entry/pusher/auth', 'telephone-entry/sip-call'];
const API_FAULTS = ['500', '503', 'hang', 'malformed', 'drop', 'lost-answer'];
const DEVICE_FLAGS = ['enable_numeric_codes', 'enable_qr_codes', 'enable_resident_directory', 'enable_call_manager', 'enable_video_calls', 'enable_deliveries'];
/** A flag as the seed may spell it (a back end without casts sends 1/0). */
const isSet = (value) => [true, 1, '1', 'true'].includes(value);
const SHOWN = 50;
let state = null;

function el(tag, props, ...children) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}
const time = (at) => el('time', { dateTime: at }, new Date(at).toLocaleTimeString());
const json = (value) => JSON.stringify(value);
const snapshotSrc = (data) => (typeof data === 'string' && data.startsWith('data:image/') ? data : '');

async function send(path, body, method = 'POST') {
  $('error').textContent = '';
  const res = await fetch(`/sim/${path}`, {
    method, headers: { 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await res.json().catch(() => ({}));
  if (!res.ok) $('error').textContent = answer.error ?? `HTTP ${res.status}`;
  return answer;
}

function who(call) {
  if (call.resident_id === undefined || call.resident_id === null) return 'the manager';
  const resident = state.property.residents.find((r) => String(r.id) === String(call.resident_id));
  return resident ? resident.directory_display_name : `resident ${call.resident_id}`;
}

const ROWS = {
  accessRequests: (r) => el('li', {}, time(r.at),
    el('span', { className: r.access_granted ? 'granted' : 'denied' }, r.access_granted ? 'GRANTED ' : 'DENIED '),
    r.user_code, r.reason ? ` (${r.reason})` : '', el('span', { className: 'muted' }, ` created ${r.created_at}`)),
  hardware: (r) => el('li', { className: r.gateOpening ? 'gate' : '' }, time(r.at), r.direction === 'out'
    ? `to kiosk: ${r.method} ${json(r.params)} (${r.delivered} socket${r.delivered === 1 ? '' : 's'})`
    : `from kiosk: ${r.method}(${r.params.map(json).join(', ')})`,
    r.gateOpening ? ` GATE OPENED with ${r.gateOpening.code} (relay ${r.gateOpening.delayMs} ms after wiegand)` : ''),
  calls: (r) => el('li', {}, time(r.at), `${r.id} to ${who(r)}${r.telnyx_enabled ? ' (telnyx)' : ''}`,
    r.reason === 'delivery' ? el('strong', {}, ' DELIVERY') : null,
    snapshotSrc(r.image_data) ? el('img', { className: 'thumb', src: snapshotSrc(r.image_data), alt: 'snapshot' }) : null),
  // A message left after a call nobody answered (docs/protocol.md, "Messages"): each recorded part played here.
  messages: (r) => el('li', {}, time(r.at), `${r.id} (${r.kind || 'message'}) for ${r.call_id}, recorded ${r.recorded_at}`,
    ...r.parts.map((part) => {
      const src = `/sim/messages/${encodeURIComponent(r.id)}/${encodeURIComponent(part.name)}`;
      const label = `${part.name}: ${part.type}, ${part.bytes} bytes`;
      if (part.type.startsWith('image/')) return el('img', { className: 'thumb', src, alt: label });
      return el('div', {}, el('span', { className: 'muted' }, label), el('video', { src, controls: true, preload: 'metadata', title: label, className: 'message-video' }));
    })),
  checkins: (r) => el('li', {}, time(r.at), 'check-in'),
  logs: (r) => {
    // A code-lock report's photo (docs/protocol.md) shows as a picture, not as its base64.
    const photo = snapshotSrc(r.meta?.photo);
    const meta = photo ? { ...r.meta, photo: '(shown)' } : r.meta;
    return el('li', {}, time(r.at), String(r.message), photo ? el('img', { className: 'thumb', src: photo, alt: 'lock photo' }) : null,
      meta === undefined ? null : el('pre', {}, json(meta)));
  },
  channelEvents: (r) => el('li', {}, time(r.at), `${r.source === 'server' ? 'to kiosk' : 'from client'}: ${r.event} `,
    el('pre', {}, json(r.data))),
};

function renderLists() {
  for (const [list, row] of Object.entries(ROWS)) {
    $(list).replaceChildren(...state[list].slice(-SHOWN).reverse().map(row));
  }
}

function renderProperty() {
  const { property, device } = state.property;
  document.title = `${property.public_name}: kiosk simulator`;
  $('title').textContent = property.public_name;
  if (document.activeElement !== $('property-name')) $('property-name').value = property.public_name;
  const flag = (name, checked, part) => el('label', {}, el('input', {
    type: 'checkbox', checked, onchange: (e) => send('property', { [part]: { [name]: e.target.checked } }, 'PATCH'),
  }), ` ${name}`);
  // The device's optional settings (docs/answers.md): unset means the kiosk build's default.
  const setting = (name, choices) => el('label', {}, `${name} `, el('select', {
    onchange: (e) => send('property', { device: { [name]: JSON.parse(e.target.value) } }, 'PATCH'),
  }, ...choices.map(([label, value]) => el('option', { value: JSON.stringify(value), selected: (device[name] ?? null) === value }, label))));
  $('flags').replaceChildren(
    ...DEVICE_FLAGS.map((name) => flag(name, isSet(device[name]), 'device')),
    flag('telnyx_enabled', state.featureFlags.telnyx_enabled === true, 'featureFlags'),
    el('label', {}, el('input', {
      type: 'checkbox', checked: state.roomTokens, onchange: (e) => send('room-tokens', { enabled: e.target.checked }),
    }), ' room_token in call answers'),
    setting('language', [['build default', null], ['English', 'en'], ['Spanish', 'es']]),
    setting('spoken_prompts', [['build default', null], ['on', true], ['off', false]]),
    setting('photo_on_code_lock', [['off', null], ['on', true]]),
  );
  $('offline-badge').hidden = !state.offline;
  $('offline-toggle').textContent = state.offline ? 'Back online' : 'Go offline';
  const subscribers = state.connections.channels[state.channel] ?? 0;
  $('connections').textContent = `hardware sockets: ${state.connections.hardware}, kiosks on ${state.channel}: ${subscribers}`;
}

function renderFaults() {
  const faults = Object.entries(state.faults);
  $('fault-list').replaceChildren(...faults.map(([endpoint, { fault, remaining }]) =>
    el('li', {}, `${endpoint}: ${fault} ${remaining === null ? 'until cleared' : `for ${remaining} more`}`)));
  $('pusher-toggle').textContent = state.pusherRunning ? 'Stop' : 'Start again';
  const troubles = [
    faults.length > 0 ? `${faults.length} API fault${faults.length === 1 ? '' : 's'}` : '',
    state.pusherRunning ? '' : 'Pusher stopped',
    state.hardwareRefusedUntil ? 'hardware socket refused' : '',
  ].filter(Boolean);
  $('fault-badge').hidden = troubles.length === 0;
  $('fault-badge').textContent = troubles.join(', ');
}

let farEnd = null;

function renderCall() {
  const call = state.calls.at(-1);
  $('call-actions').hidden = !call;
  $('call-snapshot').hidden = !call || !snapshotSrc(call.image_data);
  if (call) {
    // The resident's app says it is a delivery (the call request's `reason`).
    $('call-info').textContent = `${call.reason === 'delivery' ? 'A delivery: ' : ''}${call.id} to ${who(call)} at ${new Date(call.at).toLocaleTimeString()}` +
      (call.telnyx_enabled ? ' (video provider: room or SIP)' : ' (peer video or voice)');
    $('call-snapshot').src = snapshotSrc(call.image_data);
    // The resident's app answers peer video; the room twin stands in for the provider's room.
    $('call-actions').querySelector('[data-mode="video"]').hidden = call.telnyx_enabled;
    $('call-actions').querySelector('[data-mode="room"]').hidden = !call.telnyx_enabled;
  }
  renderFarEnd();
}

function renderFarEnd() {
  if (!farEnd) return;
  const view = farEnd.view();
  $('far-end-status').textContent = view.status;
  $('answer-video').disabled = !view.canAnswer;
  $('hang-up').disabled = view.callId === null;
  for (const [id, stream] of [['far-end-video', view.remote], ['far-end-self', view.local]]) {
    if ($(id).srcObject !== stream) $(id).srcObject = stream;
    $(id).hidden = !stream;
  }
}

const SIP_STATES = { idle: 'idle', ringing: 'ringing', offered: 'picked up, waiting for the kiosk', connected: 'connected',
  'ended by the kiosk': 'the kiosk hung up', 'hung up': 'hung up' };
const sipPhone = createPhone({ socketPath: '/telnyx-rtc/far-end', onChange: renderSipPhone });

function renderSipPhone() {
  const { state: phone, kioskAudioBytes } = sipPhone.view();
  $('sip-phone-status').textContent = SIP_STATES[phone] + (phone === 'connected' ? `, kiosk audio received: ${kioskAudioBytes} bytes` : '');
  $('sip-pick-up').disabled = phone !== 'ringing';
  $('sip-hang-up').disabled = !['ringing', 'offered', 'connected'].includes(phone);
}
renderSipPhone();

const renderPasses = createPassConsole({ $, el, send });

async function load() {
  const res = await fetch('/sim/state');
  state = await res.json();
  farEnd ??= createFarEnd({ pusherKey: state.pusherKey, pusherPort: state.pusherPort, channelName: state.channel, onChange: renderFarEnd });
  renderProperty();
  renderFaults();
  renderCall();
  renderPasses(state);
  renderLists();
}

let pending = null;
function reloadSoon() {
  clearTimeout(pending);
  pending = setTimeout(load, 100);
}
// onopen also covers the first load and catching up after a simulator restart.
const events = new EventSource('/sim/events');
events.onmessage = reloadSoon;
events.onopen = reloadSoon;

$('facility-form').onsubmit = (e) => {
  e.preventDefault();
  send('facility', { code: $('facility-code').value });
};
$('refresh').onclick = () => send('refresh');
$('rename-form').onsubmit = (e) => {
  e.preventDefault();
  send('property', { property: { public_name: $('property-name').value } }, 'PATCH');
  $('property-name').blur();
};
$('property-updated').onclick = () => send('property-updated');
$('offline-toggle').onclick = () => send('offline', { offline: !state.offline });
$('answer-video').onclick = () => farEnd.answer(state.calls.at(-1).id);
$('hang-up').onclick = () => farEnd.decide(false);
$('sip-pick-up').onclick = () => sipPhone.answer();
$('sip-hang-up').onclick = () => sipPhone.hangUp();
$('call-actions').onclick = async (e) => {
  const action = e.target.closest('button[data-action]')?.dataset.action;
  if (!action) return;
  // The app that answered with video decides from its own connection (its `from`); otherwise the simulator sends the event.
  const decision = { 'open-gate': true, deny: false }[action];
  if (decision !== undefined && farEnd.view().callId === state.calls.at(-1)?.id) return farEnd.decide(decision);
  await send('call-action', { action });
};

$('fault-endpoint').replaceChildren(...API_ENDPOINTS.map((name) => el('option', { value: name }, name === '*' ? 'every endpoint' : name)));
$('fault-kind').replaceChildren(...API_FAULTS.map((name) => el('option', { value: name }, name)));
$('fault-form').onsubmit = (e) => {
  e.preventDefault();
  const count = $('fault-count').value === '' ? undefined : Number($('fault-count').value);
  send('fault', { endpoint: $('fault-endpoint').value, fault: $('fault-kind').value, count });
};
$('fault-clear').onclick = () => send('fault', { fault: null });
$('pusher-toggle').onclick = () => send('pusher', { running: !state.pusherRunning });
$('hardware-close').onclick = () => send('hardware-socket', { action: 'close' });
$('hardware-form').onsubmit = (e) => {
  e.preventDefault();
  send('hardware-socket', { action: 'refuse', seconds: Number($('hardware-seconds').value) });
};
$('hardware-accept').onclick = () => send('hardware-socket', { action: 'accept' });
