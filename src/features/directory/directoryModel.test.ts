import { availableLetters, buildDirectory, findByLookupCode, normalizeLookupCode } from './directoryModel';
import { manyResidents, resident } from '../../testing/testResidents';

const names = (residents: Parameters<typeof buildDirectory>[0]) => buildDirectory(residents).entries.map((e) => e.name);

describe('buildDirectory', () => {
  it('lists only residents with directory listing enabled', () => {
    const directory = buildDirectory([resident(1, 'Zed'), resident(2, 'Hidden', { enable_directory_listing: false }), resident(3, 'Amy')]);
    expect(directory.entries.map((e) => e.id)).toEqual([3, 1]);
  });

  it('sorts by the sort name, not the display name', () => {
    expect(
      names([
        resident(1, 'Aaron Zimmerman', { directory_sort_name: 'Zimmerman, Aaron' }),
        resident(2, 'Zoe Abbott', { directory_sort_name: 'Abbott, Zoe' }),
      ]),
    ).toEqual(['Zoe Abbott', 'Aaron Zimmerman']);
  });

  it('ignores case and accents when sorting, and groups accented letters with their base letter', () => {
    const directory = buildDirectory([
      resident(1, 'Fischer'),
      resident(2, 'Maria de la Cruz', { directory_sort_name: 'de la Cruz, Maria' }),
      resident(3, 'Élodie'),
      resident(4, 'Edwards'),
      resident(5, 'Ömer Öztürk', { directory_sort_name: 'Öztürk, Ömer' }),
      resident(6, 'Dubois'),
      resident(7, 'Oscar'),
    ]);
    expect(directory.entries.map((e) => [e.group, e.name])).toEqual([
      ['D', 'Maria de la Cruz'],
      ['D', 'Dubois'],
      ['E', 'Edwards'],
      ['E', 'Élodie'],
      ['F', 'Fischer'],
      ['O', 'Oscar'],
      ['O', 'Ömer Öztürk'],
    ]);
  });

  it('groups Latin letters without a decomposition under the letter they collate with', () => {
    const groups = buildDirectory([resident(1, 'Ørsted'), resident(2, 'Łukasz'), resident(3, 'Ærø')]).entries.map((e) => [e.name, e.group]);
    expect(groups).toEqual([
      ['Ærø', 'A'],
      ['Łukasz', 'L'],
      ['Ørsted', 'O'],
    ]);
  });

  it("puts digits, symbols, other scripts and empty names under '#', after Z", () => {
    const directory = buildDirectory([
      resident(1, 'Zhang'),
      resident(2, '2B Office'),
      resident(3, 'Иванов'),
      resident(4, '(Concierge)'),
      resident(5, 'Abbott'),
      resident(6, '', { directory_sort_name: '' }),
    ]);
    expect(directory.entries.map((e) => e.group)).toEqual(['A', 'Z', '#', '#', '#', '#']);
    expect(directory.groups).toEqual(['A', 'Z', '#']);
  });

  it('compares digit runs as numbers', () => {
    expect(names([resident(1, 'Unit 10'), resident(2, 'Unit 9'), resident(3, 'Unit 100')])).toEqual(['Unit 9', 'Unit 10', 'Unit 100']);
  });

  it('breaks ties by id, whatever the input order and case', () => {
    const directory = buildDirectory([resident(9, 'smith'), resident(3, 'Smith'), resident(5, 'SMITH')]);
    expect(directory.entries.map((e) => e.id)).toEqual([3, 5, 9]);
  });

  it('falls back to the display name for an empty sort name, and the other way round', () => {
    const directory = buildDirectory([
      resident(1, 'Young', { directory_sort_name: '' }),
      resident(2, '', { directory_sort_name: 'Baker, Ann' }),
    ]);
    expect(directory.entries.map((e) => [e.group, e.name])).toEqual([
      ['B', 'Baker, Ann'],
      ['Y', 'Young'],
    ]);
  });

  it('sorts and groups 5,000 residents in one pass well under a second', () => {
    const started = performance.now();
    const directory = buildDirectory(manyResidents(5000));
    expect(directory.entries).toHaveLength(5000);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('lookup codes', () => {
  it('finds a listed resident by its 4-digit code', () => {
    const directory = buildDirectory([resident(1, 'Amy', { directory_lookup_code: '0101' }), resident(2, 'Bo', { directory_lookup_code: '2002' })]);
    expect(findByLookupCode(directory, '2002')).toBe(2);
    expect(findByLookupCode(directory, '0101')).toBe(1);
    expect(findByLookupCode(directory, '9999')).toBeNull();
  });

  it('never finds a resident who is not listed', () => {
    const directory = buildDirectory([resident(1, 'Amy', { directory_lookup_code: '1234', enable_directory_listing: false })]);
    expect(findByLookupCode(directory, '1234')).toBeNull();
  });

  it('gives a shared code to the first resident in directory order', () => {
    const directory = buildDirectory([resident(1, 'Zed', { directory_lookup_code: '5555' }), resident(2, 'Amy', { directory_lookup_code: '5555' })]);
    expect(findByLookupCode(directory, '5555')).toBe(2);
  });

  it('restores leading zeros of a code that arrived as a number', () => {
    expect(normalizeLookupCode('101')).toBe('0101');
    expect(normalizeLookupCode(' 0101 ')).toBe('0101');
    expect(normalizeLookupCode('A-12')).toBe('A-12');
    const directory = buildDirectory([resident(1, 'Amy', { directory_lookup_code: '7' })]);
    expect(directory.entries[0]?.lookupCode).toBe('0007');
    expect(findByLookupCode(directory, '0007')).toBe(1);
  });
});

describe('availableLetters', () => {
  it('has the letters with at least one listed resident, never #', () => {
    const letters = availableLetters(
      buildDirectory([resident(1, 'Abbott'), resident(2, 'élan'), resident(3, '42'), resident(4, 'Quinn', { enable_directory_listing: false })]),
    );
    expect([...letters]).toEqual(['A', 'E']);
  });

  it('is empty for an empty directory', () => {
    expect(availableLetters(buildDirectory([])).size).toBe(0);
  });
});
