/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import pkg from './package.json' with { type: 'json' };
import { bootGuard } from './scripts/boot-guard-build.mjs';
import { firstFrame } from './scripts/first-frame-build.mjs';
import { contentSecurityPolicy } from './src/app/contentSecurityPolicy.ts';
import { readConfig } from './src/config/readConfig.ts';

/**
 * The production build's Content-Security-Policy, from the configured
 * origins, as the first tag of index.html: it holds whatever server hosts the
 * files. (The dev server runs inline scripts for hot reload, so none there.)
 */
function contentSecurityPolicyMeta(): Plugin {
  let policy = '';
  return {
    name: 'kiosk-content-security-policy',
    apply: 'build',
    // The same variables import.meta.env gets.
    configResolved: ({ env }) => {
      policy = contentSecurityPolicy(readConfig(env, pkg.version));
    },
    transformIndexHtml: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: policy }, injectTo: 'head-prepend' }],
  };
}

/**
 * The kiosk's configuration (src/config/config.ts) as values written into the
 * build: readConfig runs here, on the variables import.meta.env gets and the
 * version the build is given, so the bundle carries what it read and not the
 * reading (0.6 kB of the first screen).
 */
function kioskConfig(): Plugin {
  const id = 'virtual:kiosk-config';
  let values = '';
  return {
    name: 'kiosk-config',
    // A build given a version of its own (scripts/build-for-simulator.mjs) defines it; the tests' build has none.
    configResolved: ({ env, define }) => {
      const version = typeof define?.__APP_VERSION__ === 'string' ? (JSON.parse(define.__APP_VERSION__) as string) : pkg.version;
      values = JSON.stringify(readConfig(env, version));
    },
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load: (resolved) => (resolved === `\0${id}` ? `export const config = ${values};` : undefined),
  };
}

/** The boot guard (src/boot-guard/): the back end to tell and the language to speak, from the same variables. */
const guard = bootGuard({
  settings: (env) => {
    const config = readConfig(env, pkg.version);
    return { apiUrl: config.apiUrl, language: config.deviceDefaults.language };
  },
});

/** The first frame (src/first-frame/): the welcome painted from the stored property before the bundle runs. */
const welcome = firstFrame({
  settings: (env) => ({ language: readConfig(env, pkg.version).deviceDefaults.language }),
});

/**
 * The service worker (src/sw.ts): precaches every file of the build
 * so a browser restarted with no network boots the kiosk; the page registers
 * it and decides when a new build takes over (src/services/shell/).
 */
const offlineShell = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  injectRegister: false,
  manifest: false,
  injectManifest: {
    // The app shell, the lazy screens and call SDKs, the QR worker and its WebAssembly reader, the sounds, the spoken prompts and the logo.
    globPatterns: ['**/*.{html,js,css,svg,wav,wasm,ogg}'],
    // A classic script: older embedded browsers run no module service workers.
    rollupFormat: 'iife',
  },
  // The worker's own small build logs no more than the kiosk's.
  integration: { configureCustomSWViteBuild: (config) => void (config.logLevel = 'warn') },
});

export default defineConfig({
  // The guard before the policy: the tags both put at the top of the head come in reverse order, and the policy's must be first.
  plugins: [react(), kioskConfig(), guard, welcome, contentSecurityPolicyMeta(), offlineShell],
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  // A module worker (as the page starts it), so the QR worker loads only the decoder its engine can run.
  worker: { format: 'es' },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 5173 },
  build: {
    target: 'es2020',
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The first screen's code is one chunk, the entry's, also where
          // lazy screens share it: not a handful of small ones (each file costs a
          // request and compresses worse), nor a shared chunk beside the
          // entry (the hundreds of names one imports from the other cost 1.8
          // kB gzip). '$initial' picks the modules the entry reaches through
          // static imports, read from the module graph: code reached only
          // through import() (the call's SDKs, the lazy screens' strings)
          // stays lazy whatever its file is called.
          groups: [{ name: 'shared', minShareCount: 1, tags: ['$initial'] }],
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
    // The first test of a file also loads the screens it renders: up to 2 s on an idle machine with two
    // cores, three times that while the end-to-end suite shares it. A safety net, not a speed limit.
    testTimeout: 15_000,
  },
});
