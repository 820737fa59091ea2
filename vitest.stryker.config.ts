// Vitest as StrykerJS runs it (npm run test:mutation): only the unit tests
// under src/ (the simulator's and scripts' tests cover no mutated file), and
// a longer test timeout, since instrumented code runs slower and the run
// shares the machine's cores.
import base from './vite.config';

export default {
  ...base,
  // Stryker runs the tests in a sandbox under .stryker-tmp whose node_modules
  // is a link to the project's: files reached through it (the QR reader's
  // WebAssembly, imported with ?url) lie outside the sandbox, which Vite's
  // file-serving check refuses when no workspace root above the clone takes
  // them in (a clone in /tmp, for one). Tests serve nothing to the network.
  server: { ...base.server, fs: { strict: false } },
  test: {
    ...base.test,
    include: ['src/**/*.test.{ts,tsx}'],
    testTimeout: 30_000,
  },
};
