import { buildDirectoryAhead, directoryOf } from './directoryAhead';
import { resident } from '../../testing/testResidents';

/** Residents whose names sort in an order unlike their ids', some unlisted, some sharing a name (ties go by id). */
function shuffledResidents(count: number) {
  return Array.from({ length: count }, (_, index) => {
    const id = count - index;
    const name = `${'ZYXWVÉDCBA'[(index * 7) % 10]}name ${(index * 7919) % 97}`;
    return resident(id, name, { enable_directory_listing: index % 11 !== 0 });
  });
}

/** The directory's order as a plain sort of the listed residents makes it (the rules directoryModel.test.ts states). */
function sortedOnce(residents: ReturnType<typeof shuffledResidents>) {
  const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  const group = (name: string) => (name.startsWith('É') ? 'E' : name.charAt(0));
  return residents
    .filter((r) => r.enable_directory_listing)
    .sort((a, b) => group(a.directory_display_name).localeCompare(group(b.directory_display_name)) || collator.compare(a.directory_display_name, b.directory_display_name) || a.id - b.id)
    .map((r) => r.id);
}

/** A window whose idle callbacks run when the test says, with a clock that moves 1 ms at each reading. */
function idleWindow() {
  let now = 0;
  const callbacks = new Map<number, () => void>();
  let next = 1;
  const win = {
    performance: { now: () => (now += 1) },
    requestIdleCallback: (callback: () => void) => {
      callbacks.set(next, callback);
      return next++;
    },
    cancelIdleCallback: (id: number) => callbacks.delete(id),
  } as unknown as Window;
  const idle = () => {
    const [first] = callbacks;
    if (!first) return false;
    callbacks.delete(first[0]);
    first[1]();
    return true;
  };
  return { win, idle, pending: () => callbacks.size };
}

describe('the directory built ahead', () => {
  it('is built over several idle tasks into the same order as one sort, each listed resident once', () => {
    const residents = shuffledResidents(2000);
    const { win, idle } = idleWindow();
    buildDirectoryAhead(residents, win);
    let tasks = 0;
    while (idle()) tasks += 1;
    expect(tasks).toBeGreaterThan(1);
    expect(directoryOf(residents).entries.map((entry) => entry.id)).toEqual(sortedOnce(residents));
  });

  it('is finished at once when the directory opens before the idle tasks have built it', () => {
    const residents = shuffledResidents(1500);
    const { win, idle, pending } = idleWindow();
    buildDirectoryAhead(residents, win);
    idle();
    expect(directoryOf(residents).entries.map((entry) => entry.id)).toEqual(sortedOnce(residents));
    // The idle task still asked for finds the build taken over and does nothing more.
    while (idle());
    expect(pending()).toBe(0);
    expect(directoryOf(residents).entries.map((entry) => entry.id)).toEqual(sortedOnce(residents));
  });

  it('asks for no more idle time once stopped', () => {
    const residents = shuffledResidents(1500);
    const { win, idle, pending } = idleWindow();
    const stop = buildDirectoryAhead(residents, win);
    idle();
    stop();
    expect(pending()).toBe(0);
    expect(directoryOf(residents).entries).toHaveLength(sortedOnce(residents).length);
  });
});
