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
 * components and features, features use services; all of them may use the
 * low kit (store, config, lib) but not app, the composition root. Components take what they
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
        { paths: [{ name: 'react-redux', importNames: ['useDispatch', 'useSelector'], message: 'Use useAppDispatch/useAppSelector from store/hooks.' }] },
      ],
    },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })] },
  },
  {
    // Only the composition root (src/app) builds on everything; the layers below it import it for types alone (RootState).
    // Tests may build the whole app (a real store) around what they test.
    files: ['src/{features,screens,components,store,config,lib,hooks,strings}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/app/*', '**/app/**'], allowTypeImports: true, message: 'src/app is the composition root: below it, import it for types only.' }] },
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
