import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'dist-ssr', 'node_modules', 'data', 'drizzle', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'check-file': checkFile },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'check-file/filename-naming-convention': [
        'error',
        { 'src/**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { 'src/**/': 'KEBAB_CASE' }],
    },
  },
  {
    // Type-aware rules (issue #9 G): a promise nobody awaits or catches loses its error (an unhandled
    // rejection, a 500 after the answer, a test that passes too early); a promise where a void callback is
    // expected (an event handler, forEach) is the same mistake in disguise.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(#client/|(\\.{1,2}/)+(.*/)?client(/|$))',
              message: 'The server may import only src/shared.',
            },
          ],
        },
      ],
    },
  },
  {
    // Only env.ts reads process.env (STYLE.md §5); tests and tooling config may.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/env.ts', 'src/server/testing/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through src/server/env.ts.' },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(#client/|#server/|(\\.{1,2}/)+(.*/)?(client|server)(/|$))',
              message: 'src/shared imports neither side.',
            },
            {
              group: ['react', 'react-dom', 'drizzle-orm', 'drizzle-orm/*', 'node:*'],
              message: 'src/shared is plain TypeScript + zod.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(#server/|(\\.{1,2}/)+(.*/)?server(/|$))',
              message: 'The client may import only src/shared.',
            },
          ],
        },
      ],
    },
  },
);
