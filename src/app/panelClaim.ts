import { hasIndexedDb, hasWebLocks, type EngineScope } from '../lib/capabilities';
import { becomeOnlyKiosk } from './kioskLock';
import { openIndexedStore, type IndexedStore } from './persistence/indexedStore';
import { mark, PANEL_CLAIM_GLOBAL, type ClaimHolder } from './takePanelClaim';

/**
 * The waits of a start that need none of the kiosk's code: this page becoming
 * the only kiosk of its origin (kioskLock.ts), and the database opened. The
 * first frame's script (src/first-frame/) starts them as the page loads, so
 * they run while the bundle is still loading; the bundle takes them over, or
 * loads this module and starts them itself where the first frame's script did
 * not run (takePanelClaim.ts).
 */
export interface PanelClaim {
  /** Resolves once this page is the only running kiosk of its origin. */
  held: Promise<unknown>;
  /** The database (null: everything is kept in `localStorage`), once this page holds the kiosk lock: read it with readDatabase. */
  opened: Promise<IndexedStore | null>;
  /** Runs `callback` when another window runs the panel and this one waits for it: at once if it already waits. */
  onWaiting(callback: () => void): void;
}

export function claimPanel(win: Window): PanelClaim {
  const scope = win as unknown as EngineScope;
  let waiting = false;
  const callbacks: Array<() => void> = [];
  const held = becomeOnlyKiosk(
    {
      locks: hasWebLocks(scope) ? win.navigator.locks : undefined,
      storage: win.localStorage,
      onLeave: (release) => win.addEventListener('pagehide', release, { once: true }),
    },
    () => {
      waiting = true;
      callbacks.splice(0).forEach((callback) => callback());
    },
  );
  let current: IndexedStore | null = null;
  const open = () => openIndexedStore(hasIndexedDb(scope) ? win.indexedDB : undefined).then((store) => (current = store));
  // A page the browser keeps in its back-forward cache is suspended: a write it left under way would hold every later page's read.
  win.addEventListener('pagehide', (event) => {
    if (event.persisted) current?.abortWrites();
  });
  // Opening reads nothing, so it starts at once; reading waits for the lock, so no other window writes meanwhile.
  const early = open();
  const opened = held.then(() => {
    mark(win, 'kiosk-lock');
    if (!waiting) return early;
    // After a wait (minutes, days) the database is opened anew: a newer kiosk's upgrade meanwhile closed the early connection.
    void early.then((store) => store?.close());
    return open();
  });
  return {
    held,
    opened,
    onWaiting(callback) {
      if (waiting) callback();
      else callbacks.push(callback);
    },
  };
}

/** Starts the claim for the bundle to take (the first frame's script, as the page loads). */
export function claimPanelEarly(win: Window): void {
  (win as ClaimHolder)[PANEL_CLAIM_GLOBAL] = claimPanel(win);
}
