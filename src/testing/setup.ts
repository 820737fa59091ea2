import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

beforeEach(() => {
  if (typeof HTMLMediaElement === 'undefined') return;
  // jsdom plays no media: play() resolves at once (as a muted video may autoplay); tests that need 'playing' say so.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockReturnValue(undefined);
});

afterEach(() => {
  cleanup();
  globalThis.localStorage?.clear();
});
