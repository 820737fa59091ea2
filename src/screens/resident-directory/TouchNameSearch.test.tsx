import { fireEvent, screen, within } from '@testing-library/react';
import { resident } from '../../testing/testResidents';
import { withApiServer } from '../../testing/apiServer';
import { rawProperty } from '../../testing/fixtures';
import { renderKiosk } from '../../testing/renderKiosk';
import { tap } from '../../testing/tap';

withApiServer();

const RESIDENTS = [
  resident(1, 'José Núñez', { directory_sort_name: 'Núñez, José' }),
  resident(2, 'Joanna Baker', { directory_sort_name: 'Baker, Joanna' }),
  resident(3, 'Bob Jones', { directory_sort_name: 'Jones, Bob' }),
  resident(4, 'Zoe Quinn', { directory_sort_name: 'Quinn, Zoe', enable_directory_listing: false }),
];

const openSearch = (residents = RESIDENTS) => {
  const view = renderKiosk({ route: '/resident-directory', model: 'TOUCH', property: rawProperty({ residents }) });
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
  return view;
};
const keyboard = () => within(screen.getByRole('group', { name: 'Letters of the name' }));
const key = (name: string) => keyboard().getByRole('button', { name });
const typeName = (letters: string) => [...letters].forEach((letter) => tap(key(letter)));
const typed = () => screen.getByRole('status', { name: 'Name typed' }).textContent;
const listed = () => [...screen.getByTestId('directory-list').querySelectorAll('.directory-resident')].map((row) => row.textContent?.trim());

describe('name search on TOUCH', () => {
  it('Search opens a keyboard of A-Z and a key to delete a letter, in place of the A-Z bar', () => {
    openSearch();
    expect(keyboard().getAllByRole('button').map((button) => button.textContent)).toEqual([...'ABCDEFGHIJKLMNOPQRSTUVWXYZ', '⌫']);
    expect(screen.queryByRole('navigation', { name: 'Jump to letter' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Search' })).not.toBeInTheDocument();
    expect(typed()).toBe('Type the first letters of a name');
    expect(screen.getByText('Tap a resident to call')).toBeInTheDocument();
    expect(listed()).toEqual(['Joanna Baker', 'Bob Jones', 'José Núñez']);
  });

  it('filters as letters are typed, on any word of the name, ignoring case and accents', () => {
    openSearch();
    typeName('JO');
    expect(typed()).toBe('JO');
    expect(listed()).toEqual(['Joanna Baker', 'Bob Jones', 'José Núñez']);
    typeName('S');
    expect(listed()).toEqual(['José Núñez']);
    typeName('E');
    expect(typed()).toBe('JOSE');
    expect(listed()).toEqual(['José Núñez']);
    fireEvent.click(screen.getByRole('button', { name: 'José Núñez' }));
    expect(screen.getByTestId('location').textContent).toBe('/call?resident=1');
  });

  it('finds a name by a later word, accents and all', () => {
    openSearch();
    typeName('NUN');
    expect(listed()).toEqual(['José Núñez']);
  });

  it('disables the letters that would leave nobody listed: marked, out of Tab, and a tap on one does nothing', () => {
    openSearch();
    expect(key('Z')).toHaveAttribute('aria-disabled', 'true'); // Zoe Quinn is not listed
    expect(key('Q')).toHaveAttribute('aria-disabled', 'true');
    expect(key('B')).not.toHaveAttribute('aria-disabled');
    typeName('JO');
    expect(['A', 'N', 'S'].map((letter) => key(letter).getAttribute('aria-disabled'))).toEqual([null, null, null]);
    expect(key('X')).toHaveAttribute('aria-disabled', 'true');
    expect(key('X')).toHaveAttribute('tabindex', '-1');
    tap(key('X'));
    expect(typed()).toBe('JO');
    expect(listed()).toHaveLength(3);
  });

  it('⌫ deletes the last letter; it is disabled while nothing is typed', () => {
    openSearch();
    const erase = key('Delete the last letter');
    expect(erase).toHaveAttribute('aria-disabled', 'true');
    typeName('JOS');
    tap(erase);
    expect(typed()).toBe('JO');
    expect(listed()).toHaveLength(3);
  });

  it('Clear returns to the full list and its A-Z bar', () => {
    openSearch();
    typeName('JOS');
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(listed()).toEqual(['Joanna Baker', 'Bob Jones', 'José Núñez']);
    expect(screen.getByRole('navigation', { name: 'Jump to letter' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Letters of the name' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Search' })).toBeInTheDocument();
  });

  it('shows the matches from their top, wherever the list was scrolled', () => {
    const residents = ['A', 'B', 'C', 'D'].flatMap((letter, g) =>
      Array.from({ length: 20 }, (_, i) => resident(g * 100 + i + 1, `${letter}name ${String(i).padStart(2, '0')}`)),
    );
    renderKiosk({ route: '/resident-directory', model: 'TOUCH', property: rawProperty({ residents }) });
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Jump to letter' })).getByRole('button', { name: 'D' }));
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    typeName('C');
    expect(listed()[0]).toBe('Cname 00');
    expect(screen.getByRole('button', { name: 'Page up' })).toBeDisabled();
  });

  it('says how to search when the keyboard opens, and stops saying it when it closes', () => {
    const { services } = openSearch();
    const said = services.speech.say.mock.calls.map(([clips]) => clips);
    expect(said).toEqual([['directoryTouch'], ['directorySearch']]);
    const stop = services.speech.say.mock.results[1]?.value as ReturnType<typeof vi.fn>;
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(stop).toHaveBeenCalled();
  });

  it('offers no search in a directory with nobody listed', () => {
    renderKiosk({ route: '/resident-directory', model: 'TOUCH', property: rawProperty({ residents: [] }) });
    expect(screen.getByText('No residents are listed.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Search' })).not.toBeInTheDocument();
  });
});
