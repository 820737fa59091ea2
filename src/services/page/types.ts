/** Page-level actions, kept behind an interface so tests can observe them. */
export interface PageControl {
  /** Saves state, then reloads the page; a new build that is already installed takes over. Skipped (and logged) while the state cannot be stored. */
  reload(): void;
  /** The same, loading the kiosk's home `/` instead of the current screen (after a crash). */
  reloadHome(): void;
  /** Like reload, but first asks the host for its newest build and waits until it is installed (the hardware `refresh`). */
  refresh(): void;
  /** Keeps this build on the panel (the service worker) so that the kiosk starts with no network; once, after the page has loaded. */
  keepForOffline(): void;
  /** The page's address without the device token. */
  href(): string;
  /** Calls `handler` when the page is going away (reload, navigation); returns a function that stops listening. */
  onLeave(handler: () => void): () => void;
  /** Calls `handler` when the browser brings the page back from its back-forward cache; returns a function that stops listening. */
  onRestored(handler: () => void): () => void;
}
