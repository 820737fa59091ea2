import { act, fireEvent, screen } from '@testing-library/react';
import { selectQueuedAccessRequests } from '../../features/access-queue/accessQueueSlice';
import { CameraError } from '../../services/camera/camera';
import { requestsTo, withApiServer } from '../../testing/apiServer';
import { withFakeTimers } from '../../testing/fakeTimers';
import { renderKiosk } from '../../testing/renderKiosk';
import { tap } from '../../testing/tap';

/** The camera and the worker are devices: faked here, exercised for real in tests/e2e/qr.spec.ts. */
const device = vi.hoisted(() => ({
  track: Object.assign(new EventTarget(), { stop: () => undefined }) as unknown as MediaStreamTrack & { stop: () => void },
  openCamera: (): Promise<MediaStream> => Promise.reject(new Error('not set')),
  /** What the next decoded frames hold (null: no code in view). */
  frames: [] as (string | null)[],
  decodes: 0,
  terminated: 0,
}));

vi.mock('../../services/camera/camera', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../services/camera/camera')>()),
  openCamera: () => device.openCamera(),
}));

vi.mock('../../services/qr/qrDecoder', () => ({
  createQrDecoder: () => ({
    busy: false,
    decode: async () => {
      device.decodes += 1;
      return device.frames.shift() ?? null;
    },
    terminate: () => void (device.terminated += 1),
  }),
}));

withApiServer();

const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  const track = Object.assign(new EventTarget(), { stop: vi.fn() });
  device.track = track as unknown as typeof device.track;
  const stream = { getTracks: () => [track], getVideoTracks: () => [track] } as unknown as MediaStream;
  device.openCamera = async () => stream;
  device.frames = [];
  device.decodes = 0;
  device.terminated = 0;
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(async function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('playing'));
  });
  vi.spyOn(HTMLVideoElement.prototype, 'videoWidth', 'get').mockReturnValue(240);
  vi.spyOn(HTMLVideoElement.prototype, 'videoHeight', 'get').mockReturnValue(180);
  const context = { drawImage: vi.fn(), getImageData: () => ({ width: 240, height: 180, data: new Uint8ClampedArray(4) }) };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as unknown as CanvasRenderingContext2D);
});

