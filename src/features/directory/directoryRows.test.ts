import { buildDirectory } from './directoryModel';
import { clampPage, listRows, pageArrows, pageCount, pageOf, pagedRows, pagesToRender, type DirectoryRow, type PageShape } from './directoryRows';
import { manyResidents, resident } from '../../testing/testResidents';

/** A compact picture of rows: 'A' heading, 'a…' continued heading, '.' blank, names as they are. */
const show = (rows: readonly DirectoryRow[]) =>
  rows.map((row) => (row.kind === 'blank' ? '.' : row.kind === 'heading' ? (row.continued ? `${row.group}…` : row.group) : row.entry.name));

const named = (...list: string[]) => buildDirectory(list.map((name, i) => resident(i + 1, name)));

describe('listRows (touch)', () => {
  it('puts a heading before each group', () => {
    expect(show(listRows(named('Amy', 'Ann', 'Bo', '7 Eleven')))).toEqual(['A', 'Amy', 'Ann', 'B', 'Bo', '#', '7 Eleven']);
  });

  it('is empty for an empty directory', () => {
    expect(listRows(named())).toEqual([]);
  });
});

describe('pagedRows (button models)', () => {
  it('counts headings as rows', () => {
    expect(show(pagedRows(named('Amy', 'Bo')))).toEqual(['A', 'Amy', 'B', 'Bo']);
  });

  it('never leaves a heading alone at the foot of a column', () => {
    // 'A' + 8 names fill slots 0-8; 'B' would land in slot 9.
    const rows = pagedRows(named(...Array.from({ length: 8 }, (_, i) => `A${i}`), 'Bo'));
    expect(show(rows).slice(8)).toEqual(['A7', '.', 'B', 'Bo']);
    expect(rows[10]).toMatchObject({ kind: 'heading', group: 'B' });
  });

  it('repeats the heading at the top of a column a group runs on into', () => {
    const rows = pagedRows(named(...Array.from({ length: 12 }, (_, i) => `A${String(i).padStart(2, '0')}`)));
    expect(show(rows)).toEqual(['A', ...Array.from({ length: 9 }, (_, i) => `A0${i}`), 'A…', 'A09', 'A10', 'A11']);
  });

  it('starts every column with a heading, so each column says where it is', () => {
    const rows = pagedRows(buildDirectory(manyResidents(500)));
    for (let start = 0; start < rows.length; start += 10) expect(rows[start]?.kind).toBe('heading');
    const residents = rows.filter((row) => row.kind === 'resident');
    expect(residents).toHaveLength(500);
  });
});

describe('paging', () => {
  const rows = pagedRows(named(...Array.from({ length: 45 }, (_, i) => `A${String(i).padStart(2, '0')}`)));

  it('has pages of 20 rows in two columns of 10', () => {
    expect(rows).toHaveLength(50); // 45 names and 5 headings (one per column)
    expect(pageCount(rows)).toBe(3);
    const [left, right] = pageOf(rows, 0);
    expect(left).toHaveLength(10);
    expect(right).toHaveLength(10);
    expect(show(left ?? [])[0]).toBe('A');
    expect(show(right ?? [])[0]).toBe('A…');
    expect(pageOf(rows, 1).flat()).toEqual(rows.slice(20, 40));
  });

  it('has a short last page, with an empty second column when needed', () => {
    const last = pageOf(rows, 2);
    expect(last[0]).toHaveLength(10);
    expect(last[1]).toEqual([]);
    expect(pageOf(pagedRows(named('Amy')), 0)).toEqual([[expect.objectContaining({ kind: 'heading' }), expect.objectContaining({ kind: 'resident' })], []]);
  });

  it('clamps out-of-range pages', () => {
    expect(clampPage(-1, rows)).toBe(0);
    expect(clampPage(7, rows)).toBe(2);
    expect(pageOf(rows, 99)).toEqual(pageOf(rows, 2));
  });

  it('renders the shown page, and once settled the pages either side that exist', () => {
    expect(pagesToRender(0, null, rows)).toEqual([0]);
    expect(pagesToRender(0, 0, rows)).toEqual([0, 1]);
    expect(pagesToRender(1, 1, rows)).toEqual([0, 1, 2]);
    expect(pagesToRender(2, 2, rows)).toEqual([1, 2]);
    // A turn before the page has settled again: the new page as well.
    expect(pagesToRender(2, 0, rows)).toEqual([0, 1, 2]);
    expect(pagesToRender(0, 0, pagedRows(named('Amy')))).toEqual([0]);
  });

  it('shows the more arrows only where there is more', () => {
    expect(pageArrows(0, rows)).toEqual({ up: false, down: true });
    expect(pageArrows(1, rows)).toEqual({ up: true, down: true });
    expect(pageArrows(2, rows)).toEqual({ up: true, down: false });
    expect(pageArrows(0, pagedRows(named('Amy')))).toEqual({ up: false, down: false });
  });

  it('has one empty page for an empty directory', () => {
    const empty = pagedRows(named());
    expect(pageCount(empty)).toBe(1);
    expect(pageOf(empty, 0)).toEqual([[], []]);
    expect(pageArrows(0, empty)).toEqual({ up: false, down: false });
  });
});

describe('pages that follow the screen (a portrait panel: one column of as many rows as fit)', () => {
  const tall: PageShape = { columns: 1, rowsPerColumn: 17 };
  const names = Array.from({ length: 45 }, (_, i) => `A${String(i).padStart(2, '0')}`);

  it('keeps the paging rules: each column starts with a heading, no heading alone at its foot', () => {
    const rows = pagedRows(named(...names.slice(0, 15), 'Bo', 'By'), tall.rowsPerColumn);
    // 'A' + 15 names fill slots 0-15; 'B' would land in slot 16, the last.
    expect(show(rows).slice(15)).toEqual(['A14', '.', 'B', 'Bo', 'By']);
    const many = pagedRows(buildDirectory(manyResidents(500)), tall.rowsPerColumn);
    for (let start = 0; start < many.length; start += 17) expect(many[start]?.kind).toBe('heading');
    expect(many.filter((row) => row.kind === 'resident')).toHaveLength(500);
  });

  it('has pages of one column of that many rows', () => {
    const rows = pagedRows(named(...names), tall.rowsPerColumn);
    expect(rows).toHaveLength(48); // 45 names and 3 headings (one per column)
    expect(pageCount(rows, tall)).toBe(3);
    expect(pageOf(rows, 0, tall)).toEqual([rows.slice(0, 17)]);
    expect(show(pageOf(rows, 1, tall)[0] ?? [])[0]).toBe('A…');
    expect(pageOf(rows, 2, tall)).toEqual([rows.slice(34)]);
    expect(pageArrows(1, rows, tall)).toEqual({ up: true, down: true });
    expect(pageArrows(2, rows, tall)).toEqual({ up: true, down: false });
    expect(clampPage(9, rows, tall)).toBe(2);
  });
});
