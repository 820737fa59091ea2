import { detectCapabilities, type EngineScope } from './capabilities';

const current: EngineScope = {
  isSecureContext: true,
  navigator: { locks: {}, serviceWorker: {}, mediaDevices: { getUserMedia: () => undefined } },
  RTCPeerConnection: function RTCPeerConnection() {},
};

describe('detectCapabilities', () => {
  it('finds everything on a current engine in a secure context', () => {
    expect(detectCapabilities(current)).toEqual({ webLocks: true, offlineStartMissing: null, camera: true, peerConnection: true });
  });

  it('an engine without Web Locks, service workers, a camera API or WebRTC (WebKitGTK here has no WebRTC)', () => {
    expect(detectCapabilities({ isSecureContext: true, navigator: {} })).toEqual({
      webLocks: false,
      offlineStartMissing: 'no-service-worker',
      camera: false,
      peerConnection: false,
    });
  });

  it('a page that is not a secure context gets no service worker, and says why', () => {
    expect(detectCapabilities({ ...current, isSecureContext: false, navigator: { ...current.navigator, serviceWorker: undefined } }).offlineStartMissing).toBe(
      'insecure-context',
    );
  });

  it('a media object without getUserMedia is no camera', () => {
    expect(detectCapabilities({ ...current, navigator: { mediaDevices: {} } }).camera).toBe(false);
  });
});
