import { act, fireEvent, screen } from '@testing-library/react';
import { withApiServer } from '../testing/apiServer';
import { renderKiosk } from '../testing/renderKiosk';
import { shownScreens } from '../testing/shownScreens';
import { rawProperty } from '../testing/fixtures';
import { resident } from '../testing/testResidents';
import { prompts } from '../features/speech/prompts';

withApiServer();

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const press = (key: string) => fireEvent.keyDown(window, { key });
const location = () => screen.getByTestId('location').textContent;
const shown = shownScreens;
const homeLayer = () => document.querySelector('main.home')?.closest('.screen-layer');
const directoryLayer = () => document.querySelector('main.directory')?.closest('.screen-layer');
const page = () => screen.getByLabelText(/^Page \d+$/);
/** 45 residents: three 20-row pages. */
const fortyFive = () => rawProperty({ residents: Array.from({ length: 45 }, (_, i) => resident(i + 1, `A${String(i).padStart(2, '0')}`)) });

async function idle(ms: number) {
  await act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
}

describe('the directory rendered ahead over home', () => {
  it('waits over home once the page is idle: transparent, inert, hidden from assistive technology, taking no key', async () => {
    renderKiosk({ property: fortyFive() });
    expect(directoryLayer()).toBeUndefined();
    await idle(2_200);
    const layer = directoryLayer();
    expect(layer?.className).toBe('screen-layer screen-over screen-ahead');
    expect(layer?.getAttribute('aria-hidden')).toBe('true');
    expect(layer?.hasAttribute('inert')).toBe(true);
    expect(shown()).toEqual(['screen home']);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome to Maple Court!');
    // A lookup code typed on home is home's digit (code entry), not the directory's.
    press('1');
    await idle(100);
    expect(location()).toBe('/enter-code?initialCode=1');
  });

  it('DOWN on home shows it in the key press; React makes it the screen after the frame, and the next key turns its page', async () => {
    renderKiosk({ property: fortyFive() });
    await idle(2_200);
    const layer = directoryLayer();
    press('ArrowDown');
    expect(layer?.className).toBe('screen-layer screen-over');
    expect(location()).toBe('/');
    expect(homeLayer()?.className).toBe('screen-layer');
    await idle(100);
    expect(location()).toBe('/resident-directory');
    expect(directoryLayer()).toBe(layer);
    expect(layer?.hasAttribute('inert')).toBe(false);
    expect(layer?.hasAttribute('aria-hidden')).toBe(false);
    expect(homeLayer()?.className).toBe('screen-layer screen-covered');
    expect(shown()).toEqual(['screen directory']);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('call resident');
    press('ArrowDown');
    // Page 2 was rendered ahead: shown in the press, named by React after the frame.
    await idle(100);
    expect(page()).toHaveAccessibleName('Page 2');
  });

  it('a key pressed before React has taken over goes to the directory', async () => {
    renderKiosk({ property: fortyFive() });
    await idle(2_200);
    press('ArrowUp');
    press('ArrowDown');
    expect(location()).toBe('/resident-directory');
    expect(page()).toHaveAccessibleName('Page 2');
  });

  it('BACK makes it transparent over home in the key press; the next visit gets a new one, on its first page', async () => {
    renderKiosk({ property: fortyFive() });
    await idle(2_200);
    press('ArrowDown');
    await idle(100);
    press('ArrowDown');
    const visited = directoryLayer();
    press('Escape');
    expect(visited?.className).toBe('screen-layer screen-over screen-leaving');
    expect(homeLayer()?.className).toBe('screen-layer');
    expect(location()).toBe('/resident-directory');
    await idle(100);
    expect(location()).toBe('/');
    expect(visited?.isConnected).toBe(false);
    expect(shown()).toEqual(['screen home']);
    await idle(2_200);
    expect(directoryLayer()).not.toBe(visited);
    press('ArrowDown');
    await idle(100);
    expect(page()).toHaveAccessibleName('Page 1');
  });

  it('is not rendered ahead on TOUCH, whose directory no key opens', async () => {
    renderKiosk({ model: 'TOUCH' });
    await idle(2_200);
    expect(directoryLayer()).toBeUndefined();
  });
});

describe('home kept under code entry', () => {
  it('stays laid out, inert and hidden from assistive technology, and takes no key: digits are code entry\'s; BACK shows it in the key press', async () => {
    const { services } = renderKiosk({ route: '/enter-code' });
    await idle(2_200);
    expect(homeLayer()?.className).toBe('screen-layer screen-covered');
    expect(homeLayer()?.hasAttribute('inert')).toBe(true);
    expect(homeLayer()?.getAttribute('aria-hidden')).toBe('true');
    expect(shown()).toEqual(['screen enter-code']);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Enter a numeric code');
    // Only code entry's prompt was spoken.
    expect(services.speech.say.mock.calls.map(([clips]) => clips)).toEqual([prompts.enterCode('GEN2')]);
    press('2');
    expect(screen.getByRole('status', { name: 'Code entered' }).textContent).toBe('*----');
    expect(location()).toBe('/enter-code');
    const over = document.querySelector('.screen-over main.enter-code')?.closest('.screen-layer');
    press('Escape');
    expect(over?.className).toBe('screen-layer screen-over screen-leaving');
    expect(homeLayer()?.className).toBe('screen-layer');
    await idle(100);
    expect(location()).toBe('/');
    expect(over?.isConnected).toBe(false);
    expect(shown()).toEqual(['screen home']);
    expect(homeLayer()?.hasAttribute('inert')).toBe(false);
    expect(homeLayer()?.hasAttribute('aria-hidden')).toBe(false);
  });

  it('a digit pressed before React has gone home is home\'s: code entry again, with that digit', async () => {
    renderKiosk({ route: '/enter-code' });
    await idle(2_200);
    press('2');
    press('Escape');
    press('7');
    await idle(200);
    expect(location()).toBe('/enter-code?initialCode=7');
    expect(screen.getByRole('status', { name: 'Code entered' }).textContent).toBe('*----');
  });
});
