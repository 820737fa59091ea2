import { screen } from '@testing-library/react';
import en from '../strings/en.json';
import es from '../strings/es.json';
import { hasEarlyButtons, takeEarlyButtons } from '../services/input/earlyButtons';
import { createMemoryStorage } from '../testing/memoryStorage';
import { rawProperty } from '../testing/fixtures';
import { renderKiosk } from '../testing/renderKiosk';
import { paintFirstFrame, welcomeFrame, type FirstFrameSettings } from './firstFrame';

// As scripts/first-frame-build.mjs writes them in, from the catalogue.
const strings = Object.fromEntries(
  Object.entries({ en, es }).map(([language, messages]) => [
    language,
    { title: messages['home.title'], appName: messages['app.name'], reload: messages['app.reload'] },
  ]),
) as FirstFrameSettings['strings'];
const SETTINGS: FirstFrameSettings = { strings, defaultLanguage: 'en' };

/** What the kiosk stores (src/app/persistence/): each part in its envelope, version 2. */
function storedKiosk({ token = 'device-token' as string | null, device = {}, version = 2 } = {}) {
  const storage = createMemoryStorage();
  const { property, device: stored } = rawProperty();
  if (token) storage.setItem('gate-kiosk:session', JSON.stringify({ version, state: { token, model: 'GEN2' } }));
  const core = { property, device: { ...stored, ...device }, standing: [], guests: [] };
  storage.setItem('gate-kiosk:propertyCore', JSON.stringify({ version, state: core }));
  return storage as unknown as Storage;
}

const header = (frame: HTMLElement | null) => frame?.querySelector('header')?.outerHTML;

describe('the first frame', () => {
  it("is home's header exactly as the kiosk renders it, so the kiosk takes over without a change", () => {
    const frame = welcomeFrame(document, storedKiosk(), '', SETTINGS);
    renderKiosk();
    expect(frame?.className).toBe('screen home');
    expect(header(frame)).toBe(screen.getByRole('heading', { name: 'Welcome to Maple Court!' }).closest('header')?.outerHTML);
  });

  it("speaks the device's language, else the build's", () => {
    const title = (storage: Storage, defaultLanguage: 'en' | 'es' = 'en') =>
      welcomeFrame(document, storage, '', { ...SETTINGS, defaultLanguage })?.querySelector('h1')?.textContent;
    expect(title(storedKiosk({ device: { language: 'es' } }))).toBe('¡Bienvenido a Maple Court!');
    expect(title(storedKiosk(), 'es')).toBe('¡Bienvenido a Maple Court!');
    expect(title(storedKiosk())).toBe('Welcome to Maple Court!');
  });

  it('is not painted when the kiosk will not start on home', () => {
    // No token stored nor given: the installer's message. Another version of the parts: the kiosk brings them up first.
    expect(welcomeFrame(document, storedKiosk({ token: null }), '', SETTINGS)).toBeNull();
    expect(welcomeFrame(document, storedKiosk({ version: 1 }), '', SETTINGS)).toBeNull();
    expect(welcomeFrame(document, createMemoryStorage() as unknown as Storage, '?token=new', SETTINGS)).toBeNull();
    const unreadable = storedKiosk();
    unreadable.setItem('gate-kiosk:propertyCore', '{"version":2,');
    expect(welcomeFrame(document, unreadable, '', SETTINGS)).toBeNull();
    // A token in the address is enough with a stored property.
    expect(welcomeFrame(document, storedKiosk({ token: null }), '?token=new&model=GEN2', SETTINGS)).not.toBeNull();
  });

  it('paints into the empty root and keeps the presses from then; nothing without a stored property', () => {
    document.body.innerHTML = '<div id="root"></div>';
    const page = (storage: Storage) =>
      ({ document, location: { search: '' }, localStorage: storage, addEventListener: vi.fn(), removeEventListener: vi.fn() }) as unknown as Window;
    const empty = page(createMemoryStorage() as unknown as Storage);
    expect(paintFirstFrame(empty, SETTINGS)).toBe(false);
    expect(document.getElementById('root')?.childNodes).toHaveLength(0);
    expect(hasEarlyButtons(empty)).toBe(false);

    const stored = page(storedKiosk());
    expect(paintFirstFrame(stored, SETTINGS)).toBe(true);
    expect(screen.getByRole('heading', { name: 'Welcome to Maple Court!' })).toBeInTheDocument();
    expect(stored.addEventListener).toHaveBeenCalledWith('keydown', expect.any(Function));
    expect(hasEarlyButtons(stored)).toBe(true);
    // Painted once: a second run (the script loaded twice) leaves the root alone.
    expect(paintFirstFrame(stored, SETTINGS)).toBe(false);
    takeEarlyButtons(stored);
    expect(stored.removeEventListener).toHaveBeenCalledWith('keydown', expect.any(Function));
  });
});
