import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { afterFrameShown } from '../lib/afterFirstScreen';

/**
 * The screen's address (path and query) and the way to another one: all the
 * kiosk needs of a router. Five exact paths and a query (`/enter-code?initialCode=1`,
 * `/call?resident=7`) do not need react-router's matching, loaders or
 * transitions. react-router-dom 7 in declarative mode added 13 kB gzip to the
 * first screen and, with the first frame painting the welcome, still took the
 * median of a digit typed at the welcome from about 220 to 410 ms (`npm run
 * bench`'s digit row).
 */
export interface PageLocation {
  pathname: string;
  search: string;
}

interface Address {
  location: PageLocation;
  go(to: string, replace: boolean): void;
  /** Writes `to` as the address without rendering it (a screen drawn ahead of React); returns what cancels it. */
  write(to: string): () => void;
}

const AddressContext = createContext<Address | null>(null);

function useAddress(): Address {
  const address = useContext(AddressContext);
  if (!address) throw new Error('A screen was rendered outside a PageRouter');
  return address;
}

const read = (): PageLocation => ({ pathname: window.location.pathname, search: window.location.search });

function locationOf(to: string): PageLocation {
  const url = new URL(to, 'http://kiosk');
  return { pathname: url.pathname, search: url.search };
}

/** The addresses still waiting for their frame: what cancels each wait, and its write, in the order asked for. */
const unwritten = new Map<() => void, () => void>();

/** Writes at once the addresses still waiting for their frame, so that a reload loads the screen that shows. */
export function writePendingAddresses(): void {
  unwritten.forEach((write, cancel) => {
    cancel();
    write();
  });
}

/**
 * Writes `to` as the page's address once the next frame is on screen, or at
 * once where the page reloads first (writePendingAddresses). Each waits for
 * the same frame, and the first to ask writes first. Returns what cancels it.
 */
function writeAfterFrame(to: string, replace: boolean): () => void {
  const write = () => {
    unwritten.delete(cancel);
    if (replace) window.history.replaceState(null, '', to);
    else window.history.pushState(null, '', to);
  };
  const cancel = afterFrameShown(write);
  unwritten.set(cancel, write);
  return () => {
    cancel();
    unwritten.delete(cancel);
  };
}

/**
 * The page's own address: the history API, and the back and forward buttons a browser might have.
 * A new screen renders at once and its address is written once the frame that shows it is on screen: on the panel,
 * writing history took milliseconds of the key press that opened the screen.
 */
export function PageRouter({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState<PageLocation>(read);
  useEffect(() => {
    const dropUnwritten = () => {
      unwritten.forEach((_, cancel) => cancel());
      unwritten.clear();
    };
    const changed = () => {
      // The browser went to another of its entries: an address asked for before would overwrite it.
      dropUnwritten();
      setLocation(read());
    };
    window.addEventListener('popstate', changed);
    return () => {
      window.removeEventListener('popstate', changed);
      dropUnwritten();
    };
  }, []);
  const go = useCallback((to: string, replace: boolean) => {
    setLocation(locationOf(to));
    // The layers write the address of the screen they show, and React's screen then replaces it with the same:
    // the browser's own work for it would come again beside a key press.
    const { pathname, search } = read();
    if (replace && unwritten.size === 0 && pathname + search === to) return;
    writeAfterFrame(to, replace);
  }, []);
  const address = useMemo<Address>(() => ({ location, go, write: (to) => writeAfterFrame(to, false) }), [location, go]);
  return <AddressContext.Provider value={address}>{children}</AddressContext.Provider>;
}

/** An address kept in memory (tests render screens at a route without a page). */
export function MemoryRouter({ route, children }: { route: string; children: ReactNode }) {
  const [location, setLocation] = useState(() => locationOf(route));
  const go = useCallback((to: string) => setLocation(locationOf(to)), []);
  const address = useMemo<Address>(() => ({ location, go, write: () => () => undefined }), [location, go]);
  return <AddressContext.Provider value={address}>{children}</AddressContext.Provider>;
}

export const useLocation = (): PageLocation => useAddress().location;

/** `navigate('/call?resident=7')`; `{ replace: true }` replaces the address instead of adding one. */
export function useNavigate(): (to: string, options?: { replace?: boolean }) => void {
  const { go } = useAddress();
  return useCallback((to, options) => go(to, options?.replace ?? false), [go]);
}

/** Writes an address after the next frame without rendering it (Address's `write`). */
export const useWriteAddress = (): ((to: string) => () => void) => useAddress().write;

export function useSearchParams(): URLSearchParams {
  const { search } = useLocation();
  return useMemo(() => new URLSearchParams(search), [search]);
}

/** Goes to `to` once rendered. */
export function Navigate({ to, replace = false }: { to: string; replace?: boolean }) {
  const { go } = useAddress();
  useEffect(() => go(to, replace), [go, to, replace]);
  return null;
}

/** A link to another screen: the address changes in the page, it does not load another. */
export function Link({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  const { go } = useAddress();
  return (
    <a
      className={className}
      href={to}
      onClick={(event) => {
        if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        go(to, false);
      }}
    >
      {children}
    </a>
  );
}
