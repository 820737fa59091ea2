import { screen } from '@testing-library/react';
import { hasEarlyButtons, takeEarlyButtons } from '../services/input/earlyButtons';
import { createMemoryStorage } from '../testing/memoryStorage';
import { FIRST_FRAME_SETTINGS as SETTINGS, firstFramePage as page, storedKiosk } from '../testing/firstFramePage';
import { renderKiosk } from '../testing/renderKiosk';
import { paintFirstFrame, startingHome, welcomeFrame } from './firstFrame';

const HOME = { pathname: '/', search: '' };

const welcome = (storage: Storage, at: { pathname: string; search: string } = HOME, settings = SETTINGS) => {
  const home = startingHome(storage, at, settings);
  return home && welcomeFrame(document, home);
};
const header = (frame: HTMLElement | null) => frame?.querySelector('header')?.outerHTML;

describe('the first frame', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it("is home's header exactly as the kiosk renders it, so the kiosk takes over without a change", () => {
    const frame = welcome(storedKiosk());
    renderKiosk();
    expect(frame?.className).toBe('screen home');
    expect(header(frame)).toBe(screen.getByRole('heading', { name: 'Welcome to Maple Court!' }).closest('header')?.outerHTML);
  });

  it("speaks the device's language, else the build's", () => {
    const title = (storage: Storage, defaultLanguage: 'en' | 'es' = 'en') => welcome(storage, HOME, { ...SETTINGS, defaultLanguage })?.querySelector('h1')?.textContent;
    expect(title(storedKiosk({ device: { language: 'es' } }))).toBe('¡Bienvenido a Maple Court!');
    expect(title(storedKiosk(), 'es')).toBe('¡Bienvenido a Maple Court!');
    expect(title(storedKiosk())).toBe('Welcome to Maple Court!');
  });

  it('is not painted when the kiosk will not start on home', () => {
    // No token stored nor given: the installer's message. Another version of the parts: the kiosk brings them up first.
    expect(welcome(storedKiosk({ token: null }))).toBeNull();
    expect(welcome(storedKiosk({ version: 1 }))).toBeNull();
    expect(welcome(createMemoryStorage() as unknown as Storage, { pathname: '/', search: '?token=new' })).toBeNull();
    const unreadable = storedKiosk();
    unreadable.setItem('gate-kiosk:propertyCore', '{"version":2,');
    expect(welcome(unreadable)).toBeNull();
    // A reload onto another screen (the back end's refresh while the directory shows) starts there.
    expect(welcome(storedKiosk(), { pathname: '/resident-directory', search: '' })).toBeNull();
    expect(welcome(storedKiosk(), { pathname: '/enter-code', search: '?initialCode=4' })).toBeNull();
    // A token in the address is enough with a stored property; an empty one is none.
    expect(welcome(storedKiosk({ token: null }), { pathname: '/', search: '?token=new&model=GEN2' })).not.toBeNull();
    expect(welcome(storedKiosk({ token: null }), { pathname: '/', search: '?token=&model=GEN2' })).toBeNull();
  });

  it('paints into the empty root and keeps the presses from then; nothing without a stored property', () => {
    const empty = page(createMemoryStorage() as unknown as Storage).win;
    expect(paintFirstFrame(empty, SETTINGS)).toBe(false);
    expect(document.getElementById('root')?.childNodes).toHaveLength(0);
    expect(hasEarlyButtons(empty)).toBe(false);

    const stored = page(storedKiosk()).win;
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
