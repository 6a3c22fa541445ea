import { defineConfig } from 'vitest/config';

// unit: pure rules. integration-*: services on a real database and the built server over HTTP,
// once on PGlite and again on PostgreSQL when TEST_DATABASE_URL is set (CI sets it).
const integration = (name: string, db: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: ['tests/integration/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DB_KIND: db },
    globalSetup: ['tests/support/server-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});

const UNIT_ISOLATED = ['tests/unit/page-cache*.test.ts'];

export default defineConfig({
  test: {
    projects: [
      // Explicit timeouts everywhere: vitest's 5 s default fails good tests on a loaded machine (issue 24).
      // Pure rules share one module graph per worker (isolate: false): loading the modules again for each of 50
      // files was 80 % of the project's time. The files that set up a module's process-wide state (the page cache,
      // set up against a fake database and an env bound) keep a fresh graph each, in unit-isolated.
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], exclude: UNIT_ISOLATED, environment: 'node', isolate: false, testTimeout: 20_000, hookTimeout: 60_000 } },
      { test: { name: 'unit-isolated', include: UNIT_ISOLATED, environment: 'node', testTimeout: 20_000, hookTimeout: 60_000 } },
      { test: { name: 'islands', include: ['tests/islands/**/*.test.tsx'], environment: 'jsdom', isolate: false, setupFiles: ['tests/islands/setup-file.ts'], testTimeout: 30_000, hookTimeout: 60_000 } },
      integration('integration-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [integration('integration-postgres', 'postgres')] : []),
    ],
  },
});
