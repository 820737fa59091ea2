// Vitest as StrykerJS runs it (npm run test:mutation): only the unit tests
// under src/ (the simulator's and scripts' tests cover no mutated file), and
// a longer test timeout, since instrumented code runs slower and the run
// shares the machine's cores.
import base from './vite.config';

export default {
  ...base,
  test: {
    ...base.test,
    include: ['src/**/*.test.{ts,tsx}'],
    testTimeout: 30_000,
  },
};
