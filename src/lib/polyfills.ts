// Polyfills for what an older engine lacks and a dependency calls, each
// installed only where missing, by the module that needs it.

/** Object.hasOwn (Chromium 93, Safari 15.4): zxing-wasm's loader calls it. */
export function polyfillObjectHasOwn(object: ObjectConstructor = Object): void {
  if (typeof object.hasOwn === 'function') return;
  Object.defineProperty(object, 'hasOwn', {
    value: (target: object, key: PropertyKey) => Object.prototype.hasOwnProperty.call(target, key),
    configurable: true,
    writable: true,
  });
}
