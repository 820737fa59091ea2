/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import pkg from './package.json' with { type: 'json' };

/** Modules only ever loaded on demand: the call's vendor SDKs and adapters. */
const LAZY_ONLY = /node_modules\/@(twilio|telnyx)\/|src\/services\/call\/|src\/features\/call\/routes\//;

export default defineConfig({
  plugins: [react()],
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 5173 },
  build: {
    target: 'es2020',
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Code the first screen shares with lazy screens goes in one chunk
          // loaded with it, not in a handful of small ones (each file costs a
          // request and compresses worse). Call-only code stays lazy.
          groups: [{ name: 'shared', minShareCount: 2, test: (id) => !LAZY_ONLY.test(id) }],
        },
      },
    },
  },
  test: {
    globals: true,
    environment: 'jsdom',
    setupFiles: ['src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'simulator/**/*.test.mjs', 'scripts/**/*.test.mjs'],
    alias: [{ find: /^pusher-js$/, replacement: 'pusher-js/dist/web/pusher.js' }],
    restoreMocks: true,
  },
});
