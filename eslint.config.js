import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const src = path.resolve(import.meta.dirname, 'src');
const features = readdirSync(path.join(src, 'features'), { withFileTypes: true }).filter((entry) => entry.isDirectory());
const featureNames = features.map(({ name }) => name);

/**
 * The features each feature may import (their actions, selectors, hooks and
 * pure helpers; src/features/README.md, "Layering"). One way only: an
 * observer imports what it observes, never the reverse, so no two features
 * reach each other. Tests are left out: nothing imports a test.
 */
const featureDependencies = {
  'access-queue': ['connectivity'],
  call: ['gate', 'notifications', 'property', 'realtime', 'recent-calls', 'session'],
  'check-in': [],
  'code-lock': ['session'],
  delivery: ['call', 'messages', 'notifications', 'session', 'speech'],
  connectivity: [],
  diagnostics: ['access-queue', 'call', 'gate', 'hardware', 'property', 'qr'],
  directory: ['property'],
  gate: ['access-queue', 'code-lock', 'notifications', 'property', 'session', 'speech'],
  hardware: ['gate'],
  'home-links': ['property'],
  input: [],
  messages: ['connectivity'],
  notifications: ['session'],
  passes: ['access-queue', 'code-lock', 'gate', 'notifications', 'property', 'session', 'speech'],
  property: [],
  qr: [],
  realtime: ['property'],
  'recent-calls': [],
  session: ['property'],
  speech: ['session'],
};

/** Lint stops here if the table misses a feature folder, names one that is not there, or lets a feature reach itself. */
function checkFeatureDependencies(table) {
  const unlisted = featureNames.filter((name) => !Object.hasOwn(table, name));
  const unknown = Object.entries(table).flat(2).filter((name) => !featureNames.includes(name));
  const problems = [...unlisted.map((name) => `${name} is not listed`), ...unknown.map((name) => `${name} is not a feature folder`)];
  if (problems.length > 0) throw new Error(`featureDependencies: ${problems.join('; ')}`);
  const reaches = (from, to, seen) => table[from].some((next) => next === to || (!seen.has(next) && seen.add(next) && reaches(next, to, seen)));
  const looping = featureNames.filter((name) => reaches(name, name, new Set()));
  if (looping.length > 0) throw new Error(`featureDependencies: a loop through ${looping.join(', ')}`);
}
checkFeatureDependencies(featureDependencies);

/** Per feature: every feature outside its row of the table is refused. */
const featureZones = featureNames.map((name) => {
  const allowed = featureDependencies[name];
  return {
    target: `./src/features/${name}`,
    from: featureNames.filter((other) => other !== name && !allowed.includes(other)).map((other) => `./src/features/${other}`),
    message: `The ${name} feature may import ${allowed.join(', ') || 'no other feature'} only (featureDependencies, eslint.config.js).`,
  };
});

