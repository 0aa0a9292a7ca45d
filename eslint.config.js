import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import arrows from './eslint-rules/index.ts';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-control-regex': 'off',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: { ...globals.browser } },
  },
  { files: ['src/server/**', 'scripts/**', 'e2e/**', '*.config.{ts,js}'], languageOptions: { globals: { ...globals.node } } },
  {
    files: ['src/shared/**/*.ts'],
    // Tests of shared code run in Node and may read the tree (which modules exist).
    ignores: ['src/shared/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**', '**/web/**', 'react', 'react-dom', 'node:*'], message: 'shared/ is imported by web and server: it depends on neither.' }] }],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.routes.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/web/**'], message: 'The server never imports web code.' }] }] },
  },
  {
    files: ['src/server/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'kysely', message: 'Routes never touch SQL: call a service.' }], patterns: [{ group: ['**/*.repo.ts'], message: 'Routes never touch SQL: call a service.' }, { group: ['**/web/**'], message: 'The server never imports web code.' }] },
      ],
    },
  },
  {
    files: ['src/web/lib/**/*.{ts,tsx}', 'src/web/components/**/*.{ts,tsx}', 'src/web/store/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/features/**', '**/app/**', '**/server/**'], message: 'lib/, components/ and store/ sit below features and app.' }] }] },
  },
  {
    // Decision 002: the first page stays small. Schemas (zod) belong to lazily loaded features and the
    // login page; the shell, lib/, components/ and store/ use schema-free modules (types are free).
    files: ['src/web/main.tsx', 'src/web/app/**/*.{ts,tsx}', 'src/web/lib/**/*.{ts,tsx}', 'src/web/components/**/*.{ts,tsx}', 'src/web/store/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: 'Keeps zod off the first page (decision 002).', allowTypeImports: true }],
          patterns: [
            {
              group: ['**/shared/api/*', '!**/shared/api/paths.ts', '!**/shared/api/headers.ts', '**/shared/validation.ts', '**/shared/zod.ts'],
              message: 'These modules build zod schemas: import their types only, or the schema-free module (validation-rules, sites, monitoring-kind).',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // The arrows (ARCHITECTURE §2, §7; decision 011), judged on where an import points.
    files: ['**/*.{ts,tsx,js}'],
    plugins: { arrows },
    rules: { 'arrows/no-cycle': 'error' },
  },
  {
    files: ['src/web/features/**/*.{ts,tsx}'],
    rules: {
      'arrows/feature-boundaries': ['error', { featuresDir: 'src/web/features' }],
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/app/**', '**/server/**'], message: 'Features depend only on lib/, components/, store/ and shared/.' }] }],
    },
  },
  {
    // Tests may reach into any module (they check stored state); everything else goes through the
    // module's service. Only app.ts mounts routes.
    files: ['**/*.{ts,tsx,js}'],
    ignores: ['**/*.test.{ts,tsx}', 'src/server/test/**', 'e2e/**'],
    rules: { 'arrows/module-boundaries': ['error', { modulesDir: 'src/server/modules', publicFiles: ['{module}.service.ts', 'port.ts'], routesFrom: ['src/server/app.ts'] }] },
  },
  {
    // Every schema in the browser bundle is built after zod's jitless setting (CSP: no eval): shared/
    // and web/ take `z` from shared/zod.ts, which sets it before anything can build a schema.
    files: ['src/shared/**/*.ts', 'src/web/**/*.{ts,tsx}'],
    ignores: ['src/shared/zod.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "ImportDeclaration[source.value='zod'][importKind!='type']", message: "Import z from shared/zod.ts (it sets zod's jitless mode first: the CSP allows no eval)." },
      ],
    },
  },
);
