import { parseLanguage, type Language } from '../strings/languages';
import { format } from '../strings/format';
import { keepEarlyButtons } from '../services/input/earlyButtons';
import { isRecord, type JsonObject } from '../services/json';
import { launchModel, readLaunchParams } from '../features/session/launchParams';
import { BUTTON_LABELS, isTouch, parseModel, type ButtonLabels } from '../features/session/models';
import { codeEntryFrame, opensCodeEntry } from './codeEntryFrame';
import { element, svgElement } from './element';
import { LOGO_SHAPES, LOGO_VIEW_BOX } from '../components/logoDrawing';
import type FRAME_STRINGS from './frameStrings.json';
import { storedState } from './storedParts';
import { PROPERTY_CORE_VERSION } from '../features/property/propertyCoreVersion';
import { STORE_VERSION } from '../store/storedPart';

/** The strings the first frame shows, in one language: those frameStrings.json names (the build writes them in from the catalogue). */
export type FrameStrings = Record<keyof typeof FRAME_STRINGS, string>;
export type FirstFrameStrings = Record<Language, FrameStrings>;

export interface FirstFrameSettings {
  strings: FirstFrameStrings;
  /** The build's language, for a device record without one (as deviceSettings does). */
  defaultLanguage: Language;
}

/** What the kiosk will start on home with, as stored. */
export interface StartingHome {
  /** The property's public name. */
  name: string;
  device: JsonObject;
  strings: FrameStrings;
  /** The panel model's button labels; null on TOUCH (useDevice's). */
  labels: ButtonLabels | null;
}

/**
 * What the kiosk will start on home with, or null when it will not start on
 * home: another screen's address, no token stored or given, or no property
 * stored. Only what is certain is shown; the kiosk renders the rest.
 */
export function startingHome(storage: Storage, { pathname, search }: { pathname: string; search: string }, settings: FirstFrameSettings): StartingHome | null {
  const session = storedState(storage, 'session');
  const launch = readLaunchParams(search);
  // Version 3 changed only how the codes are kept: the name and the device read alike.
  const core = storedState(storage, 'propertyCore', [STORE_VERSION, PROPERTY_CORE_VERSION]);
  const property = isRecord(core?.property) ? core.property : null;
  const device = isRecord(core?.device) ? core.device : null;
  const hasToken = typeof session?.token === 'string' || launch.token !== null;
  if (pathname !== '/' || !hasToken || typeof property?.public_name !== 'string' || !device) return null;
  const model = launchModel(launch, parseModel(session?.model) ?? 'DEFAULT');
  return {
    name: property.public_name,
    device,
    strings: settings.strings[parseLanguage(device.language) ?? settings.defaultLanguage],
    labels: isTouch(model) ? null : BUTTON_LABELS[model],
  };
}

/** Home's header as the kiosk renders it ("Welcome to …!" under the logo): the markup of HomeScreen's header and Logo, so the kiosk's first render replaces it without a visible change. */
export function welcomeFrame(doc: Document, { name, strings }: StartingHome): HTMLElement {
  const shapes = LOGO_SHAPES.map(([tag, attributes]) => svgElement(doc, tag, attributes));
  const logo = svgElement(doc, 'svg', { class: 'logo', role: 'img', 'aria-label': strings.appName, width: '64', height: '64', viewBox: LOGO_VIEW_BOX }, shapes);
  const header = element(doc, 'header', { class: 'screen-header home-header' }, [
    element(doc, 'button', { type: 'button', class: 'logo-button', 'aria-label': strings.reload }, [logo]),
    element(doc, 'h1', {}, [format(strings.title, { name })]),
  ]);
  return element(doc, 'main', { class: 'screen home' }, [header]);
}

/**
 * Paints the welcome into the empty root before the kiosk's bundle has run,
 * and keeps the buttons pressed from then until a screen of the kiosk
 * listens. A digit typed first opens code entry showing it, where home would:
 * the visitor sees it taken while the bundle still starts. The kiosk's first
 * render (React clears the root) takes over, on the same screen.
 */
export function paintFirstFrame(win: Window, settings: FirstFrameSettings): boolean {
  try {
    const root = win.document.getElementById('root');
    if (!root || root.childNodes.length > 0) return false;
    const home = startingHome(win.localStorage, win.location, settings);
    if (!home) return false;
    const welcome = welcomeFrame(win.document, home);
    root.append(welcome);
    keepEarlyButtons(win, (button) => {
      try {
        if (opensCodeEntry(win.localStorage, home, button)) root.replaceChild(codeEntryFrame(win.document, home, button), welcome);
      } catch {
        // The press is kept all the same: the kiosk shows it once it has started.
      }
    });
    return true;
  } catch {
    // No storage (a browser that refuses it): the kiosk starts as it would without this frame.
    return false;
  }
}
