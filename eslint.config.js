import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
// eslint-plugin-jsx-a11y is installed as an alias of its ESLint 10 fork, eslint-plugin-jsx-a11y-x (eslint-plugin-astro loads it by that name).
import jsxA11y from 'eslint-plugin-jsx-a11y';

// Lint covers .ts, .tsx and .astro. Problems that predate a rule are listed in eslint-suppressions.json (ESLint's
// bulk suppressions): a new one fails `npm run check`; `npx eslint . --prune-suppressions` shrinks the list after
// a fix. Never add to it to get a change through.
export default defineConfig(
  { ignores: ['dist/', '.out/', 'data/', '.astro/', 'node_modules/', 'test-results/', 'playwright-report/', 'tests/.tmp/'] },
  ...tseslint.configs.recommended,
  ...astro.configs['flat/recommended'],
  ...astro.configs['flat/jsx-a11y-recommended'],
  {
    files: ['islands/**/*.tsx', 'src/**/*.tsx'],
    ...jsxA11y.configs.recommended,
  },
  {
    files: ['islands/**/*.{ts,tsx}', 'src/**/*.tsx'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      'no-restricted-imports': 'off',
    },
  },
  {
    // Rule 1 of the architecture: pages and endpoints never touch the database layer directly.
    files: ['src/pages/**/*.{ts,astro}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/db/schema/**', '**/repo.ts', 'drizzle-orm', 'drizzle-orm/*'], message: 'Pages call services; SQL lives in repo.ts.' }] }] },
  },
  {
    // One config module (issue 24): src/lib/server/config.ts reads and validates the environment; nothing else in the
    // app reads process.env (scripts that run before the build may, validating with the same schema).
    files: ['src/**/*.{ts,tsx,astro}', 'islands/**/*.{ts,tsx}'],
    ignores: ['src/lib/server/config.ts'],
    rules: { 'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read settings through config() from src/lib/server/config.ts (declared and validated there, listed in .env.example).' }] },
  },
);