const folderNames = readdirSync(src, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map(({ name }) => name);

/**
 * The folders of src/ each folder's production files may import
 * (src/features/README.md, "Layering"): lint refuses any other, and stops
 * if a folder is not listed. `app`, the composition root, is left out of
 * every row: below it, a file imports it for types only (the rule on
 * `src/app` below). The classic scripts that run before the bundle
 * (`first-frame`, `boot-guard`) take pure pieces and no React: no screen, no
 * hook. Tests are left out: they may build the whole app
 * (src/testing) around what they test; production code imports no test kit.
 */
const folderDependencies = {
  app: ['components', 'config', 'features', 'hooks', 'lib', 'screens', 'services', 'store', 'strings'],
  'boot-guard': ['services', 'strings'],
  components: ['config', 'hooks', 'lib', 'services', 'store', 'strings'],
  config: ['lib', 'strings'],
  features: ['components', 'config', 'hooks', 'lib', 'services', 'store', 'strings'],
  'first-frame': ['components', 'features', 'lib', 'services', 'store', 'strings'],
  hooks: ['lib'],
  lib: [],
  screens: ['components', 'config', 'features', 'hooks', 'lib', 'services', 'store', 'strings'],
  services: ['lib', 'strings'],
  store: ['config', 'lib', 'services', 'strings'],
  strings: [],
  testing: folderNames.filter((name) => name !== 'testing'),
};

/** Lint stops here if the table misses a folder of src/ or names one that is not there. */
function checkFolderDependencies(table) {
  const unlisted = folderNames.filter((name) => !Object.hasOwn(table, name));
  const unknown = Object.keys(table).filter((name) => !folderNames.includes(name));
  const problems = [...unlisted.map((name) => `${name} is not listed`), ...unknown.map((name) => `${name} is not a folder of src`)];
  if (problems.length > 0) throw new Error(`folderDependencies: ${problems.join('; ')}`);
}
checkFolderDependencies(folderDependencies);

/**
 * The layering (src/features/README.md): app wires screens, screens use
 * components and features, features use services; all of them may use the
 * low kit (store, config, lib, hooks) but not app, the composition root; the
 * shared hooks and helpers (hooks, lib) import none of those layers.
 * The store kit imports no feature (features import it: no circle through
 * it). Components take what they show as props; nothing below screens imports a
 * screen; a feature reaches another only through its actions, selectors and
 * hooks, never its listeners or components.
 */
const layering = [
  { target: './src/components', from: ['./src/app', './src/screens', './src/features'], message: 'Components take what they show as props.' },
  { target: './src/features', from: ['./src/app/App.tsx', './src/app/router.tsx', './src/screens'], message: 'Features never import screens.' },
  {
    target: './src/store',
    from: ['./src/features', './src/screens', './src/components'],
    message: 'The store kit (listener kit, hooks, app-wide actions) knows no feature, screen or component: they import it, never the reverse.',
  },
  {
    target: ['./src/hooks', './src/lib'],
    from: ['./src/app', './src/screens', './src/features', './src/components'],
    message: 'Shared hooks and helpers know nothing of the kiosk: no app, screen, feature or component.',
  },
  ...features.map(({ name }) => ({
    target: `./src/features/${name}`,
    from: [path.join(src, 'features/*/**/*Listeners.ts'), path.join(src, 'features/*/components/**')],
    except: [path.join(src, `features/${name}/**`)],
    message: "A feature reaches another through its actions, selectors and hooks, not its listeners or components.",
  })),
];

/** Folders the layering above already refuses `name`, with its own message. */
const refusedByLayering = (name) => layering.filter(({ target }) => [target].flat().includes(`./src/${name}`)).flatMap(({ from }) => from);

/** Per folder: every folder outside its row of the table is refused (app aside: types only, below), but those the layering refuses already. */
const folderZones = folderNames.map((name) => {
  const allowed = folderDependencies[name];
  const refused = folderNames.filter((other) => other !== name && other !== 'app' && !allowed.includes(other)).map((other) => `./src/${other}`);
  return {
    target: `./src/${name}`,
    from: refused.filter((folder) => !refusedByLayering(name).includes(folder)),
    message: `The ${name} folder may import ${allowed.join(', ') || 'no other folder'} only (folderDependencies, eslint.config.js).`,
  };
}).filter(({ from }) => from.length > 0);

export default tseslint.config(
  { ignores: ['dist', 'dist-*', 'node_modules', 'test-results', 'playwright-report', 'public', 'reports', '.stryker-tmp'] },
  js.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [...tseslint.configs.recommended],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones: layering }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // Typed hooks only.
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'react-redux', importNames: ['useDispatch', 'useSelector'], message: 'Use useAppDispatch/useAppSelector from store/hooks.' }] },
      ],
    },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })] },
  },
  {
    // What the support floor, Chromium 83, lacks (README, "Engines"): a polyfill
    // in src/lib/polyfills.ts where a dependency needs it, never in our own code.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/testing/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...[['Object', 'hasOwn'], ['AbortSignal', 'timeout'], ['AbortSignal', 'any'], ['Promise', 'any'], ['URL', 'canParse']].map(([object, property]) => ({
          object,
          property,
          message: 'Chromium 83 lacks it.',
        })),
      ],
      'no-restricted-globals': ['error', ...['structuredClone', 'WeakRef', 'AggregateError'].map((name) => ({ name, message: 'Chromium 83 lacks it.' }))],
      // The project's limit for a production file: aim under 200 lines, never over 260.
      'max-lines': ['error', { max: 260 }],
      'no-restricted-syntax': [
        'error',
        { selector: 'CallExpression[callee.property.name=/^(at|findLast|findLastIndex|replaceAll|toSorted|toReversed|toSpliced|throwIfAborted)$/]', message: 'Chromium 83 lacks it.' },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...layering, ...folderZones] }] },
  },
  {
    files: ['src/features/**/*.{ts,tsx}'],
    ignores: ['src/features/**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...layering, ...folderZones, ...featureZones] }] },
  },
  {
    // Only the composition root (src/app) builds on everything; the layers below it import it for types alone (RootState).
    // Tests may build the whole app (a real store) around what they test.
    files: ['src/{features,screens,components,store,config,lib,hooks,strings,boot-guard}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/app/*', '**/app/**'], allowTypeImports: true, message: 'src/app is the composition root: below it, import it for types only.' }] },
      ],
    },
  },
  {
    // The first frame's script claims the panel before the bundle, as the app does after it, and reads the parts where the app keeps them.
    files: ['src/first-frame/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/app/**', '!**/app/panelClaim', '!**/app/persistence', '**/app/persistence/*', '!**/app/persistence/storageKey'],
              allowTypeImports: true,
              message: 'The first frame takes from src/app its panel claim and storage keys alone; anything else, for types only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/store/hooks.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Services are plain TypeScript behind interfaces: no React, no store, no features.
    files: ['src/services/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['react', 'react-*', '**/app/**', '**/features/**', '**/screens/**', '@reduxjs/*'], message: 'Services must not depend on the app.' }] },
      ],
    },
  },
  {
    // The console's browser modules.
    files: ['simulator/**/*.js'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['simulator/**/*.mjs', 'scripts/**/*.mjs', 'tests/**/*.{mjs,ts}', 'bench/**/*.mjs', '*.config.{js,ts}'],
    extends: [...tseslint.configs.recommended],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
