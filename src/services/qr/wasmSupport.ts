/** The smallest valid WebAssembly module: the magic number and version 1. */
const EMPTY_MODULE = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);

/**
 * Whether this realm may compile WebAssembly. An engine without it, or one
 * whose Content-Security-Policy forbids it, says no: Chromium before 97 does
 * not know 'wasm-unsafe-eval' and so refuses compilation under the kiosk's
 * policy (which never allows 'unsafe-eval'). Compiling the empty module
 * answers at once and reports no violation.
 */
export function canCompileWasm(scope: { WebAssembly?: Pick<typeof WebAssembly, 'Module'> } = globalThis): boolean {
  const wasm = scope.WebAssembly;
  if (!wasm) return false;
  try {
    return new wasm.Module(EMPTY_MODULE) instanceof wasm.Module;
  } catch {
    return false;
  }
}
