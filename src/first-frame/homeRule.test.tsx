import { fireEvent, screen } from '@testing-library/react';
import { codeEntryFromHome } from '../features/home-links/homeLinks';
import { withApiServer } from '../testing/apiServer';
import { FIRST_FRAME_SETTINGS, firstFramePage, storedKiosk } from '../testing/firstFramePage';
import { rawProperty } from '../testing/fixtures';
import { renderKiosk } from '../testing/renderKiosk';
import { paintFirstFrame } from './firstFrame';

// The rule itself, with a spy on it: each caller must do what it answers, whatever it answers.
vi.mock('../features/home-links/homeLinks', async (importOriginal) => {
  const real = await importOriginal<typeof import('../features/home-links/homeLinks')>();
  return { ...real, codeEntryFromHome: vi.fn(real.codeEntryFromHome) };
});
const rule = vi.mocked(codeEntryFromHome);

withApiServer();

/** Whether HomeScreen, on a GEN2 panel with this device flag, opens code entry with the digit typed. */
function homeScreenOpens(numericCodes: boolean) {
  const base = rawProperty();
  const { unmount } = renderKiosk({ property: { ...base, device: { ...base.device, enable_numeric_codes: numericCodes } } });
  fireEvent.keyDown(window, { key: '7' });
  const opened = screen.getByTestId('location').textContent === '/enter-code?initialCode=7';
  unmount();
  return opened;
}

/** Whether the first frame, on the same panel as stored, replaces the welcome with code entry for the digit. */
function firstFrameOpens(numericCodes: boolean) {
  const { win, press } = firstFramePage(storedKiosk({ device: { enable_numeric_codes: numericCodes } }));
  paintFirstFrame(win, FIRST_FRAME_SETTINGS);
  press('7');
  const opened = screen.queryByRole('heading', { name: 'Enter a numeric code' }) !== null;
  document.body.innerHTML = '';
  return opened;
}

describe("home's digit rule (codeEntryFromHome)", () => {
  it('is asked by HomeScreen and by the first frame, with what each knows of home', () => {
    expect([homeScreenOpens(true), firstFrameOpens(true)]).toEqual([true, true]);
    const asked = { device: expect.objectContaining({ enable_numeric_codes: true }), notificationShowing: false, codesLocked: false };
    expect(rule.mock.calls).toEqual([
      ['7', asked],
      ['7', asked],
    ]);
  });

  it('decides for both: neither opens code entry where it says no, and both do where it says yes', () => {
    rule.mockReturnValue(null);
    expect([homeScreenOpens(true), firstFrameOpens(true)]).toEqual([false, false]);
    rule.mockReturnValue({ typed: '7' });
    expect([homeScreenOpens(false), firstFrameOpens(false)]).toEqual([true, true]);
  });
});
