/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import pkg from './package.json' with { type: 'json' };

export default defineConfig({
  plugins: [react()],
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 5173 },
  build: { target: 'es2020', sourcemap: false },
  test: {
    globals: true,
    environment: 'jsdom',
    setupFiles: ['src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'simulator/**/*.test.mjs', 'scripts/**/*.test.mjs'],
    alias: [{ find: /^pusher-js$/, replacement: 'pusher-js/dist/web/pusher.js' }],
    restoreMocks: true,
  },
});
