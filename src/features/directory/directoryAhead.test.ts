import { buildDirectoryAhead, directoryOf, isDirectoryBuilt } from './directoryAhead';
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

/**
 * A window whose idle callbacks run when the test says, with a clock that
 * moves 1 ms at each reading; `left` is the idle time each period's deadline
 * says remains (none: an engine that passes no deadline).
 */
function idleWindow(left: { ms: number } | null = null) {
  let now = 0;
  const callbacks = new Map<number, (deadline?: IdleDeadline) => void>();
  let next = 1;
  const win = {
    performance: { now: () => (now += 1) },
    requestIdleCallback: (callback: (deadline?: IdleDeadline) => void) => {
      callbacks.set(next, callback);
      return next++;
    },
    cancelIdleCallback: (id: number) => callbacks.delete(id),
  } as unknown as Window;
  const deadline = left && ({ didTimeout: false, timeRemaining: () => left.ms } as IdleDeadline);
  const idle = () => {
    const [first] = callbacks;
    if (!first) return false;
    callbacks.delete(first[0]);
    first[1](deadline ?? undefined);
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

  it('goes on in the tasks that follow while its idle period lasts, and waits for the next one once it has ended', async () => {
    const residents = shuffledResidents(2000);
    const left = { ms: 30 };
    const { win, idle, pending } = idleWindow(left);
    buildDirectoryAhead(residents, win);
    expect(idle()).toBe(true);
    // More slices, each in a task of its own, with no idle callback asked for meanwhile.
    expect(pending()).toBe(0);
    await vi.waitFor(() => expect(isDirectoryBuilt(residents)).toBe(true));
    expect(directoryOf(residents).entries.map((entry) => entry.id)).toEqual(sortedOnce(residents));

    const later = shuffledResidents(1999);
    left.ms = 30;
    buildDirectoryAhead(later, win);
    idle();
    left.ms = 0;
    // The period ended: the next slice waits for the next idle callback.
    await vi.waitFor(() => expect(pending()).toBe(1));
    expect(isDirectoryBuilt(later)).toBe(false);
    while (idle());
    expect(directoryOf(later).entries.map((entry) => entry.id)).toEqual(sortedOnce(later));
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
