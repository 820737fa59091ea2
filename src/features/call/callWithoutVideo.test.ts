// Calls on an engine that lacks what video needs (README, "Engines"): no
// camera API, or no WebRTC. The call still reaches the resident, by phone.
import { requestsTo, withApiServer } from '../../testing/apiServer';
import { callStore, untilCreated } from '../../testing/callHarness';
import { FAKE_SNAPSHOT } from '../../testing/fakeCall';
import { withFakeTimers } from '../../testing/fakeTimers';
import { NO_CAMERA_SNAPSHOT } from './runCall';

withApiServer();
withFakeTimers();

describe('a call on an engine without video', () => {
  it('no camera API: no camera is asked for, the call is created without a picture and goes to the phone at once', async () => {
    const kiosk = callStore();
    kiosk.services.capabilities.camera = false;
    kiosk.request();
    await vi.advanceTimersByTimeAsync(50);
    expect(kiosk.fake.media.open).not.toHaveBeenCalled();
    expect(requestsTo('telephone-entry/calls').map((r) => r.body)).toEqual([{ resident_id: 11, image_data: NO_CAMERA_SNAPSHOT, telnyx_enabled: false }]);
    await vi.advanceTimersByTimeAsync(50);
    expect(kiosk.call()).toMatchObject({ phase: 'ready', route: 'voice' });
    expect(kiosk.fake.legs.voice).toHaveLength(1);
    expect(kiosk.fake.legs.peers).toHaveLength(0);
    expect(kiosk.fake.streams.get().local).toBeNull();
  });

  it('no camera API, provider flag on: the SIP leg, not the video room', async () => {
    const kiosk = callStore({ telnyx: true });
    kiosk.services.capabilities.camera = false;
    kiosk.request();
    await vi.advanceTimersByTimeAsync(100);
    expect(kiosk.call()).toMatchObject({ route: 'sip' });
    expect(kiosk.fake.legs.room).toHaveLength(0);
  });

  it('no WebRTC: the camera gives the snapshot as usual, then the phone leg without waiting 30 s for video', async () => {
    const kiosk = callStore();
    kiosk.services.capabilities.peerConnection = false;
    kiosk.request();
    await untilCreated();
    expect(requestsTo('telephone-entry/calls')[0]?.body).toMatchObject({ image_data: FAKE_SNAPSHOT });
    await vi.advanceTimersByTimeAsync(50);
    expect(kiosk.call()).toMatchObject({ route: 'voice' });
    expect(kiosk.fake.legs.peers).toHaveLength(0);
    expect(kiosk.fake.legs.voice).toHaveLength(1);
    kiosk.cancel();
    await vi.advanceTimersByTimeAsync(50);
    expect(kiosk.released()).toBe(true);
  });
});
