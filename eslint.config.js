// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['build/', 'data/', 'node_modules/', 'coverage/', 'bench/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      // A file a newcomer can read whole: split by idea before it grows past this.
      'max-lines': ['error', { max: 400 }],
    },
  },
  {
    // esbuild cannot tree-shake zod's re-exported `z` object: `import { z }` ships all of zod
    // (locales included) to the browser; `import * as z` ships what is used.
    files: ['client/**/*.{ts,tsx}', 'shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "ImportDeclaration[source.value='zod'][importKind='value'] > :matches(ImportSpecifier[imported.name='z'], ImportDefaultSpecifier)",
          message: "Use `import * as z from 'zod'` (tree-shakeable in the client bundle).",
        },
      ],
    },
  },
  { files: ['**/*.js'], languageOptions: { globals: globals.node } },
  {
    files: ['scripts/**', 'cli/**', 'tests/**', '**/*.test.{ts,tsx}', 'server/index.ts'],
    rules: { 'no-console': 'off' },
  },
);
