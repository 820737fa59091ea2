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

  it("voice: hears only sim-voice events for its call, and names an error that comes without a message", async () => {
    const { realtime } = setup();
    const events = { onEnded: vi.fn(), onError: vi.fn() };
    await createSimVoice(realtime).connect(
      { ...leg, token: 'twiml-1', params: { room: 'call-1', apiUrl: 'http://api.test', lbtoken: 'secret-token', To: '+15555550111' } },
      events,
    );
    // Another twin's event with this call's id, an action the twin does not know, and no object at all.
    realtime.emit(CHANNEL, 'sim-sip', { call_id: 'call-1', action: 'disconnect' });
    realtime.emit(CHANNEL, 'sim-voice', { call_id: 'call-1', action: 'ringing' });
    realtime.emit(CHANNEL, 'sim-voice', 'disconnect');
    expect(events.onEnded).not.toHaveBeenCalled();
    expect(events.onError).not.toHaveBeenCalled();
    realtime.emit(CHANNEL, 'sim-voice', { call_id: 'call-1', action: 'error' });
    realtime.emit(CHANNEL, 'sim-voice', { call_id: 'call-1', action: 'error', message: 31005 });
    expect(events.onError.mock.calls).toEqual([[new Error('Voice client error')], [new Error('Voice client error')]]);
  });

  it('SIP: logs in, answers when rung, ends on destroy, and says when it hangs up', async () => {
    const { realtime, sent } = setup();
    const events = { onEnded: vi.fn(), onError: vi.fn(), onRinging: vi.fn() };
    const handle = await createSimSip(realtime).start({ ...leg, login: 'kiosk-sip-1', password: 'pw' }, events);
    realtime.emit(CHANNEL, 'sim-sip', { username: 'someone-else', state: 'ringing' });
    expect(events.onRinging).not.toHaveBeenCalled();
    realtime.emit(CHANNEL, 'sim-sip', { username: 'kiosk-sip-1', state: 'ringing' });
    expect(events.onRinging).toHaveBeenCalledTimes(1);
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

  it('SIP: reports an error, with or without a message, and ignores the states it does not act on', async () => {
    const { realtime } = setup();
    const events = { onEnded: vi.fn(), onError: vi.fn() };
    await createSimSip(realtime).start({ ...leg, login: 'kiosk-sip-1', password: 'pw' }, events);
    realtime.emit(CHANNEL, 'sim-sip', { username: 'kiosk-sip-1', state: 'active' });
    realtime.emit(CHANNEL, 'sim-sip', { username: 'kiosk-sip-1', state: 'error', message: '45002 Connection to server lost' });
    realtime.emit(CHANNEL, 'sim-sip', { username: 'kiosk-sip-1', state: 'error' });
    expect(events.onError.mock.calls).toEqual([[new Error('45002 Connection to server lost')], [new Error('SIP error')]]);
    expect(events.onEnded).not.toHaveBeenCalled();
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

  it('room: a sim-room event without a message is no message, and nothing is sent once it has left', async () => {
    const { realtime, sent } = setup();
    const events = { onMessage: vi.fn(), onRemoteStream: vi.fn(), onDisconnected: vi.fn() };
    const room = await createSimRoom(realtime).join({ ...leg, roomId: 'room-1', clientToken: 'join-1' }, events);
    realtime.emit(CHANNEL, 'sim-room', { room_id: 'room-1' });
    expect(events.onMessage).not.toHaveBeenCalled();
    room.hangUp();
    room.hangUp();
    await room.publish({ getTracks: () => [{ kind: 'audio' }] } as unknown as MediaStream);
    expect(sent().map(([, , data]) => (data as { action: string }).action)).toEqual(['join', 'leave']);
  });
});
