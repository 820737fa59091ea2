import { callRequestBody, parseServerCall } from './serverCall';

// The answer of POST telephone-entry/calls (docs/rules.md#r3-3-1) as the routes get it.
describe('the created call', () => {
  it('in full: the id, the ICE servers as sent, the room and the SIP login', () => {
    const iceServers = [{ urls: 'stun:stun.test:3478' }, { urls: ['turn:turn.test:3478'], username: 'u', credential: 'c' }];
    expect(
      parseServerCall({ id: 'call-1', token: { iceServers }, room_id: 'room-1', sip_username: 'kiosk-sip-1', sip_password: 'sip-secret-1' }),
    ).toEqual({ id: 'call-1', iceServers, roomId: 'room-1', roomToken: null, sipUsername: 'kiosk-sip-1', sipPassword: 'sip-secret-1' });
  });

  it("the back end's join token for the room, when it sends one", () => {
    expect(parseServerCall({ id: 'call-1', room_id: 'room-1', room_token: 'join-from-back-end' }).roomToken).toBe('join-from-back-end');
    expect(parseServerCall({ id: 'call-1', room_token: '' }).roomToken).toBeNull();
    expect(parseServerCall({ id: 'call-1', room_token: { token: 'x' } }).roomToken).toBeNull();
  });

  it('with only its id: no ICE servers, no room, an empty SIP login (each route then fails or falls back on its own)', () => {
    expect(parseServerCall({ id: 42 })).toEqual({ id: '42', iceServers: [], roomId: null, roomToken: null, sipUsername: '', sipPassword: '' });
    expect(parseServerCall({ id: 'call-1', token: null, room_id: '', sip_username: null, sip_password: 7 })).toEqual({
      id: 'call-1',
      iceServers: [],
      roomId: null,
      roomToken: null,
      sipUsername: '',
      sipPassword: '7',
    });
  });

  it('ICE servers without a URL are left out: the peer connection would refuse them all', () => {
    const usable = { urls: 'stun:stun.test:3478' };
    const iceServers = [usable, { urls: [] }, { username: 'u' }, 'stun:bare.test', null];
    expect(parseServerCall({ id: 'call-1', token: { iceServers } }).iceServers).toEqual([usable]);
  });

  it.each([['no id', { token: {} }], ['an empty id', { id: '' }], ['no object', 'call-1']])('%s: refused', (_name, raw) => {
    expect(() => parseServerCall(raw)).toThrow('The created call has no id');
  });
});

// The body of POST telephone-entry/calls (docs/rules.md#r7-1-2).
describe('the call request', () => {
  const image = 'data:image/jpeg;base64,/9j/AAAA';
  it("SPEC's three fields for every call, and no reason", () => {
    expect(callRequestBody({ residentId: 11 }, image, false, false)).toEqual({ resident_id: 11, image_data: image, telnyx_enabled: false });
    expect(callRequestBody({ residentId: null }, image, true, false)).toEqual({ resident_id: null, image_data: image, telnyx_enabled: true });
    expect(callRequestBody({ residentId: 11 }, image, false, false)).not.toHaveProperty('reason');
  });

  it("a delivery's carries reason: 'delivery' too", () => {
    expect(callRequestBody({ residentId: 11 }, image, false, true)).toEqual({ resident_id: 11, image_data: image, telnyx_enabled: false, reason: 'delivery' });
  });
});
