import { buildDirectory } from './directoryModel';
import { buildNameIndex, foldName, matchingEntries, nextLetters, searchWords } from './nameSearch';
import { manyResidents, resident } from '../../testing/testResidents';
import type { Resident } from '../property/types';

const indexOf = (residents: Resident[]) => buildNameIndex(buildDirectory(residents).entries);
const found = (residents: Resident[], query: string) => matchingEntries(indexOf(residents), query).map((entry) => entry.name);
const letters = (residents: Resident[], query: string) => [...nextLetters(indexOf(residents), query)].join('');

describe('foldName', () => {
  it('drops accents and case', () => {
    expect(foldName('José Núñez')).toBe('jose nunez');
    expect(foldName('ÉLODIE Öztürk')).toBe('elodie ozturk');
  });

  it('types Latin letters without a decomposition as the letters a visitor would try', () => {
    expect(foldName('Ørsted Łukasz Æsa Straße Þór')).toBe('orsted lukasz aesa strasse thor');
  });
});

describe('searchWords', () => {
  it('finds a name by any of its words, and a punctuated word whole and by its parts', () => {
    expect(searchWords("Seán O'Brien")).toEqual(['sean', 'o', 'brien', 'obrien']);
    expect(searchWords('Alexandria Montgomery-Fitzwilliam')).toEqual(['alexandria', 'montgomery', 'fitzwilliam', 'montgomeryfitzwilliam']);
    expect(searchWords('  Ana   ana  ')).toEqual(['ana']);
    expect(searchWords('')).toEqual([]);
  });
});

describe('matchingEntries', () => {
  const residents = [
    resident(1, 'José Núñez', { directory_sort_name: 'Núñez, José' }),
    resident(2, 'Joanna Baker', { directory_sort_name: 'Baker, Joanna' }),
    resident(3, 'Maria de la Cruz', { directory_sort_name: 'de la Cruz, Maria' }),
    resident(4, 'Bob Jones', { directory_sort_name: 'Jones, Bob' }),
    resident(5, 'Hidden Jo', { enable_directory_listing: false }),
  ];

  it('matches typed letters at the start of any word, ignoring case and accents, in directory order', () => {
    expect(found(residents, 'jo')).toEqual(['Joanna Baker', 'Bob Jones', 'José Núñez']);
    expect(found(residents, 'jose')).toEqual(['José Núñez']);
    expect(found(residents, 'nun')).toEqual(['José Núñez']);
    expect(found(residents, 'cruz')).toEqual(['Maria de la Cruz']);
  });

  it('matches the start of a word only, and never an unlisted resident', () => {
    expect(found(residents, 'ones')).toEqual([]);
    expect(found(residents, 'hidden')).toEqual([]);
  });

  it('lists a resident once, however many of its words match', () => {
    expect(found([resident(1, 'Anna Andersen')], 'an')).toEqual(['Anna Andersen']);
  });

  it('lists everyone when nothing is typed', () => {
    expect(found(residents, '')).toEqual(['Joanna Baker', 'Maria de la Cruz', 'Bob Jones', 'José Núñez']);
  });
});

describe('nextLetters', () => {
  const residents = [resident(1, 'José Núñez'), resident(2, 'Joanna Baker'), resident(3, 'Ørsted')];

  it('offers only the letters that still leave someone listed', () => {
    expect(letters(residents, '')).toBe('bjno');
    expect(letters(residents, 'jo')).toBe('as');
    expect(letters(residents, 'jos')).toBe('e');
    expect(letters(residents, 'jose')).toBe('');
  });

  it('offers no letter for a directory with nobody in it', () => {
    expect(letters([], '')).toBe('');
  });

  it('agrees with matchingEntries on every letter, over a large directory', () => {
    const many = [...manyResidents(2000), resident(5000, 'Élodie Ærø')];
    const index = indexOf(many);
    for (const query of ['', 'a', 'ab', 'e', 'ae', 'h0']) {
      const offered = nextLetters(index, query);
      for (const letter of 'abcdefghijklmnopqrstuvwxyz') {
        expect(offered.has(letter), query + letter).toBe(matchingEntries(index, query + letter).length > 0);
      }
    }
  });
});
