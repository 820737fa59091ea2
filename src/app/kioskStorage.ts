import type { Storage } from 'redux-persist';

/**
 * redux-persist's storage over window.localStorage. Written here rather than
 * imported from redux-persist/lib/storage, whose CommonJS default export
 * arrives wrapped in the ES build.
 */
export const kioskStorage: Storage = {
  getItem: async (key: string) => window.localStorage.getItem(key),
  setItem: async (key: string, value: string) => window.localStorage.setItem(key, value),
  removeItem: async (key: string) => window.localStorage.removeItem(key),
};
