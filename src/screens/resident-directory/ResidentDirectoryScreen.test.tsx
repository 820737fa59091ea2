import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resident } from '../../testing/testResidents';
import { withApiServer } from '../../testing/apiServer';
import { fakeGamepad } from '../../testing/fakeGamepad';
import { rawProperty } from '../../testing/fixtures';
import { renderKiosk } from '../../testing/renderKiosk';
import { tap } from '../../testing/tap';

withApiServer();

const location = () => screen.getByTestId('location').textContent;
const press = (key: string) => fireEvent.keyDown(window, { key });
const type = (keys: string) => [...keys].forEach(press);
const slots = () => screen.getByRole('status', { name: 'Lookup code' }).textContent;
const page = () => screen.getByLabelText(/^Page \d+$/);

const propertyWith = (residents: ReturnType<typeof resident>[]) => rawProperty({ residents });
/** 45 listed 'A' residents (lookup codes 1001..1045) plus one hidden: three 20-row pages on button models. */
const fortyFive = () =>
  propertyWith([
    ...Array.from({ length: 45 }, (_, i) => resident(i + 1, `Adams ${String(i).padStart(2, '0')}`)),
    resident(99, 'Hidden Person', { enable_directory_listing: false }),
  ]);

describe('resident directory on a button model', () => {
  it('shows the title, the prompt, lookup codes and names in two columns of a 20-row page', () => {
    renderKiosk({ route: '/resident-directory', property: fortyFive() });
    expect(screen.getByRole('heading', { level: 1, name: 'call resident' })).toBeInTheDocument();
    expect(screen.getByText('Enter a number to call a resident')).toBeInTheDocument();
    expect(slots()).toBe('----');
    const columns = page().querySelectorAll('.directory-column');
    expect(columns).toHaveLength(2);
    columns.forEach((column) => expect(column.children).toHaveLength(10));
    expect(screen.getByRole('button', { name: '1001 Adams 00' })).toBeInTheDocument();
    expect(screen.queryByText('Hidden Person')).not.toBeInTheDocument();
  });

  it('pages with DOWN and UP, with the more arrows only where there is more', async () => {
    renderKiosk({ route: '/resident-directory', property: fortyFive() });
    expect(page()).toHaveAccessibleName('Page 1');
    expect(screen.getByText('▼ for more')).toBeVisible();
    expect(screen.getByText('▲ for more')).not.toBeVisible();
    press('ArrowDown');
    await waitFor(() => expect(page()).toHaveAccessibleName('Page 2'));
    expect(screen.getByRole('button', { name: '1019 Adams 18' })).toBeInTheDocument();
    expect(screen.getByText('▲ for more')).toBeVisible();
    press('PageDown');
    press('PageDown');
    await waitFor(() => expect(page()).toHaveAccessibleName('Page 3'));
    expect(screen.getByText('▼ for more')).not.toBeVisible();
    expect(screen.getByRole('button', { name: '1045 Adams 44' })).toBeInTheDocument();
    press('ArrowUp');
    await waitFor(() => expect(page()).toHaveAccessibleName('Page 2'));
    expect(screen.getByText('▼ for more')).toBeVisible();
  });

  it('renders the next page ahead, hidden and out of reach; DOWN shows that same page', async () => {
    renderKiosk({ route: '/resident-directory', property: fortyFive() });
    const nextRow = await screen.findByText('Adams 18');
    const ahead = nextRow.closest('.directory-sheet');
    expect(ahead).toHaveAttribute('aria-hidden', 'true');
    expect(ahead).toHaveAttribute('inert');
    expect(screen.queryByRole('button', { name: '1019 Adams 18' })).not.toBeInTheDocument();

    press('ArrowDown');
    // In the press: that page shown and the page before it hidden, by their classes, with the arrows of page 2.
    expect(ahead).toHaveClass('directory-page');
    expect(ahead).not.toHaveClass('directory-ahead');
    expect(screen.getByText('Adams 00').closest('.directory-sheet')).toHaveClass('directory-ahead');
    expect(screen.getByText('▲ for more')).toBeVisible();
    // No render in the press: React names it for assistive technology after that frame.
    expect(ahead).toHaveAttribute('aria-hidden', 'true');
    await waitFor(() => expect(page()).toBe(ahead));
    expect(screen.getByRole('button', { name: '1019 Adams 18' })).toBeInTheDocument();
    // Within reach again, and page 3 rendered ahead, once the turn has shown.
    await waitFor(() => expect(page()).not.toHaveAttribute('inert'));
    expect((await screen.findByText('Adams 44')).closest('.directory-sheet')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText('Adams 00').closest('.directory-sheet')).toHaveAttribute('inert');
    expect(screen.queryByRole('button', { name: '1001 Adams 00' })).not.toBeInTheDocument();
  });

  it('turns faster than React follows end on the page last asked for, with one page and its arrows shown', async () => {
    renderKiosk({ route: '/resident-directory', property: fortyFive() });
    await screen.findByText('Adams 18');
    // Page 2 is shown in the press; page 3 is not rendered yet, so React renders it in the next.
    press('ArrowDown');
    press('ArrowDown');
    await waitFor(() => expect(page()).toHaveAccessibleName('Page 3'));
    expect(document.querySelectorAll('.directory-page')).toHaveLength(1);
    expect(screen.getByText('▼ for more')).not.toBeVisible();
    press('ArrowUp');
    press('ArrowUp');
    await waitFor(() => expect(page()).toHaveAccessibleName('Page 1'));
    expect(document.querySelectorAll('.directory-page')).toHaveLength(1);
    expect(screen.getByText('▲ for more')).not.toBeVisible();
    expect(screen.getByText('▼ for more')).toBeVisible();
  });

  it('shows no arrows when everything fits on one page', () => {
    renderKiosk({ route: '/resident-directory' });
    for (const arrow of screen.getAllByText(/for more/)) expect(arrow).not.toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'A' })).toBeInTheDocument();
  });

  it("a lookup code's fourth digit calls the matching resident", () => {
    renderKiosk({ route: '/resident-directory' });
    type('010');
    expect(slots()).toBe('010-');
    type('1');
    expect(location()).toBe('/call?resident=11');
  });

  it('a lookup code with no match plays the error sound and clears the slots', () => {
    const { services } = renderKiosk({ route: '/resident-directory' });
    type('9999');
    expect(services.sound.play).toHaveBeenCalledWith('error');
    expect(slots()).toBe('----');
    expect(location()).toBe('/resident-directory');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('a hidden resident cannot be reached by lookup code', () => {
    const { services } = renderKiosk({
      route: '/resident-directory',
      property: propertyWith([resident(5, 'Hidden', { directory_lookup_code: '4321', enable_directory_listing: false })]),
    });
    type('4321');
    expect(services.sound.play).toHaveBeenCalledWith('error');
    expect(location()).toBe('/resident-directory');
  });

  it('tapping a row calls that resident', () => {
    renderKiosk({ route: '/resident-directory' });
    fireEvent.click(screen.getByRole('button', { name: '0101 Aaron Abbott' }));
    expect(location()).toBe('/call?resident=11');
  });

  it('BACK leaves', async () => {
    renderKiosk({ route: '/resident-directory' });
    press('Escape');
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('goes home after 60 s without input; any input restarts the wait', () => {
    vi.useFakeTimers();
    try {
      renderKiosk({ route: '/resident-directory', property: fortyFive() });
      act(() => void vi.advanceTimersByTime(59000));
      press('ArrowDown');
      act(() => void vi.advanceTimersByTime(59999));
      expect(location()).toBe('/resident-directory');
      act(() => void vi.advanceTimersByTime(1));
      expect(location()).toBe('/');
    } finally {
      vi.useRealTimers();
    }
  });

  it('paging with a gamepad is input too: the directory stays open 60 s after the last press', () => {
    vi.useFakeTimers();
    try {
      const gamepad = fakeGamepad();
      renderKiosk({ route: '/resident-directory', property: fortyFive() });
      act(() => void vi.advanceTimersByTime(50000));
      // Gamepad button 2 is DOWN.
      act(() => gamepad.press(2));
      act(() => void vi.advanceTimersByTime(100));
      expect(page()).toHaveAccessibleName('Page 2');
      act(() => void vi.advanceTimersByTime(58900));
      expect(location()).toBe('/resident-directory');
      act(() => void vi.advanceTimersByTime(1100));
      expect(location()).toBe('/');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('resident directory on TOUCH', () => {
  const letters = () => within(screen.getByRole('navigation', { name: 'Jump to letter' }));

  it('shows names without lookup codes, the touch prompt and ◀ CANCEL', async () => {
    renderKiosk({ route: '/resident-directory', model: 'TOUCH' });
    expect(screen.getByRole('heading', { level: 1, name: 'call resident' })).toBeInTheDocument();
    expect(screen.getByText('Tap a resident to call')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Aaron Abbott' })).toBeInTheDocument();
    expect(screen.queryByText('0101')).not.toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Lookup code' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '◀ CANCEL' }));
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('has A-Z, disabled for letters no listed resident starts with', () => {
    renderKiosk({
      route: '/resident-directory',
      model: 'TOUCH',
      property: propertyWith([resident(1, 'Abbott'), resident(2, 'élan'), resident(3, 'Quinn', { enable_directory_listing: false })]),
    });
    expect(letters().getAllByRole('button')).toHaveLength(26);
    expect(letters().getByRole('button', { name: 'A' })).toBeEnabled();
    expect(letters().getByRole('button', { name: 'E' })).toBeEnabled();
    expect(letters().getByRole('button', { name: 'Q' })).toBeDisabled();
    expect(letters().getByRole('button', { name: 'Z' })).toBeDisabled();
  });

  it('tapping a letter brings its heading into view; page buttons are disabled at the ends', () => {
    const residents = ['A', 'B', 'C', 'D'].flatMap((letter, g) =>
      Array.from({ length: 20 }, (_, i) => resident(g * 100 + i + 1, `${letter}name ${String(i).padStart(2, '0')}`)),
    );
    renderKiosk({ route: '/resident-directory', model: 'TOUCH', property: propertyWith(residents) });
    const pageUp = screen.getByRole('button', { name: 'Page up' }) as HTMLButtonElement;
    const pageDown = screen.getByRole('button', { name: 'Page down' }) as HTMLButtonElement;
    expect(pageUp).toBeDisabled();
    expect(pageDown).toBeEnabled();
    expect(screen.queryByRole('heading', { level: 2, name: 'D' })).not.toBeInTheDocument();

    fireEvent.click(letters().getByRole('button', { name: 'D' }));
    expect(screen.getByRole('heading', { level: 2, name: 'D' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'A' })).not.toBeInTheDocument();
    expect(pageUp).toBeEnabled();

    for (let i = 0; i < 10 && !pageDown.disabled; i += 1) fireEvent.click(pageDown);
    expect(pageDown).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Dname 19' })).toBeInTheDocument();
    for (let i = 0; i < 20 && !pageUp.disabled; i += 1) fireEvent.click(pageUp);
    expect(pageUp).toBeDisabled();
    expect(screen.getByRole('heading', { level: 2, name: 'A' })).toBeInTheDocument();
  });

  it('renders only the rows in view of a 5,000-resident directory', () => {
    const residents = Array.from({ length: 5000 }, (_, i) => resident(i + 1, `Resident ${String(i).padStart(4, '0')}`));
    renderKiosk({ route: '/resident-directory', model: 'TOUCH', property: propertyWith(residents) });
    const rendered = screen.getByTestId('directory-list').querySelectorAll('.directory-row');
    expect(rendered.length).toBeGreaterThan(5);
    expect(rendered.length).toBeLessThan(40);
  });

  it('goes home after 60000 ms without a tap; a tap on a page button or a finger on the list restarts the wait', () => {
    vi.useFakeTimers();
    try {
      renderKiosk({ route: '/resident-directory', model: 'TOUCH', property: fortyFive() });
      act(() => void vi.advanceTimersByTime(50000));
      tap(screen.getByRole('button', { name: 'Page down' }));
      act(() => void vi.advanceTimersByTime(50000));
      fireEvent.touchStart(screen.getByTestId('directory-list'));
      act(() => void vi.advanceTimersByTime(59999));
      expect(location()).toBe('/resident-directory');
      act(() => void vi.advanceTimersByTime(1));
      expect(location()).toBe('/');
    } finally {
      vi.useRealTimers();
    }
  });

  it('tapping a row calls that resident', () => {
    renderKiosk({ route: '/resident-directory', model: 'TOUCH' });
    fireEvent.click(screen.getByRole('button', { name: 'Aaron Abbott' }));
    expect(location()).toBe('/call?resident=11');
  });
});

describe('picking whom a delivery is for (docs/rules.md#r2-5-11)', () => {
  const withDeliveries = (on: boolean) => ({ ...fortyFive(), device: { ...rawProperty().device, enable_deliveries: on } });

  it('says so, and the lookup code places a delivery call', () => {
    renderKiosk({ route: '/resident-directory?reason=delivery', property: withDeliveries(true) });
    expect(screen.getByRole('heading', { level: 1, name: 'call resident' })).toBeInTheDocument();
    expect(screen.getByText('Delivery: who is it for?')).toBeInTheDocument();
    type('1002');
    expect(location()).toBe('/call?resident=2&reason=delivery');
  });

  it('TOUCH: a tap places a delivery call', () => {
    renderKiosk({ route: '/resident-directory?reason=delivery', model: 'TOUCH', property: withDeliveries(true) });
    tap(screen.getByRole('button', { name: 'Adams 01' }));
    expect(location()).toBe('/call?resident=2&reason=delivery');
  });

  it('with deliveries off it is the plain directory', () => {
    renderKiosk({ route: '/resident-directory?reason=delivery', property: withDeliveries(false) });
    expect(screen.queryByText('Delivery: who is it for?')).not.toBeInTheDocument();
    type('1002');
    expect(location()).toBe('/call?resident=2');
  });
});
