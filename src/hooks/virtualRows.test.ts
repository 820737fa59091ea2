import { OVERSCAN_ROWS, scrollEdges, visibleRange } from './virtualRows';

/** A row's height in CSS px: 3.5rem on an 800x480 panel. */
const H = 56;

describe('visibleRange', () => {
  it('covers the viewport plus the overscan, within the list', () => {
    expect(visibleRange(0, 10 * H, 5000, H)).toEqual({ first: 0, end: 10 + OVERSCAN_ROWS });
    expect(visibleRange(100 * H, 10 * H, 5000, H)).toEqual({ first: 100 - OVERSCAN_ROWS, end: 110 + OVERSCAN_ROWS });
    expect(visibleRange(4995 * H, 10 * H, 5000, H)).toEqual({ first: 4995 - OVERSCAN_ROWS, end: 5000 });
    expect(visibleRange(0, 10 * H, 0, H)).toEqual({ first: 0, end: 0 });
  });

  it('renders a partly visible row', () => {
    expect(visibleRange(H / 2, H, 100, H).end).toBe(2 + OVERSCAN_ROWS);
  });
});

describe('scrollEdges', () => {
  it('is at the top only at the start and at the bottom only at the end', () => {
    expect(scrollEdges(0, 10 * H, 100, H)).toEqual({ atTop: true, atBottom: false });
    expect(scrollEdges(5 * H, 10 * H, 100, H)).toEqual({ atTop: false, atBottom: false });
    expect(scrollEdges(90 * H, 10 * H, 100, H)).toEqual({ atTop: false, atBottom: true });
    expect(scrollEdges(90 * H - 0.5, 10 * H, 100, H).atBottom).toBe(true);
  });

  it('is at both ends when everything fits', () => {
    expect(scrollEdges(0, 10 * H, 5, H)).toEqual({ atTop: true, atBottom: true });
  });
});
