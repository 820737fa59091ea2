import { screen } from '@testing-library/react';
import { takeEarlyButtons } from '../services/input/earlyButtons';
import { FIRST_FRAME_SETTINGS, firstFramePage, storedKiosk } from '../testing/firstFramePage';
import { renderKiosk } from '../testing/renderKiosk';
import { codeEntryFrame, opensCodeEntry } from './codeEntryFrame';
import { paintFirstFrame, startingHome, type StartingHome } from './firstFrame';

const homeOf = (storage: Storage, search = '') => startingHome(storage, { pathname: '/', search }, FIRST_FRAME_SETTINGS) as StartingHome;
const opens = (storage: Storage, button: Parameters<typeof opensCodeEntry>[2] = '7', search = '') => opensCodeEntry(storage, homeOf(storage, search), button);
const stored = (storage: Storage, item: string, value: unknown) => {
  storage.setItem(`gate-kiosk:${item}`, typeof value === 'string' ? value : JSON.stringify(value));
  return storage;
};

describe("the first frame's code entry", () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('is code entry exactly as the kiosk renders it after that digit, so the kiosk takes over without a change', () => {
    for (const model of ['GEN2', 'GEN3'] as const) {
      const frame = codeEntryFrame(document, homeOf(storedKiosk({ model })), '7');
      const { unmount } = renderKiosk({ route: '/enter-code?initialCode=7', model });
      expect(frame.outerHTML).toBe(document.querySelector('main.enter-code')?.outerHTML);
      unmount();
    }
    expect(codeEntryFrame(document, homeOf(storedKiosk({ device: { language: 'es' } })), '7').textContent).toBe('Ingrese un código numérico*----Presione Back para cancelar');
  });

  it('opens where home would open code entry with a digit, and only there', () => {
    expect(opens(storedKiosk())).toBe(true);
    expect(opens(storedKiosk(), 'UP')).toBe(false);
    expect(opens(storedKiosk(), 'GO')).toBe(false);
    // The device's numeric codes off; anything but true is left to the kiosk's reading.
    expect(opens(storedKiosk({ device: { enable_numeric_codes: false } }))).toBe(false);
    expect(opens(storedKiosk({ device: { enable_numeric_codes: 1 } }))).toBe(false);
    // TOUCH, stored or in the address: its code entry has a keypad. The address wins over storage, as in the kiosk.
    expect(opens(storedKiosk({ model: 'TOUCH' }))).toBe(false);
    expect(opens(storedKiosk(), '7', '?model=TOUCH')).toBe(false);
    expect(opens(storedKiosk({ model: 'TOUCH' }), '7', '?model=GEN1')).toBe(true);
    expect(opens(storedKiosk({ model: 'TOUCH' }), '7', '?model=NOPE')).toBe(true);
  });

  it('does not open while a notification would cover home, or codes may be locked', () => {
    expect(opens(stored(storedKiosk(), 'notifications', { version: 2, state: { items: [] } }))).toBe(true);
    expect(opens(stored(storedKiosk(), 'notifications', { version: 2, state: { items: [{ status: 'SUCCESS', title: 'Access Granted!' }] } }))).toBe(false);
    expect(opens(stored(storedKiosk(), 'notifications', '{"version":2,'))).toBe(false);
    const clock = { elapsed: 1000, wallAt: 1000 };
    expect(opens(stored(storedKiosk(), 'codeLock', { version: 3, state: { clock, refusedAt: [900], lockedAt: [], lock: null } }))).toBe(true);
    expect(opens(stored(storedKiosk(), 'codeLock', { version: 3, state: { clock, refusedAt: [], lockedAt: [900], lock: { since: 900, until: 60900, number: 1 } } }))).toBe(false);
    expect(opens(stored(storedKiosk(), 'codeLock', { version: 3, state: null }))).toBe(false);
    expect(opens(stored(storedKiosk(), 'codeLock', 'locked'))).toBe(false);
  });

  it('replaces the welcome at the first press when that is a digit, and keeps every press for the kiosk', () => {
    const { win, press } = firstFramePage(storedKiosk());
    paintFirstFrame(win, FIRST_FRAME_SETTINGS);
    press('4');
    expect(screen.queryByRole('heading', { name: 'Welcome to Maple Court!' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Enter a numeric code' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Code entered' })).toHaveTextContent('*----');
    // The next digits wait for the kiosk: it shows them as it takes them, never fewer than shown here.
    press('2');
    expect(screen.getByRole('status', { name: 'Code entered' })).toHaveTextContent('*----');
    expect(takeEarlyButtons(win)).toEqual(['4', '2']);
  });

  it('stays on the welcome when the first press is not a digit, or home would not take it', () => {
    const first = firstFramePage(storedKiosk());
    paintFirstFrame(first.win, FIRST_FRAME_SETTINGS);
    first.press('ArrowDown');
    first.press('4');
    expect(screen.getByRole('heading', { name: 'Welcome to Maple Court!' })).toBeInTheDocument();
    expect(takeEarlyButtons(first.win)).toEqual(['DOWN', '4']);

    const touch = firstFramePage(storedKiosk(), '?model=TOUCH');
    paintFirstFrame(touch.win, FIRST_FRAME_SETTINGS);
    touch.press('4');
    expect(screen.getByRole('heading', { name: 'Welcome to Maple Court!' })).toBeInTheDocument();
    expect(takeEarlyButtons(touch.win)).toEqual(['4']);
  });

  it('keeps the press when reading storage fails at the key', () => {
    const storage = storedKiosk();
    const { win, press } = firstFramePage(storage);
    paintFirstFrame(win, FIRST_FRAME_SETTINGS);
    storage.getItem = () => {
      throw new Error('storage gone');
    };
    press('4');
    expect(screen.getByRole('heading', { name: 'Welcome to Maple Court!' })).toBeInTheDocument();
    expect(takeEarlyButtons(win)).toEqual(['4']);
  });
});
