// `npm test`: build when stale, then unit + integration (PGlite, and PostgreSQL when TEST_DATABASE_URL is set),
// then the Playwright end-to-end tests in Chromium.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildIfStale } from './build-if-stale.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
process.env.ASTRO_TELEMETRY_DISABLED = '1';
const run = (script, args) => {
  const r = spawnSync(process.execPath, [path.join(ROOT, script), ...args], { cwd: ROOT, stdio: 'inherit', env: process.env });
  return r.status ?? 1;
};

buildIfStale();
if (!process.env.TEST_DATABASE_URL) console.log('[test] TEST_DATABASE_URL is not set: the PostgreSQL integration project is skipped');
const vitest = run('node_modules/vitest/vitest.mjs', ['run', ...process.argv.slice(2)]);
const e2e = run('node_modules/@playwright/test/cli.js', ['test']);
process.exit(vitest || e2e);
