import { buildDirectory } from './directoryModel';
import { lookupSlots, lookupStep } from './lookupEntry';
import { resident } from '../../testing/testResidents';

const directory = buildDirectory([resident(11, 'Amy', { directory_lookup_code: '0101' })]);

describe('lookupStep', () => {
  it('collects the first three digits', () => {
    expect(lookupStep('', '0', directory)).toEqual({ kind: 'typing', digits: '0' });
    expect(lookupStep('01', '0', directory)).toEqual({ kind: 'typing', digits: '010' });
  });

  it('matches on the fourth digit', () => {
    expect(lookupStep('010', '1', directory)).toEqual({ kind: 'matched', residentId: 11 });
  });

  it('misses on a fourth digit that names nobody', () => {
    expect(lookupStep('010', '2', directory)).toEqual({ kind: 'missed', code: '0102' });
  });
});

describe('lookupSlots', () => {
  it('shows typed digits and dashes for empty slots', () => {
    expect(lookupSlots('')).toEqual(['-', '-', '-', '-']);
    expect(lookupSlots('07')).toEqual(['0', '7', '-', '-']);
  });
});
