import { polyfillObjectHasOwn } from './polyfills';

describe('polyfillObjectHasOwn', () => {
  it('gives an engine without Object.hasOwn one that tells own keys from inherited ones', () => {
    const object = { keys: Object.keys } as unknown as ObjectConstructor;
    polyfillObjectHasOwn(object);
    expect(object.hasOwn({ a: 1 }, 'a')).toBe(true);
    expect(object.hasOwn({ a: 1 }, 'toString')).toBe(false);
    expect(object.hasOwn(Object.create({ a: 1 }) as object, 'a')).toBe(false);
  });

  it("leaves an engine's own Object.hasOwn in place", () => {
    const own = Object.hasOwn;
    polyfillObjectHasOwn();
    expect(Object.hasOwn).toBe(own);
  });
});
