import { defineConfig } from 'vitest/config';

// unit: pure rules. integration-*: services on a real database and the built server over HTTP,
// once on PGlite and again on PostgreSQL when TEST_DATABASE_URL is set (CI sets it).
// HTTP suites whose subject is the same on both engines (pages, texts, headers, permissions, validation, the API's
// shape): the server's code path is identical, so they run on PGlite only (the engine `npm start` uses). What does
// depend on the engine runs on both: every service-level suite (SQL through each driver), money, stock and checkout
// races, the page cache's change feed, jobs, process and outage behaviour. A new file runs on both unless listed here
// (docs/architecture-notes.md, "Test suite: where the time goes", third pass).
const ENGINE_INDEPENDENT = [
  'add-to-my-store', 'admin-api', 'admin-defects', 'advisor-messages', 'alerts', 'bad-input', 'blogs', 'campaigns', 'catalogue-tools',
  'contact-pin', 'coordinator', 'dead-ends', 'error-language', 'first-operator', 'http-timeouts', 'invoice', 'invoicing', 'lighthouse', 'locale',
  'onboarding', 'openapi-lint', 'operator-console', 'orders', 'pay-form', 'people', 'permissions', 'platform-pages', 'preferences',
  'proxy-address', 'render-cost', 'reviews', 'search-level-two', 'security-headers', 'seo', 'seo-path-addressing', 'shop-dates-pages',
  'shop-time-zone', 'slide-text', 'store-menu', 'store-plans', 'stored-xss', 'supplier-members', 'supplier-products-csv',
  'supplier-products-storefront', 'supplier-steps', 'tenancy', 'theme-settings', 'themes', 'tracked-sharing', 'transport', 'user-menu', 'validators',
].map((f) => `tests/integration/${f}.test.ts`);

const integration = (name: string, db: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: ['tests/integration/**/*.test.ts'],
    exclude: db === 'postgres' ? ENGINE_INDEPENDENT : [],
    environment: 'node',
    env: { TEST_DB_KIND: db },
    globalSetup: ['tests/support/server-setup.ts'],
    // 60 s: CI runs both engines' projects side by side on two cores, where a service test that takes 1 s alone
    // took 22 s (admin-defects-service's first banner read) and a 30 s limit failed a good run.
    testTimeout: 60_000,
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
