import { readCallSignals } from './callSignalling';

describe('channel events of a call', () => {
  it.each([
    ['sip-message connected', 'sip-message', { data: { room: 'call-1', connected: true } }, [{ kind: 'connected' }]],
    ['sip-message open', 'sip-message', { data: { room: 'call-1', open: true } }, [{ kind: 'approved' }]],
    ['sip-message both', 'sip-message', { data: { room: 'call-1', connected: true, open: true } }, [{ kind: 'connected' }, { kind: 'approved' }]],
    ['a numeric room id', 'sip-message', { data: { room: 42, open: true } }, [{ kind: 'approved' }], '42'],
    ['deny without open_gate', 'client-deny', { call_id: 'call-1' }, [{ kind: 'decided', openGate: false, from: null }]],
    ['deny with open_gate false', 'client-deny', { call_id: 'call-1', open_gate: false }, [{ kind: 'decided', openGate: false, from: null }]],
    ['deny with open_gate "true" (not true)', 'client-deny', { call_id: 'call-1', open_gate: 'true' }, [{ kind: 'decided', openGate: false, from: null }]],
    ['deny with open_gate true', 'client-deny', { call_id: 'call-1', open_gate: true }, [{ kind: 'decided', openGate: true, from: null }]],
    ['an offer', 'client-sdp', { call_id: 'call-1', sdp: { type: 'offer', sdp: 'v=0' } }, [{ kind: 'offer', sdp: { type: 'offer', sdp: 'v=0' }, from: null }]],
    ['an answer is not for the kiosk', 'client-sdp', { call_id: 'call-1', sdp: { type: 'answer', sdp: 'v=0' } }, []],
    ['a candidate', 'client-candidate', { call_id: 'call-1', candidate: { candidate: 'candidate:1' } }, [{ kind: 'candidate', candidate: { candidate: 'candidate:1' }, from: null }]],
    ['another call', 'client-deny', { call_id: 'call-2', open_gate: true }, []],
    ['another room', 'sip-message', { data: { room: 'call-2', open: true } }, []],
    ['garbage', 'client-sdp', 'v=0', []],
    ['no call id', 'client-candidate', { candidate: {} }, []],
    ['an unrelated event', 'property-updated', { call_id: 'call-1' }, []],
    ['no data at all', 'client-deny', null, []],
    ['a room id in a list', 'sip-message', { data: { room: ['call-1'], open: true } }, []],
    ['a call id in a list', 'client-deny', { call_id: ['call-1'], open_gate: true }, []],
    ['an offer without its text', 'client-sdp', { call_id: 'call-1', sdp: { type: 'offer', sdp: 42 } }, []],
    ['a candidate that is no object', 'client-candidate', { call_id: 'call-1', candidate: 'candidate:1' }, []],
    ['the sender, as text', 'client-sdp', { call_id: 'call-1', from: 'app-5', sdp: { type: 'offer', sdp: 'v=0' } }, [{ kind: 'offer', sdp: { type: 'offer', sdp: 'v=0' }, from: 'app-5' }]],
    ['a numeric sender', 'client-deny', { call_id: 'call-1', from: 5, open_gate: true }, [{ kind: 'decided', openGate: true, from: '5' }]],
    ['a null sender names nobody', 'client-candidate', { call_id: 'call-1', from: null, candidate: { candidate: 'candidate:1' } }, [{ kind: 'candidate', candidate: { candidate: 'candidate:1' }, from: null }]],
    ['a sender that is no id', 'client-deny', { call_id: 'call-1', from: { id: 5 }, open_gate: true }, []],
    ['a sender that is not a number', 'client-sdp', { call_id: 'call-1', from: Number.NaN, sdp: { type: 'offer', sdp: 'v=0' } }, []],
    ['sip-message names no sender: the back end sent it', 'sip-message', { data: { room: 'call-1', open: true }, from: 'app-5' }, [{ kind: 'approved' }]],
    ['a candidate under another event', 'client-ice', { call_id: 'call-1', candidate: { candidate: 'candidate:1' } }, []],
  ])('%s', (_name, event, data, expected, callId = 'call-1') => {
    expect(readCallSignals(event, data, callId)).toEqual(expected);
  });

  it('gives nothing before the back end has created the call', () => {
    expect(readCallSignals('client-deny', { call_id: 'call-1', open_gate: true }, null)).toEqual([]);
  });
});
