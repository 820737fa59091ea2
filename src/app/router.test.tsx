import { act, fireEvent, screen } from '@testing-library/react';
import { writeAddressAhead } from '../screens/home/useCodeEntryAtOnce';
import { withApiServer } from '../testing/apiServer';
import { renderKiosk } from '../testing/renderKiosk';

withApiServer();

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const here = () => window.location.pathname + window.location.search;
const shown = () => screen.getByTestId('location').textContent;
const press = (key: string) => fireEvent.keyDown(window, { key });
const title = () => screen.getByRole('heading', { level: 1 }).textContent;

async function idle(ms: number) {
  await act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
}

describe("the kiosk's routes at the page's address", () => {
  it('shows the screen at the address with its query', () => {
    renderKiosk({ inPage: true, route: '/enter-code?initialCode=7' });
    expect(shown()).toBe('/enter-code?initialCode=7');
    expect(title()).toBe('Enter a numeric code');
    expect(screen.getByRole('status', { name: 'Code entered' })).toHaveTextContent('*----');
  });

  it.each(['/Enter-Code', '/enter-code/', '/scan-qr/x', '/admin?x=<script>'])('sends %s home in place of its address', (route) => {
    const before = window.history.length;
    renderKiosk({ inPage: true, route });
    expect(here()).toBe('/');
    expect(title()).toBe('Welcome to Maple Court!');
    expect(window.history.length).toBe(before);
  });

  it('a screen opened adds its address, one leaving it adds home; the browser going back is followed', () => {
    const before = window.history.length;
    renderKiosk({ inPage: true, route: '/' });
    fireEvent.click(screen.getByRole('link', { name: /Scan a QR code/ }));
    expect(here()).toBe('/scan-qr');
    press('Escape');
    expect(here()).toBe('/');
    expect(window.history.length).toBe(before + 2);
    act(() => {
      window.history.replaceState(null, '', '/enter-code?initialCode=7');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByRole('status', { name: 'Code entered' })).toHaveTextContent('*----');
  });
});

describe("code entry's address when its layer opens it", () => {
  /**
   * 4 typed on home once code entry is kept over it as a layer (painted
   * first, once a page); returns how many addresses the page had before.
   */
  async function fourOnLayer(): Promise<number> {
    const before = window.history.length;
    renderKiosk({ inPage: true, route: '/' });
    await idle(2_000);
    await idle(200);
    expect(document.querySelector('.code-entry-ahead')).toHaveClass('code-entry-kept');
    press('4');
    return before;
  }

  it("is added after the frame, with React's code entry", async () => {
    const before = await fourOnLayer();
    expect(here()).toBe('/');
    await idle(100);
    expect(here()).toBe('/enter-code?initialCode=4');
    expect(window.history.length).toBe(before + 1);
  });

  it('is written at once before a reload, and once: React then takes it in place', async () => {
    const before = await fourOnLayer();
    writeAddressAhead();
    writeAddressAhead();
    expect(here()).toBe('/enter-code?initialCode=4');
    expect(window.history.length).toBe(before + 1);
    await idle(100);
    expect(shown()).toBe('/enter-code?initialCode=4');
    expect(window.history.length).toBe(before + 1);
  });

  it('is not written once home has left for another screen', async () => {
    const before = await fourOnLayer();
    fireEvent.click(screen.getByRole('link', { name: /Scan a QR code/ }));
    writeAddressAhead();
    await idle(100);
    expect(here()).toBe('/scan-qr');
    expect(window.history.length).toBe(before + 1);
  });
});
