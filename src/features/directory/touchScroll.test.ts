import { buildDirectory } from './directoryModel';
import { listRows } from './directoryRows';
import { resident } from '../../testing/testResidents';
import { headingOffset, headingRows, pageScrollDistance } from './touchScroll';

/** A row's height in CSS px: 3.5rem on an 800x480 panel. */
const H = 56;

describe('pageScrollDistance', () => {
  it('keeps one row of context, and always moves', () => {
    expect(pageScrollDistance(10 * H, H)).toBe(9 * H);
    expect(pageScrollDistance(10, H)).toBe(H);
  });
});

describe('headingOffset', () => {
  const rows = headingRows(listRows(buildDirectory([resident(1, 'Amy'), resident(2, 'Ann'), resident(3, 'Cy')])));

  it("is the offset of the letter's heading row", () => {
    expect(headingOffset(rows, 'A', H)).toBe(0);
    expect(headingOffset(rows, 'C', H)).toBe(3 * H);
  });

  it('is null for a letter nobody has', () => {
    expect(headingOffset(rows, 'B', H)).toBeNull();
  });
});
