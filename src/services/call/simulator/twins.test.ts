import { createFakeRealtime } from '../../../testing/fakeServices';
import { createSimRoom } from './simRoom';
import { createSimSip } from './simSip';
import { createSimVoice } from './simVoice';

const CHANNEL = 'private-telephone-entry-property-1';
const signal = new AbortController().signal;
const leg = { callId: 'call-1', channel: CHANNEL, signal };

function setup() {
  const realtime = createFakeRealtime();
  const sent = () => realtime.trigger.mock.calls.map(([channel, event, data]) => [channel, event, data]);
  return { realtime, sent };
}

describe('simulator twins (docs/calls.md)', () => {
  it('voice: announces the call without the API token, hears its end and errors, and says when it hangs up', async () => {
    const { realtime, sent } = setup();
    const events = { onEnded: vi.fn(), onError: vi.fn() };
    const handle = await createSimVoice(realtime).connect(
      { ...leg, token: 'twiml-1', params: { room: 'call-1', apiUrl: 'http://api.test', lbtoken: 'secret-token', To: '+15555550111' } },
      events,
    );
    expect(sent()).toEqual([[CHANNEL, 'client-sim-voice', { call_id: 'call-1', action: 'connect', params: { room: 'call-1', To: '+15555550111', apiUrl: 'http://api.test' } }]]);
    expect(JSON.stringify(sent())).not.toContain('secret-token');
    realtime.emit(CHANNEL, 'sim-voice', { call_id: 'call-2', action: 'disconnect' });
    realtime.emit(CHANNEL, 'sim-voice', { call_id: 'call-1', action: 'error', message: '31005' });
    realtime.emit(CHANNEL, 'sim-voice', { call_id: 'call-1', action: 'disconnect' });
    expect(events.onError).toHaveBeenCalledWith(new Error('31005'));
    expect(events.onEnded).toHaveBeenCalledTimes(1);
    handle.hangUp();
    handle.hangUp();
    expect(sent().slice(1)).toEqual([[CHANNEL, 'client-sim-voice', { call_id: 'call-1', action: 'disconnect' }]]);
    expect(realtime.subscriptions.has(CHANNEL)).toBe(false);
  });

  it('SIP: logs in, answers when rung, ends on destroy, and says when it hangs up', async () => {
    const { realtime, sent } = setup();
    const events = { onEnded: vi.fn(), onError: vi.fn() };
    const handle = await createSimSip(realtime).start({ ...leg, login: 'kiosk-sip-1', password: 'pw' }, events);
    realtime.emit(CHANNEL, 'sim-sip', { username: 'someone-else', state: 'ringing' });
    realtime.emit(CHANNEL, 'sim-sip', { username: 'kiosk-sip-1', state: 'ringing' });
    realtime.emit(CHANNEL, 'sim-sip', { username: 'kiosk-sip-1', state: 'destroy' });
    expect(events.onEnded).toHaveBeenCalledTimes(1);
    handle.hangUp();
    expect(sent().map(([, event, data]) => [event, data])).toEqual([
      ['client-sim-sip', { username: 'kiosk-sip-1', action: 'login' }],
      ['client-sim-sip', { username: 'kiosk-sip-1', action: 'answer' }],
      ['client-sim-sip', { username: 'kiosk-sip-1', action: 'hangup' }],
    ]);
    expect(JSON.stringify(sent())).not.toContain('"pw"');
  });

  it('room: joins, passes messages of its room on, publishes what it is given, and leaves', async () => {
    const { realtime, sent } = setup();
    const events = { onMessage: vi.fn(), onRemoteStream: vi.fn(), onDisconnected: vi.fn() };
    const room = await createSimRoom(realtime).join({ ...leg, roomId: 'room-1', clientToken: 'join-1' }, events);
    realtime.emit(CHANNEL, 'sim-room', { room_id: 'room-2', message: 'open_gate' });
    realtime.emit(CHANNEL, 'sim-room', { room_id: 'room-1', message: 'answered' });
    expect(events.onMessage.mock.calls).toEqual([['answered']]);
    await room.publish({ getTracks: () => [{ kind: 'audio' }, { kind: 'video' }] } as unknown as MediaStream);
    room.hangUp();
    expect(sent().map(([, event, data]) => [event, data])).toEqual([
      ['client-sim-room', { room_id: 'room-1', action: 'join' }],
      ['client-sim-room', { room_id: 'room-1', action: 'publish', kinds: ['audio', 'video'] }],
      ['client-sim-room', { room_id: 'room-1', action: 'leave' }],
    ]);
  });
});
