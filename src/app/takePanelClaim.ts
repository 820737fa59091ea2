import type { PanelClaim } from './panelClaim';
import type { IndexedStore } from './persistence/indexedStore';
import type { DatabaseRead } from './persistence/persistedStore';

/** The first frame's script and the bundle are built apart: they meet on this property of the window. */
export const PANEL_CLAIM_GLOBAL = '__kioskPanelClaim';
export type ClaimHolder = Window & { [PANEL_CLAIM_GLOBAL]?: PanelClaim };

/**
 * The claim the first frame's script started, or one started now. Only a page
 * whose first frame did not claim the panel loads the claim's code (the kiosk
 * lock, the lease, opening the database): the bundle does not carry it twice.
 */
export function takePanelClaim(win: Window, load = () => import('./panelClaim')): PanelClaim {
  const early = (win as ClaimHolder)[PANEL_CLAIM_GLOBAL];
  delete (win as ClaimHolder)[PANEL_CLAIM_GLOBAL];
  if (early) return early;
  const claim = load().then(({ claimPanel }) => claimPanel(win));
  return {
    held: claim.then((own) => own.held),
    opened: claim.then((own) => own.opened),
    // A claim that could not load fails `held`, which the start awaits: nothing waits here.
    onWaiting: (callback) => void claim.then((own) => own.onWaiting(callback), () => undefined),
  };
}

/** Start-up milestones for bench/start-profile.mjs, as main.tsx marks its own. */
export function mark(win: Window, name: string): void {
  win.performance?.mark?.(`kiosk:${name}`);
}

/**
 * What the database holds, with it; null where there is none, or why it could
 * not be read: then everything is kept in `localStorage` on this page, and
 * what the database holds waits for a later page.
 */
export function readDatabase(store: IndexedStore | null, win: Window = window): Promise<DatabaseRead> {
  if (!store) return Promise.resolve(null);
  return store.read().then(
    (parts) => {
      mark(win, 'database-read');
      return { store, parts };
    },
    (error: unknown) => {
      store.close();
      return { unread: String(error) };
    },
  );
}
