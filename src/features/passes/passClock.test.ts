import type { RootState } from '../../store/rootState';
import { passTimeMs } from './passClock';

const loadedAt = 1_780_315_200_000;
/** Property data loaded at `loadedAt` and anchored on this page at monotonic time 1,000. */
const state = { propertyAge: { loadedAt, age: { elapsed: 0, wallAt: loadedAt, monoAt: 1_000 } } } as unknown as RootState;

describe('the passes’ clock', () => {
  it('is the back end’s Date at its last answer plus the monotonic time since, whatever the panel’s clock says', () => {
    const server = { date: loadedAt + 5_000, mono: 6_000 };
    expect(passTimeMs(state, { mono: 66_000, wall: loadedAt - 86_400_000 }, server)).toBe(loadedAt + 65_000);
  });

  it('without an answer on this page, is the last load’s time plus the data’s age: a clock set back does not move it back', () => {
    expect(passTimeMs(state, { mono: 61_000, wall: loadedAt - 86_400_000 }, null)).toBe(loadedAt + 60_000);
  });

  it('with neither, is the panel’s clock', () => {
    const nothing = { propertyAge: { loadedAt: null, age: null } } as unknown as RootState;
    expect(passTimeMs(nothing, { mono: 5, wall: 42 }, null)).toBe(42);
  });
});
