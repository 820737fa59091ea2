/**
 * What the engine the kiosk runs on gives it, detected once when the page
 * starts (README, "Engines"). The kiosk branches on these flags, each in one
 * place, instead of testing the browser's objects where it uses them.
 */
export interface Capabilities {
  /** navigator.locks: one kiosk per origin. Without it, a lease in storage (app/kioskLease.ts). */
  webLocks: boolean;
  /**
   * Why the kiosk cannot keep itself on the panel for an offline start, or
   * null when it can: the engine has no service worker, or gives none to a
   * page that is not a secure context (https, or http on localhost). Without
   * one the kiosk runs online only; the installer screen says why.
   */
  offlineStartMissing: 'no-service-worker' | 'insecure-context' | null;
  /** getUserMedia: the QR scan and the camera of a call. Without it the QR link is hidden and calls go to the phone. */
  camera: boolean;
  /** RTCPeerConnection: the video leg of a call. Without it calls go to the phone. */
  peerConnection: boolean;
  /** IndexedDB: room for a long queue and a large property. Without it everything is kept in `localStorage` (docs/stored-state.md). */
  indexedDb: boolean;
  /**
   * MediaRecorder: a visitor's video message after a call nobody answered
   * (with the camera and IndexedDB, where the message is kept until sent).
   * Without it the message is not offered.
   */
  mediaRecorder: boolean;
}

/** The parts of a window the detection reads. */
export interface EngineScope {
  isSecureContext?: boolean;
  navigator: { locks?: unknown; serviceWorker?: unknown; mediaDevices?: { getUserMedia?: unknown } };
  RTCPeerConnection?: unknown;
  indexedDB?: unknown;
  MediaRecorder?: unknown;
}

export function detectCapabilities(scope: EngineScope = window as unknown as EngineScope): Capabilities {
  const { navigator } = scope;
  let offlineStartMissing: Capabilities['offlineStartMissing'] = null;
  if (scope.isSecureContext === false) offlineStartMissing = 'insecure-context';
  else if (!navigator.serviceWorker) offlineStartMissing = 'no-service-worker';
  return {
    webLocks: hasWebLocks(scope),
    offlineStartMissing,
    camera: typeof navigator.mediaDevices?.getUserMedia === 'function',
    peerConnection: typeof scope.RTCPeerConnection === 'function',
    indexedDb: hasIndexedDb(scope),
    mediaRecorder: typeof scope.MediaRecorder === 'function',
  };
}

/** The two the first frame's script needs too (app/panelClaim.ts), apart so that it carries only these. */
export function hasWebLocks(scope: EngineScope): boolean {
  return Boolean(scope.navigator.locks);
}

export function hasIndexedDb(scope: EngineScope): boolean {
  try {
    return Boolean(scope.indexedDB);
  } catch {
    // Some engines throw for a page whose storage is disabled.
    return false;
  }
}

/** Every capability present: what tests assume unless they take one away. */
export const FULL_CAPABILITIES: Capabilities = /* @__PURE__ */ Object.freeze({ webLocks: true, offlineStartMissing: null, camera: true, peerConnection: true, indexedDb: true, mediaRecorder: true });
