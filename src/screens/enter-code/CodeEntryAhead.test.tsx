import { act, fireEvent, screen } from '@testing-library/react';
import { withApiServer } from '../../testing/apiServer';
import { renderKiosk } from '../../testing/renderKiosk';
import { shownScreens } from '../../testing/shownScreens';
import { rawProperty } from '../../testing/fixtures';
import { parsePropertyResponse } from '../../features/property/parsePropertyResponse';
import { propertyLoaded } from '../../features/property/propertySlice';

withApiServer();

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const press = (key: string) => fireEvent.keyDown(window, { key });
const type = (keys: string) => [...keys].forEach(press);
const location = () => screen.getByTestId('location').textContent;
const slots = () => screen.getByRole('status', { name: 'Code entered' }).textContent;
const screens = shownScreens;

async function idle(ms: number) {
  await act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
}

/** Every time code entry ahead was added or its class changed: what it held then, whether it was painted (not yet kept) and shown. */
function recordAhead() {
  const seen: { text: string; hidden: string | null; inert: boolean; heading: string | undefined; painted: boolean; shown: boolean }[] = [];
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      const nodes = record.type === 'attributes' ? [record.target] : [...record.addedNodes];
      for (const node of nodes) {
        if (!(node instanceof HTMLElement) || !node.classList.contains('code-entry-ahead')) continue;
        seen.push({
          text: node.textContent ?? '',
          hidden: node.getAttribute('aria-hidden'),
          inert: node.hasAttribute('inert'),
          heading: node.querySelector('h1')?.textContent ?? undefined,
          painted: !node.classList.contains('code-entry-kept'),
          shown: node.classList.contains('code-entry-shown'),
        });
      }
    }
  });
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] });
  onTestFinished(() => observer.disconnect());
  return seen;
}

// First: painting happens once a page, and the module is the page here.
it('renders code entry with home once idle, hidden from assistive technology and inert: painted for one frame once a page, then kept as a layer; not where codes are off', async () => {
  const seen = recordAhead();
  const base = rawProperty();
  const { store } = renderKiosk({ property: { ...base, device: { ...base.device, enable_numeric_codes: false } } });
  await idle(2_000);
  expect(seen).toEqual([]);

  const parsed = parsePropertyResponse(base);
  act(() => void store.dispatch(propertyLoaded({ data: parsed.data, twimlToken: parsed.twimlToken })));
  expect(seen).toEqual([]);
  // Idle callbacks come at their 2 s deadline here.
  await idle(2_000);
  const drawn = { text: 'Enter a numeric code*----Press Back to cancel', hidden: 'true', inert: true, heading: 'Enter a numeric code', shown: false };
  expect(seen).toEqual([{ ...drawn, painted: true }]);
  await idle(200);
  expect(seen).toEqual([{ ...drawn, painted: true }, { ...drawn, painted: false }]);
  expect(document.querySelector('.code-entry-ahead')?.className).toBe('code-entry-ahead code-entry-kept');
  // The visitor sees home all along, and nothing of code entry is reachable.
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome to Maple Court!');

  // The first digit shows it; React's code entry over home takes its place, and the layer is transparent again under it.
  press('1');
  await Promise.resolve(); // the observer's records
  expect(seen).toHaveLength(3);
  expect(seen[2]).toEqual({ ...drawn, painted: false, shown: true });
  await idle(200);
  expect(location()).toBe('/enter-code?initialCode=1');
  expect(seen.slice(3)).toEqual([{ ...drawn, painted: false }]);
  // Home again: the same layer, kept with home, ready for the next digit.
  press('Escape');
  await idle(200);
  expect(location()).toBe('/');
  expect(seen).toHaveLength(4);
  expect(document.querySelector('.code-entry-ahead')?.className).toBe('code-entry-ahead code-entry-kept');
});

describe("home's digit once code entry is rendered ahead", () => {
  it('shows it in the key press over home, and React renders that same code entry in the task after that frame', async () => {
    renderKiosk();
    await idle(2_200);
    const layer = document.querySelector('.code-entry-ahead');
    press('4');
    // Home still under it: the layer's view is what React renders next, to the character.
    expect(location()).toBe('/');
    expect(screens()).toEqual(['screen home']);
    expect(layer?.className).toBe('code-entry-ahead code-entry-kept code-entry-shown');
    expect(layer?.querySelector('[role="status"]')?.textContent).toBe('*----');
    const shown = layer?.querySelector('main')?.outerHTML;
    await idle(100);
    expect(location()).toBe('/enter-code?initialCode=4');
    expect(screens()).toEqual(['screen enter-code']);
    expect(layer?.className).toBe('code-entry-ahead code-entry-kept');
    expect(document.querySelector('.screen-over main.enter-code')?.outerHTML).toBe(shown);
    type('000');
    expect(slots()).toBe('****-');
  });

  it('hands a press made while the layer shows to React\'s code entry: a whole code typed at once opens the gate', async () => {
    const { services } = renderKiosk();
    await idle(2_200);
    type('10001');
    expect(services.hardware.openGate).toHaveBeenCalledWith('10001');
    expect(screen.getByRole('alertdialog')).toHaveTextContent('Access Granted!You can now enter');
    expect(screens()).toEqual(['screen enter-code']);
  });

  it('BACK while the layer shows goes home, as it does from code entry', async () => {
    renderKiosk();
    await idle(2_200);
    type('4');
    press('Escape');
    await idle(100);
    expect(location()).toBe('/');
    expect(screens()).toEqual(['screen home']);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome to Maple Court!');
  });

  it('on TOUCH (a keypad), code entry is React\'s at once', async () => {
    const touch = renderKiosk({ model: 'TOUCH' });
    await idle(2_200);
    press('4');
    expect(location()).toBe('/enter-code?initialCode=4');
    expect(screens()).toEqual(['screen enter-code enter-code-touch']);
    touch.unmount();
  });
});
