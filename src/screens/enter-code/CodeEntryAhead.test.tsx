import { act, fireEvent, screen } from '@testing-library/react';
import { withApiServer } from '../../testing/apiServer';
import { renderKiosk } from '../../testing/renderKiosk';
import { rawProperty } from '../../testing/fixtures';
import { parsePropertyResponse } from '../../features/property/parsePropertyResponse';
import { propertyLoaded } from '../../features/property/propertySlice';

withApiServer();

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const press = (key: string) => fireEvent.keyDown(window, { key });
const location = () => screen.getByTestId('location').textContent;

async function idle(ms: number) {
  await act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
}

/** Every copy of code entry drawn ahead: when it was added, and what it held then. */
function recordDrawnAhead() {
  const drawn: { text: string; hidden: string | null; inert: boolean; heading: string | undefined }[] = [];
  const observer = new MutationObserver((records) => {
    for (const node of records.flatMap((record) => [...record.addedNodes])) {
      if (node instanceof HTMLElement && node.classList.contains('code-entry-ahead')) {
        drawn.push({ text: node.textContent ?? '', hidden: node.getAttribute('aria-hidden'), inert: node.hasAttribute('inert'), heading: node.querySelector('h1')?.textContent ?? undefined });
      }
    }
  });
  observer.observe(document.body, { childList: true, subtree: true });
  onTestFinished(() => observer.disconnect());
  return drawn;
}

// One test: what is drawn is drawn once a page, and the module is the page here.
it('draws code entry once a page, under home once idle, hidden and inert, gone after its frame; not where codes are off', async () => {
  const drawn = recordDrawnAhead();
  const base = rawProperty();
  const { store } = renderKiosk({ property: { ...base, device: { ...base.device, enable_numeric_codes: false } } });
  await idle(2_000);
  expect(drawn).toEqual([]);

  const parsed = parsePropertyResponse(base);
  act(() => void store.dispatch(propertyLoaded({ data: parsed.data, twimlToken: parsed.twimlToken })));
  expect(drawn).toEqual([]);
  await idle(2_000);
  expect(drawn).toEqual([{ text: expect.stringContaining('Press Back to cancel'), hidden: 'true', inert: true, heading: 'Enter a numeric code' }]);
  // Idle callbacks come at their 2 s deadline here: it is in the page now, and gone a frame later.
  expect(document.querySelector('.code-entry-ahead')).not.toBeNull();
  await idle(200);
  expect(document.querySelector('.code-entry-ahead')).toBeNull();
  // The visitor sees home all along, and nothing of code entry is reachable.
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome to Maple Court!');

  // Home again later on the same page: not drawn again.
  press('1');
  expect(location()).toBe('/enter-code?initialCode=1');
  press('Escape');
  expect(location()).toBe('/');
  await idle(2_000);
  expect(drawn).toHaveLength(1);
});
