import { english } from '../../strings/catalogue';
import { lockWait } from './lockWait';

const words = (seconds: number) => {
  const { key, params } = lockWait(seconds);
  return english(key, params);
};

describe('the lock countdown in words', () => {
  it.each([
    [1, 'Try again in 1 second'],
    [30, 'Try again in 30 seconds'],
    [59, 'Try again in 59 seconds'],
    [60, 'Try again in 1 minute'],
    [61, 'Try again in 2 minutes'],
    [12 * 60, 'Try again in 12 minutes'],
    [59 * 60, 'Try again in 59 minutes'],
    [59 * 60 + 1, 'Try again in 1 hour'],
    [3600, 'Try again in 1 hour'],
    [3601, 'Try again in 2 hours'],
    [3 * 3600, 'Try again in 3 hours'],
    [20 * 3600 - 5, 'Try again in 20 hours'],
  ])('%i s left: %s', (seconds, text) => {
    expect(words(seconds)).toBe(text);
  });
});
