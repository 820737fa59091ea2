/** One turn of the event loop outside the faked clock: where fake-indexeddb and msw do their work. */
export const turn = (): Promise<unknown> => new Promise((resolve) => setImmediate(resolve));

/**
 * Waits for `assertion` to pass, letting the database and the network run a
 * turn at a time, without moving the faked clock (vi.waitFor would advance
 * it). `step` runs each turn (a component test wraps it in act()).
 */
export async function eventually(assertion: () => unknown, step: () => Promise<unknown> = turn): Promise<void> {
  for (let n = 0; ; n += 1) {
    try {
      await assertion();
      return;
    } catch (error) {
      if (n >= 500) throw error;
      await step();
    }
  }
}
