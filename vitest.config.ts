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

export default defineConfig({
  test: {
    projects: [
      // Explicit timeouts everywhere: vitest's 5 s default fails good tests on a loaded machine (issue 24).
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', testTimeout: 20_000, hookTimeout: 60_000 } },
      { test: { name: 'islands', include: ['tests/islands/**/*.test.tsx'], environment: 'jsdom', testTimeout: 30_000, hookTimeout: 60_000 } },
      integration('integration-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [integration('integration-postgres', 'postgres')] : []),
    ],
  },
});
