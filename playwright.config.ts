import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// Debian's Chromium when present (CI installs it); otherwise a browser installed by `npx playwright install chromium`.
const systemChromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
const PORT = Number(process.env.E2E_PORT ?? 4391);
// Parallel browser workers. Each stateful worker gets a server (and demo database) of its own, picked by its parallel
// index (Playwright sets TEST_PARALLEL_INDEX before a worker loads this file): PORT + 1 + index. The read-only
// tests share the server on PORT.
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);
const parallelIndex = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const STATEFUL = [/onboarding\.spec\.ts/, /builder\.spec\.ts/, /admin\.spec\.ts/, /checkout\.spec\.ts/, /checkout-extras\.spec\.ts/, /store-menu\.spec\.ts/, /blog\.spec\.ts/, /tickets\.spec\.ts/, /returns\.spec\.ts/, /reviews\.spec\.ts/, /stored-xss\.spec\.ts/, /no-script-pay\.spec\.ts/, /wallet\.spec\.ts/, /promoted\.spec\.ts/, /supplier-settings\.spec\.ts/, /supplier-products\.spec\.ts/, /supplier-journey\.spec\.ts/, /resale-workspace\.spec\.ts/, /tracked-sharing\.spec\.ts/, /catalogue-tools\.spec\.ts/, /reseller-journey\.spec\.ts/, /growth-journey\.spec\.ts/, /contact-pin\.spec\.ts/, /collaborators\.spec\.ts/, /campaigns\.spec\.ts/, /open-store\.spec\.ts/, /admin-defects\.spec\.ts/, /slide-text\.spec\.ts/, /builder-panels\.spec\.ts/, /builder-theme\.spec\.ts/, /floating-stack\.spec\.ts/, /builder-undo-panels\.spec\.ts/, /supplier-team\.spec\.ts/, /operator-payouts\.spec\.ts/, /supplier-steps\.spec\.ts/];
// A fresh PGlite folder per run. Workers load this file again; the env variable keeps them on the same folder.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'tiendas-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  retries: 0,
  workers: WORKERS,
  reporter: [['list']],
  globalTeardown: './tests/e2e/teardown.ts',
  use: {
    baseURL: process.env.E2E_BASE_URL ?? `http://127.0.0.1:${PORT}`,
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: systemChromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-dev-shm-usage'],
    },
  },
  // Tests that change shared demo data (publishing a theme, editing a header, buying the last units) run one at a time
  // per server: each parallel worker has a server and a copy of the demo database of its own (tests/e2e/serve.ts), so
  // no other test sees a demo shop half-way through a change, and they run beside the read-only tests, which share
  // the first server.
  projects: [
    { name: 'chromium', testIgnore: STATEFUL, use: { browserName: 'chromium' } },
    process.env.E2E_BASE_URL
      // One external server (E2E_BASE_URL): the stateful tests run after the read-only ones, one at a time.
      ? { name: 'chromium-stateful', testMatch: STATEFUL, dependencies: ['chromium'], workers: 1, use: { browserName: 'chromium' } }
      : { name: 'chromium-stateful', testMatch: STATEFUL, use: { browserName: 'chromium', baseURL: `http://127.0.0.1:${PORT + 1 + parallelIndex}` } },
  ],
  // One server per port, each on its own copy of the demo database seeded once per run (tests/e2e/serve.ts).
  webServer: process.env.E2E_BASE_URL ? undefined : Array.from({ length: WORKERS + 1 }, (_, i) => ({
    command: `"${process.execPath}" tests/e2e/serve.ts server-${i}`,
    url: `http://127.0.0.1:${PORT + i}/api/openapi.json`,
    timeout: 180_000,
    reuseExistingServer: false,
    // Every test signs in from 127.0.0.1: more than the 30 attempts per address and 15 minutes a real address gets;
    // and the suite buys many times over as the same demo customer, more than a shopper's 3 live checkouts.
    // Demo mode (the mail outbox, sandbox payments) as `npm start` on the demo database, said explicitly.
    env: { PORT: String(PORT + i), HOST: '127.0.0.1', E2E_DATA_DIR: dataDir, ASTRO_TELEMETRY_DISABLED: '1', DATABASE_URL: '', DEMO_MODE: '1', LOGIN_LIMIT_PER_ADDRESS: '1000', CHECKOUT_LIMIT_PER_ADDRESS: '1000', CHECKOUT_LIMIT_PER_SHOPPER: '1000' },
  })),

});