// Timers and Date only (msw's own tasks keep running): frames come on the 100 ms clock, not the machine's.
withFakeTimers();
/** Lets `ms` of kiosk time pass. */
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('scan-qr screen', () => {
  it("shows the title, the instructions and 'Loading...' until the camera plays", async () => {
    let arrive: (stream: MediaStream) => void = () => undefined;
    const stream = { getTracks: () => [device.track], getVideoTracks: () => [device.track] } as unknown as MediaStream;
    device.openCamera = () => new Promise((resolve) => (arrive = resolve));
    renderKiosk({ route: '/scan-qr' });
    expect(screen.getByRole('heading', { name: 'Scan a QR code' })).toBeInTheDocument();
    expect(screen.getByText('If you were texted a QR code, pull it up and center it on the camera')).toBeInTheDocument();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    await act(async () => arrive(stream));
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('a valid code opens the gate like a typed one, goes home and releases the camera', async () => {
    device.frames = [null, '10001'];
    const { services, store } = renderKiosk({ route: '/scan-qr' });
    // docs/rules.md#r4-11-1: a frame every 100 ms; the second holds the code.
    await pass(199);
    expect(location()).toBe('/scan-qr');
    expect(device.decodes).toBe(1);
    await pass(1);
    expect(location()).toBe('/');
    expect(services.hardware.openGate).toHaveBeenCalledWith('10001');
    expect(services.sound.play).toHaveBeenCalledWith('gateOpen');
    expect(screen.getByRole('alertdialog')).toHaveTextContent('Access Granted!');
    expect(selectQueuedAccessRequests(store.getState())).toMatchObject([{ user_code: '10001', access_granted: true }]);
    expect(device.track.stop).toHaveBeenCalled();
    expect(device.terminated).toBe(1);
  });

  it('a 5-digit code that opens nothing is refused like a typed one', async () => {
    device.frames = ['99999'];
    const { services, store } = renderKiosk({ route: '/scan-qr' });
    await pass(100);
    expect(location()).toBe('/');
    expect(services.hardware.openGate).not.toHaveBeenCalled();
    expect(services.sound.play).toHaveBeenCalledWith('sorryCode');
    expect(screen.getByRole('alertdialog')).toHaveTextContent("Sorry, that code didn't work");
    expect(selectQueuedAccessRequests(store.getState())).toMatchObject([{ user_code: '99999', access_granted: false }]);
  });

  it('a QR code that is not an access code is only logged, and scanning goes on', async () => {
    device.frames = ['https://example.com', 'https://example.com', '1000'];
    const { services } = renderKiosk({ route: '/scan-qr' });
    await pass(500);
    expect(device.decodes).toBe(5);
    expect(location()).toBe('/scan-qr');
    expect(console.error).toHaveBeenCalledWith('QR code is not an access code', { feature: 'qr', payload: 'https://example.com' });
    expect(console.error).toHaveBeenCalledWith('QR code is not an access code', { feature: 'qr', payload: '1000' });
    await vi.waitFor(() => expect(requestsTo('telephone-entry/logs')).toHaveLength(2));
    expect(services.sound.play).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it.each([
    ['refused', 'The camera could not be used: access to it was refused.'],
    ['missing', 'No camera was found on this panel.'],
  ] as const)('a %s camera shows a clear message, is logged and goes home after 5000 ms', async (failure, text) => {
    device.openCamera = () => Promise.reject(new CameraError(failure, 'camera says no'));
    renderKiosk({ route: '/scan-qr' });
    await pass(0);
    expect(screen.getByRole('alert')).toHaveTextContent(text);
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith('QR scanner failed', { feature: 'qr', failure, message: 'camera says no' });
    await pass(4999);
    expect(location()).toBe('/scan-qr');
    await pass(1);
    expect(location()).toBe('/');
  });

  it('BACK goes home and releases the camera and the worker', async () => {
    renderKiosk({ route: '/scan-qr' });
    await pass(100);
    expect(device.decodes).toBe(1);
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(location()).toBe('/');
    expect(device.track.stop).toHaveBeenCalled();
    expect(device.terminated).toBe(1);
    await pass(1000);
    expect(device.decodes).toBe(1);
  });

  it('Cancel goes home on TOUCH', async () => {
    renderKiosk({ route: '/scan-qr', model: 'TOUCH' });
    fireEvent.click(screen.getByRole('button', { name: '◀ CANCEL' }));
    expect(location()).toBe('/');
  });

  it('goes home after 60000 ms without input', async () => {
    renderKiosk({ route: '/scan-qr' });
    await pass(59999);
    expect(location()).toBe('/scan-qr');
    await pass(1);
    expect(location()).toBe('/');
    expect(device.track.stop).toHaveBeenCalled();
  });

  it('TOUCH: a tap on the screen restarts the 60000 ms wait', async () => {
    renderKiosk({ route: '/scan-qr', model: 'TOUCH' });
    await pass(50000);
    tap(screen.getByRole('heading', { level: 1 }));
    await pass(59999);
    expect(location()).toBe('/scan-qr');
    await pass(1);
    expect(location()).toBe('/');
  });

  it('while code entry is locked, the camera stays off and the screen says why; scanning starts when the lock ends', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    try {
      const openCamera = vi.spyOn(device, 'openCamera');
      const now = Date.now();
      renderKiosk({ route: '/scan-qr', preloaded: { codeLock: { clock: { elapsed: now, wallAt: now, monoAt: null }, refusedAt: [], lockedAt: [now - 28_000], lock: { since: now - 28_000, until: now + 2_000, number: 1 }, liftedMark: null } } });
      expect(screen.getByRole('alert')).toHaveTextContent('Too many wrong codes');
      expect(screen.getByText('Try again in 2 seconds')).toBeInTheDocument();
      expect(screen.queryByLabelText('Camera')).toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(1_000));
      expect(openCamera).not.toHaveBeenCalled();
      await act(() => vi.advanceTimersByTimeAsync(1_000));
      expect(screen.queryByText('Too many wrong codes')).toBeNull();
      expect(screen.getByText('If you were texted a QR code, pull it up and center it on the camera')).toBeInTheDocument();
      expect(openCamera).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
