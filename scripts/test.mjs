// `npm test`: build when stale, then unit + islands, the integration tests on PGlite and (when TEST_DATABASE_URL is
// set) on PostgreSQL side by side, then the Playwright end-to-end tests in Chromium. Each stage prints its duration,
// and a summary of all of them closes the run (docs/architecture-notes.md, "Test suite: where the time goes").
// Arguments after `npm test --` go to every vitest stage (a file filter, `--reporter=json`, ...).
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { buildIfStale } from './build-if-stale.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
process.env.ASTRO_TELEMETRY_DISABLED = '1';
const timings = [];
// Lines that name a failed file or test, per stage: repeated in the closing summary, because a CI log is often read
// from its end and vitest's own list of failures scrolls away under the next stage's output.
const failures = [];
const FAILED_LINE = /^\s*(FAIL\b|×|✘|\d+\) \[)|Test Files .*failed|Tests .*failed|^\s*\d+ failed\b|\| \d+ failed\)|Unhandled Error/;
const stripAnsi = (s) => s.replace(/\x1b\[[0-9;]*m/g, '');
const fmt = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Runs one of the project's scripts with `args`. `tag`: the stage runs beside another one, so each line it prints is
 * prefixed with its name (the two logs stay readable when they interleave).
 */
function run(script, args, tag) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, script), ...args], { cwd: ROOT, env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const [from, to] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
      readline.createInterface({ input: from }).on('line', (line) => {
        to.write(tag ? `[${tag}] ${line}\n` : `${line}\n`);
        const plain = stripAnsi(line);
        // Playwright's list reporter marks a failed test with ✘ and its retries and summary with "N) [project] ...".
        if (FAILED_LINE.test(plain) && !/\s✓\s/.test(plain) && failures.length < 60) failures.push(`${tag ? `[${tag}] ` : ''}${plain.trim()}`);
      });
    }
    child.once('error', (err) => { console.error(err); resolve(1); });
    child.once('close', (code) => resolve(code ?? 1));
  });
}

async function stage(name, fn) {
  const started = Date.now();
  console.log(`\n[test] ${name}: starting`);
  let status;
  try { status = await fn(); } catch (err) { console.error(err); status = 1; }
  const ms = Date.now() - started;
  timings.push({ name, ms, status });
  console.log(`[test] ${name}: ${status === 0 ? 'passed' : `FAILED (${status})`} in ${fmt(ms)}`);
  return status;
}

// With a filter, a stage whose project holds none of the named files passes instead of failing.
const extra = process.argv.slice(2);
// TEST_REPORT_DIR: each stage also writes a JSON report there (per-file and per-test durations).
const reports = process.env.TEST_REPORT_DIR ? path.resolve(process.env.TEST_REPORT_DIR) : null;
const jsonReport = (name) => (reports ? ['--reporter=default', '--reporter=json', `--outputFile.json=${path.join(reports, `${name}.json`)}`] : []);
const vitest = (projects, tag) => run('node_modules/vitest/vitest.mjs', [
  'run', ...projects.flatMap((p) => ['--project', p]), ...jsonReport(projects.join('+')), ...(extra.length ? ['--passWithNoTests', ...extra] : []),
], tag);

/**
 * The run's seeded templates (tests/support/run-templates.ts), made in a process of their own while the unit and
 * islands tests run, and copied by every server the integration and Playwright stages start.
 */
function makeTemplates() {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'tests/support/run-templates.ts'), 'make'], { cwd: ROOT, env: process.env, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => { out += d; });
    child.once('close', (code) => {
      const last = out.trim().split('\n').at(-1) ?? '';
      if (code === 0 && last.startsWith('{')) { Object.assign(process.env, JSON.parse(last)); resolve(0); }
      else { console.error(`[test] the seeded templates could not be made (${code}):\n${out}`); resolve(1); }
    });
  });
}

const total = Date.now();
const results = [];
results.push(await stage('build', () => { buildIfStale(); return 0; }));
if (results[0] === 0) {
  const templates = makeTemplates();
  results.push(await stage('vitest unit + islands', () => vitest(['unit', 'unit-isolated', 'islands'])));
  results.push(await stage('seeded templates (made meanwhile)', () => templates));
  // The two integration projects share nothing (each its own seeded template, servers on free ports, databases of
  // their own) and each runs its files one at a time, mostly waiting on one process or another: side by side they
  // keep both cores busy and take about as long as the longer one alone.
  const integration = [stage('vitest integration-pglite', () => vitest(['integration-pglite'], process.env.TEST_DATABASE_URL ? 'pglite' : undefined))];
  if (process.env.TEST_DATABASE_URL) integration.push(stage('vitest integration-postgres', () => vitest(['integration-postgres'], 'postgres')));
  else console.log('[test] TEST_DATABASE_URL is not set: the PostgreSQL integration project is skipped');
  results.push(...(await Promise.all(integration)));
  if (reports) process.env.PLAYWRIGHT_JSON_OUTPUT_NAME = path.join(reports, 'playwright.json');
  results.push(await stage('playwright', () => run('node_modules/@playwright/test/cli.js', ['test', ...(reports ? ['--reporter=list,json'] : [])])));
}
if (process.env.TIENDAS_TEST_PGLITE_TEMPLATE) await run('tests/support/run-templates.ts', ['dispose']);
console.log('\n[test] stage durations:');
for (const t of timings) console.log(`[test]   ${t.name.padEnd(30)} ${fmt(t.ms).padStart(9)}  ${t.status === 0 ? 'ok' : 'FAILED'}`);
console.log(`[test]   ${'total'.padEnd(30)} ${fmt(Date.now() - total).padStart(9)}`);
if (failures.length) {
  console.log('\n[test] what failed (repeated from above):');
  for (const line of [...new Set(failures)]) console.log(`[test]   ${line}`);
}
process.exit(results.find((s) => s !== 0) ?? 0);
