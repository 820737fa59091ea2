import { detectCapabilities, type EngineScope } from './capabilities';

const current: EngineScope = {
  isSecureContext: true,
  navigator: { locks: {}, serviceWorker: {}, mediaDevices: { getUserMedia: () => undefined } },
  RTCPeerConnection: function RTCPeerConnection() {},
  indexedDB: {},
  MediaRecorder: function MediaRecorder() {},
};

describe('detectCapabilities', () => {
  it('finds everything on a current engine in a secure context', () => {
    expect(detectCapabilities(current)).toEqual({ webLocks: true, offlineStartMissing: null, camera: true, peerConnection: true, indexedDb: true, mediaRecorder: true });
  });

  it('an engine without Web Locks, service workers, a camera API or WebRTC (WebKitGTK here has no WebRTC)', () => {
    expect(detectCapabilities({ isSecureContext: true, navigator: {} })).toEqual({
      webLocks: false,
      offlineStartMissing: 'no-service-worker',
      camera: false,
      peerConnection: false,
      indexedDb: false,
      mediaRecorder: false,
    });
  });

  it('a page that is not a secure context gets no service worker, and says why', () => {
    expect(detectCapabilities({ ...current, isSecureContext: false, navigator: { ...current.navigator, serviceWorker: undefined } }).offlineStartMissing).toBe(
      'insecure-context',
    );
  });

  it('an engine that throws when its IndexedDB is touched (storage disabled) has none', () => {
    const scope = { ...current };
    Object.defineProperty(scope, 'indexedDB', {
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    expect(detectCapabilities(scope).indexedDb).toBe(false);
  });

  it('a media object without getUserMedia is no camera', () => {
    expect(detectCapabilities({ ...current, navigator: { mediaDevices: {} } }).camera).toBe(false);
  });
});
