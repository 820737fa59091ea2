// The memory benchmark's side in the page: counters installed before the
// kiosk's code runs, and a visitor's round trip driven from inside the page.

/**
 * Runs in the page before the kiosk's code: counts the media tracks and
 * Workers it creates, through weak references so the counting keeps nothing alive.
 */
export function installCounters() {
  const tracks = { calls: 0, created: 0, stopped: 0, refs: [] };
  const workers = { created: 0, terminated: 0, framesPosted: 0, refs: [] };
  const peers = { created: 0, refs: [] };

  const NativePeer = window.RTCPeerConnection;
  class CountedPeer extends NativePeer {
    constructor(...args) {
      super(...args);
      peers.created += 1;
      peers.refs.push(new WeakRef(this));
    }
  }
  Object.defineProperty(CountedPeer, 'name', { value: 'RTCPeerConnection' });
  window.RTCPeerConnection = CountedPeer;

  const getUserMedia = MediaDevices.prototype.getUserMedia;
  MediaDevices.prototype.getUserMedia = async function (...args) {
    tracks.calls += 1;
    const stream = await getUserMedia.apply(this, args);
    for (const track of stream.getTracks()) {
      tracks.created += 1;
      tracks.refs.push(new WeakRef(track));
    }
    return stream;
  };
  const stop = MediaStreamTrack.prototype.stop;
  MediaStreamTrack.prototype.stop = function () {
    if (this.readyState === 'live') tracks.stopped += 1;
    return stop.call(this);
  };

  const NativeWorker = window.Worker;
  class CountedWorker extends NativeWorker {
    constructor(...args) {
      super(...args);
      workers.created += 1;
      workers.refs.push(new WeakRef(this));
    }
    postMessage(...args) {
      workers.framesPosted += 1;
      return super.postMessage(...args);
    }
    terminate() {
      if (!this.__terminated) workers.terminated += 1;
      this.__terminated = true;
      return super.terminate();
    }
  }
  Object.defineProperty(CountedWorker, 'name', { value: 'Worker' });
  window.Worker = CountedWorker;

  window.__memory = {
    /** Call after a GC: drops the references to collected objects, then counts. */
    counts() {
      tracks.refs = tracks.refs.filter((ref) => ref.deref() !== undefined);
      workers.refs = workers.refs.filter((ref) => ref.deref() !== undefined);
      peers.refs = peers.refs.filter((ref) => ref.deref() !== undefined);
      return {
        peersCreated: peers.created,
        peersOpen: peers.refs.filter((ref) => ref.deref()?.signalingState !== 'closed').length,
        peersReachable: peers.refs.length,
        gumCalls: tracks.calls,
        tracksCreated: tracks.created,
        tracksStopped: tracks.stopped,
        tracksLive: tracks.refs.filter((ref) => ref.deref()?.readyState === 'live').length,
        tracksReachable: tracks.refs.length,
        workersCreated: workers.created,
        workersTerminated: workers.terminated,
        workersReachable: workers.refs.length,
        workersReachableUnterminated: workers.refs.filter((ref) => !ref.deref()?.__terminated).length,
        framesPosted: workers.framesPosted,
      };
    },
    framesPosted: () => workers.framesPosted,
  };
}

/** One visitor round trip (the legs named in `legs`), in the page; throws with the step that did not happen. */
export async function roundTrip(legs) {
  const b = window.__bench;
  const q = (selector) => document.querySelector(selector);
  const atHome = () => q('.home-links') !== null && location.pathname === '/';
  const step = async (name, key, done, timeout = 5000) => {
    try {
      await b.time(() => b.key(key), done, timeout);
    } catch (error) {
      throw new Error(`${name}: ${error.message} (at ${location.pathname}${location.search})`, { cause: error });
    }
    const notification = q('[role="alertdialog"]');
    if (notification) throw new Error(`${name}: a notification showed (${notification.getAttribute('aria-label')})`);
  };
  // Home's address is written once its frame is on screen (src/hooks/pageAddress.tsx), a moment after home shows.
  if (!(await b.time(() => undefined, atHome, 2000).then(() => true, () => false))) {
    const shown = q('[role="alertdialog"]')?.getAttribute('aria-label') ?? q('h1')?.textContent;
    throw new Error(`Not on the home screen but on ${location.pathname} ('${shown ?? ''}')`);
  }

  if (legs.includes('code')) {
    // Code entry over home (home keeps a copy of it drawn ahead, under its own layer).
    const filled = () => q('.screen-over .enter-code .code-slots')?.querySelectorAll('.slot-filled').length;
    await step('digit 1 -> enter-code', '1', () => filled() === 1);
    await step('digit 2', '2', () => filled() === 2);
    await step('BACK from enter-code', 'Escape', atHome);
  }
  if (legs.includes('directory')) {
    const page = () => q('.directory-page')?.getAttribute('aria-label');
    // The directory may be drawn ahead over home: it is open once the address says so.
    await step('DOWN -> directory', 'ArrowDown', () => location.pathname === '/resident-directory' && page() === 'Page 1' && q('.directory-row') !== null);
    await step('DOWN -> page 2', 'ArrowDown', () => page() === 'Page 2');
    await step('BACK from directory', 'Escape', atHome);
  }
  if (legs.includes('qr')) {
    const posted = window.__memory.framesPosted();
    const scanning = () => {
      const video = q('.scan-qr video');
      return video !== null && !video.paused && video.readyState >= 2 && q('.camera-status') === null && window.__memory.framesPosted() > posted;
    };
    await step('GO -> scan-qr, video playing, a frame sent to the worker', 'Enter', scanning, 10_000);
    await step('BACK from scan-qr', 'Escape', atHome);
  }
}

/**
 * A checkpoint leaves the kiosk idle on home for longer than its 20 s, and it
 * shows its guidance: BACK leaves the guidance and does nothing else.
 */
export async function leaveGuidance() {
  if (!document.querySelector('.guidance')) return;
  await window.__bench.time(() => window.__bench.key('Escape'), () => document.querySelector('.home-links') !== null);
}

/** Types a whole code on home, a key once the last one shows; resolves with the notification's title, or throws. */
export async function typeCode(code) {
  const b = window.__bench;
  const filled = () => document.querySelector('.screen-over .enter-code .code-slots')?.querySelectorAll('.slot-filled').length;
  const title = () => document.querySelector('[role="alertdialog"]')?.getAttribute('aria-label') ?? null;
  for (let i = 0; i < code.length - 1; i += 1) await b.time(() => b.key(code[i]), () => filled() === i + 1);
  await b.time(() => b.key(code.at(-1)), () => title() !== null && location.pathname === '/');
  return title();
}
