import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const src = path.resolve(import.meta.dirname, 'src');
const features = readdirSync(path.join(src, 'features'), { withFileTypes: true }).filter((entry) => entry.isDirectory());

/**
 * The layering (src/features/README.md): app wires screens, screens use
 * components and features, features use services. Components take what they
 * show as props; nothing below screens imports a screen; a feature reaches
 * another only through its actions, selectors and hooks, never its listeners
 * or components.
 */
const layering = [
  { target: './src/components', from: ['./src/app', './src/screens', './src/features'], message: 'Components take what they show as props.' },
  { target: './src/features', from: ['./src/app/App.tsx', './src/app/router.tsx', './src/screens'], message: 'Features never import screens.' },
  ...features.map(({ name }) => ({
    target: `./src/features/${name}`,
    from: [path.join(src, 'features/*/**/*Listeners.ts'), path.join(src, 'features/*/components/**')],
    except: [path.join(src, `features/${name}/**`)],
    message: "A feature reaches another through its actions, selectors and hooks, not its listeners or components.",
  })),
];

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
        { paths: [{ name: 'react-redux', importNames: ['useDispatch', 'useSelector'], message: 'Use useAppDispatch/useAppSelector from app/hooks.' }] },
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
        ...[['Object', 'hasOwn'], ['AbortSignal', 'timeout'], ['AbortSignal', 'any'], ['Promise', 'any']].map(([object, property]) => ({
          object,
          property,
          message: 'Chromium 83 lacks it.',
        })),
      ],
      'no-restricted-globals': ['error', ...['structuredClone', 'WeakRef', 'AggregateError'].map((name) => ({ name, message: 'Chromium 83 lacks it.' }))],
      'no-restricted-syntax': [
        'error',
        { selector: 'CallExpression[callee.property.name=/^(at|findLast|findLastIndex|replaceAll|toSorted|toReversed|toSpliced)$/]', message: 'Chromium 83 lacks it.' },
      ],
    },
  },
  {
    files: ['src/app/hooks.ts'],
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
