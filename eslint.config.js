import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig(
  { ignores: ['dist/', '.out/', 'data/', '.astro/', 'node_modules/', 'test-results/', 'playwright-report/', 'tests/.tmp/', '**/*.astro'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      // Rule 1 of the architecture: pages and endpoints never touch the database layer directly.
      'no-restricted-imports': 'off',
    },
  },
  {
    files: ['src/pages/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/db/schema/**', '**/repo.ts', 'drizzle-orm', 'drizzle-orm/*'], message: 'Pages call services; SQL lives in repo.ts.' }] }] },
  },
);
