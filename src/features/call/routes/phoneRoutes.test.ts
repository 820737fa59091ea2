import { http, HttpResponse } from 'msw';
import { apiServer, API_URL, requestsTo, withApiServer } from '../../../testing/apiServer';
import { MANAGER, callStore, loggedLines, untilCreated } from '../../../testing/callHarness';
import { fakeStream } from '../../../testing/fakeCall';
import { withFakeTimers } from '../../../testing/fakeTimers';
import { rawProperty } from '../../../testing/fixtures';
import type { CallHandle } from '../../../services/call/types';

withApiServer();
withFakeTimers();

const noVideo = () => rawProperty({ device: { ...rawProperty().device, enable_video_calls: false } });

describe('the voice client (no provider flag, no video)', () => {
  it('ending without approval: not granted; an error: An Error Occurred, and the client is hung up either way', async () => {
    for (const [end, title] of [
      ['onEnded', "Sorry, you weren't granted access"],
      ['onError', 'An Error Occurred'],
    ] as const) {
      const kiosk = callStore({ property: noVideo() });
      kiosk.request();
      await untilCreated();
      const leg = kiosk.fake.legs.voice[0]!;
      if (end === 'onEnded') leg.events.onEnded();
      else leg.events.onError(new Error('31005 connection error'));
      await vi.advanceTimersByTimeAsync(0);
      expect(kiosk.notifications()[0]?.title).toBe(title);
      expect(leg.handle.hangUp).toHaveBeenCalledTimes(1);
      kiosk.store.dispose();
    }
  });

  it('a manager call dials +1 and the property phone', async () => {
    const kiosk = callStore({ property: noVideo() });
    kiosk.request(MANAGER);
    await untilCreated();
    expect(kiosk.fake.legs.voice[0]?.input.params.To).toBe('+15555550100');
  });

  it('a client that never connects: An Error Occurred after 15 s, and the late call is hung up when it comes', async () => {
    const kiosk = callStore({ property: noVideo() });
    let place: (handle: CallHandle) => void = () => undefined;
    vi.mocked(kiosk.fake.clients.voice.connect).mockImplementationOnce(() => new Promise((resolve) => (place = resolve)));
    kiosk.request();
    await untilCreated();
    await vi.advanceTimersByTimeAsync(14900);
    expect(kiosk.notifications()).toEqual([]);
    await vi.advanceTimersByTimeAsync(200);
    expect(kiosk.notifications()[0]?.title).toBe('An Error Occurred');
    expect(loggedLines()).toContainEqual(['Call failed (error)', 'Voice call did not finish within 15000 ms']);
    const late = { hangUp: vi.fn() };
    place(late);
    await vi.advanceTimersByTimeAsync(0);
    expect(late.hangUp).toHaveBeenCalledTimes(1);
  });

  it('the deadline aborts the start, so the SDK can let go of what it made', async () => {
    const kiosk = callStore({ property: noVideo() });
    let signal: AbortSignal | null = null;
    vi.mocked(kiosk.fake.clients.voice.connect).mockImplementationOnce((input) => {
      signal = input.signal;
      return new Promise(() => undefined);
    });
    kiosk.request();
    await untilCreated();
    expect(signal!.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(15100);
    expect(signal!.aborted).toBe(true);
  });

  it('without a twimlToken the call cannot go on: An Error Occurred', async () => {
    const kiosk = callStore({ property: { ...noVideo(), twimlToken: '' } });
    kiosk.request();
    await untilCreated();
    expect(kiosk.fake.providers.voice).not.toHaveBeenCalled();
    expect(kiosk.notifications()[0]?.title).toBe('An Error Occurred');
    await vi.advanceTimersByTimeAsync(10);
    expect(loggedLines()).toContainEqual(['Call failed (error)', 'No twimlToken: the voice client cannot start']);
  });
});

describe('SIP (provider flag on, no video)', () => {
  it("logs in with the call's SIP user, then asks the back end to connect it", async () => {
    const kiosk = callStore({ property: noVideo(), telnyx: true });
    kiosk.request();
    await untilCreated();
    expect(kiosk.call().route).toBe('sip');
    expect(kiosk.fake.legs.sip[0]?.input).toMatchObject({ login: 'kiosk-sip-1', password: 'sip-secret-1', callId: 'call-1' });
    await vi.advanceTimersByTimeAsync(10);
    expect(requestsTo('telephone-entry/sip-call').map((r) => r.body)).toEqual([
      {
        intercomCallId: 'call-1',
        pusherChannelName: 'private-telephone-entry-property-1',
        tenantId: 11,
        to: '+15555550111',
        username: 'sip:kiosk-sip-1@sip.telnyx.com',
      },
    ]);
  });

  it('the manager is no tenant', async () => {
    const kiosk = callStore({ property: noVideo(), telnyx: true });
    kiosk.request(MANAGER);
    await untilCreated();
    await vi.advanceTimersByTimeAsync(10);
    expect(requestsTo('telephone-entry/sip-call')[0]?.body).toMatchObject({ tenantId: null, to: '+15555550100' });
  });

  it('plays the remote audio when active, opens the gate on sip-message open, and hangs up', async () => {
    const kiosk = callStore({ property: noVideo(), telnyx: true });
    kiosk.request();
    await untilCreated();
    const leg = kiosk.fake.legs.sip[0]!;
    const audio = fakeStream();
    leg.events.onRemoteStream?.(audio);
    expect(kiosk.fake.streams.get().remote).toBe(audio);
    kiosk.emit('sip-message', { data: { room: 'call-1', connected: true, open: true } });
    await vi.advanceTimersByTimeAsync(0);
    expect(kiosk.services.hardware.openGate).toHaveBeenCalledWith('10001');
    expect(leg.handle.hangUp).toHaveBeenCalled();
    expect(kiosk.released()).toBe(true);
  });

  it("the SIP call destroyed without approval: not granted; a SIP error: An Error Occurred", async () => {
    for (const [end, title] of [
      ['onEnded', "Sorry, you weren't granted access"],
      ['onError', 'An Error Occurred'],
    ] as const) {
      const kiosk = callStore({ property: noVideo(), telnyx: true });
      kiosk.request();
      await untilCreated();
      const leg = kiosk.fake.legs.sip[0]!;
      if (end === 'onEnded') leg.events.onEnded();
      else leg.events.onError(new Error('45002 Connection to server lost'));
      await vi.advanceTimersByTimeAsync(0);
      expect(kiosk.notifications()[0]?.title).toBe(title);
      expect(leg.handle.hangUp).toHaveBeenCalled();
      kiosk.store.dispose();
    }
  });

  it('a SIP client that never logs in: An Error Occurred after 15 s, sip-call never asked, and the late client logged out', async () => {
    const kiosk = callStore({ property: noVideo(), telnyx: true });
    let ready: (handle: CallHandle) => void = () => undefined;
    vi.mocked(kiosk.fake.clients.sip.start).mockImplementationOnce(() => new Promise((resolve) => (ready = resolve)));
    kiosk.request();
    await untilCreated();
    await vi.advanceTimersByTimeAsync(14900);
    expect(kiosk.notifications()).toEqual([]);
    await vi.advanceTimersByTimeAsync(200);
    expect(kiosk.notifications()[0]?.title).toBe('An Error Occurred');
    expect(loggedLines()).toContainEqual(['Call failed (error)', 'SIP login did not finish within 15000 ms']);
    expect(requestsTo('telephone-entry/sip-call')).toEqual([]);
    const late = { hangUp: vi.fn() };
    ready(late);
    await vi.advanceTimersByTimeAsync(0);
    expect(late.hangUp).toHaveBeenCalledTimes(1);
  });

  it("a SIP call that never reaches the client: not answered 45 s after the leg started, sorryNoAnswer, the client logged out", async () => {
    const kiosk = callStore({ property: noVideo(), telnyx: true });
    kiosk.request();
    await untilCreated();
    await vi.advanceTimersByTimeAsync(44900);
    expect(kiosk.call().phase).toBe('ready');
    await vi.advanceTimersByTimeAsync(200);
    expect(kiosk.call()).toMatchObject({ phase: 'ended', endReason: 'not-rung' });
    expect(kiosk.notifications()[0]?.title).toBe('Aaron Abbott did not answer');
    expect(kiosk.services.sound.play).toHaveBeenLastCalledWith('sorryNoAnswer');
    expect(kiosk.fake.legs.sip[0]?.handle.hangUp).toHaveBeenCalled();
  });

  it('a SIP call that reached the client goes on past 45 s', async () => {
    const kiosk = callStore({ property: noVideo(), telnyx: true });
    kiosk.request();
    await untilCreated();
    await vi.advanceTimersByTimeAsync(30000);
    kiosk.fake.legs.sip[0]!.events.onRinging?.();
    await vi.advanceTimersByTimeAsync(60000);
    expect(kiosk.call()).toMatchObject({ phase: 'ready', endReason: null });
    expect(kiosk.notifications()).toEqual([]);
  });

  it('the back end refusing sip-call: An Error Occurred, the SIP client logged out', async () => {
    apiServer.use(http.post(`${API_URL}/api/telephone-entry/sip-call`, () => HttpResponse.json({}, { status: 502 })));
    const kiosk = callStore({ property: noVideo(), telnyx: true });
    kiosk.request();
    await untilCreated();
    await vi.advanceTimersByTimeAsync(10);
    expect(kiosk.notifications()[0]?.title).toBe('An Error Occurred');
    expect(kiosk.fake.legs.sip[0]?.handle.hangUp).toHaveBeenCalled();
  });
});
