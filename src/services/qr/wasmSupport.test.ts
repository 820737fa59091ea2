import { canCompileWasm } from './wasmSupport';

describe('canCompileWasm', () => {
  it('is true where the engine compiles WebAssembly', () => {
    expect(canCompileWasm()).toBe(true);
  });

  it('is false on an engine without WebAssembly', () => {
    expect(canCompileWasm({})).toBe(false);
  });

  it('is false where compiling is refused (a Content-Security-Policy the engine reads without wasm-unsafe-eval)', () => {
    const Module = vi.fn(function refuse() {
      throw new WebAssembly.CompileError('WebAssembly.Module(): Wasm code generation disallowed by embedder');
    }) as unknown as typeof WebAssembly.Module;
    expect(canCompileWasm({ WebAssembly: { Module } })).toBe(false);
    expect(Module).toHaveBeenCalledTimes(1);
  });
});
