// Vitest configuration for bench/adversary.run.ts alone: the project's own
// (jsdom, the test setup), with the benchmark added to what it may run.
import { defineConfig, mergeConfig } from 'vitest/config';
import base from '../vite.config';

export default mergeConfig(base, defineConfig({ test: { include: ['bench/adversary.run.ts'], testTimeout: 600_000 } }));
