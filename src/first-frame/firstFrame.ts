import { parseLanguage, type Language } from '../strings/languages';
import { keepEarlyButtons } from '../services/input/earlyButtons';
import { isRecord } from '../services/json';
import { STORE_VERSION } from '../store/storedPart';

/** The strings the first frame shows, per language (the build writes them in from the catalogue). */
export type FirstFrameStrings = Record<Language, { title: string; appName: string; reload: string }>;

export interface FirstFrameSettings {
  strings: FirstFrameStrings;
  /** The build's language, for a device record without one (as deviceSettings does). */
  defaultLanguage: Language;
}

/** Where the kiosk keeps these parts in `localStorage` (src/app/persistence/loadStoredState.ts). */
const SESSION_ITEM = 'gate-kiosk:session';
const CORE_ITEM = 'gate-kiosk:propertyCore';


/** A stored part's state, or null when it is missing, unreadable or of another version (left to the kiosk to bring up or reset). */
function storedState(storage: Storage, item: string): Record<string, unknown> | null {
  try {
    const envelope: unknown = JSON.parse(storage.getItem(item) ?? 'null');
    return isRecord(envelope) && envelope.version === STORE_VERSION && isRecord(envelope.state) ? envelope.state : null;
  } catch {
    return null;
  }
}

/**
 * The home screen's header as the kiosk will render it ("Welcome to …!"
 * under the logo), or null when the kiosk will not start on home: no token
 * stored or given, or no property stored. Only what is certain is shown; the
 * kiosk renders the rest.
 */
export function welcomeFrame(doc: Document, storage: Storage, search: string, settings: FirstFrameSettings): HTMLElement | null {
  const session = storedState(storage, SESSION_ITEM);
  const hasToken = typeof session?.token === 'string' || new URLSearchParams(search).has('token');
  const core = storedState(storage, CORE_ITEM);
  const property = isRecord(core?.property) ? core.property : null;
  const device = isRecord(core?.device) ? core.device : null;
  if (!hasToken || typeof property?.public_name !== 'string' || !device) return null;
  const strings = settings.strings[parseLanguage(device.language) ?? settings.defaultLanguage];

  const element = <K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string>, ...children: Node[]) => {
    const node = doc.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
    node.append(...children);
    return node;
  };
  // The markup of HomeScreen's header and Logo, so the kiosk's first render replaces it without a visible change.
  const logo = element('img', { class: 'logo', alt: strings.appName, width: '64', height: '64', src: '/logo.svg' });
  const title = element('h1', {}, doc.createTextNode(strings.title.replace('{name}', () => property.public_name as string)));
  const header = element(
    'header',
    { class: 'screen-header home-header' },
    element('button', { type: 'button', class: 'logo-button', 'aria-label': strings.reload }, logo),
    title,
  );
  return element('main', { class: 'screen home' }, header);
}

/**
 * Paints the welcome into the empty root before the kiosk's bundle has run,
 * and keeps the buttons pressed from then until a screen of the kiosk
 * listens. The kiosk's first render (React clears the root) takes over.
 */
export function paintFirstFrame(win: Window, settings: FirstFrameSettings): boolean {
  try {
    const root = win.document.getElementById('root');
    if (!root || root.childNodes.length > 0) return false;
    const frame = welcomeFrame(win.document, win.localStorage, win.location.search, settings);
    if (!frame) return false;
    root.append(frame);
    keepEarlyButtons(win);
    return true;
  } catch {
    // No storage (a browser that refuses it): the kiosk starts as it would without this frame.
    return false;
  }
}
