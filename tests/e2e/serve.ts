// The Playwright web servers: `node tests/e2e/serve.ts <name>` serves a copy of the run's seeded demo database
// (E2E_DATA_DIR/template, migrated and seeded once by whichever server comes first) from E2E_DATA_DIR/<name>, so
// each server gets its own demo shops without seeding them again. Then it is `npm start` (scripts/start.mjs).
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { clonePgliteTemplate, makePgliteTemplateAt, PGLITE_TEMPLATE_ENV } from '../support/seeded.ts';

const root = process.env.E2E_DATA_DIR;
const name = process.argv[2];
if (!root || !name) throw new Error('usage: E2E_DATA_DIR=... node tests/e2e/serve.ts <name>');
// The run's template when `npm test` made one (tests/support/run-templates.ts), else one made here.
const shared = process.env[PGLITE_TEMPLATE_ENV];
const template = shared && existsSync(shared) ? shared : path.join(root, 'template');
const ready = path.join(root, 'template.ready');
const lock = path.join(root, 'template.lock');

if (template !== shared && !existsSync(ready)) {
  let owner = false;
  try { mkdirSync(lock); owner = true; } catch { /* another server prepares it */ }
  if (owner) {
    const started = Date.now();
    makePgliteTemplateAt(template);
    writeFileSync(ready, '');
    console.log(`[e2e] seeded template ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } else {
    while (!existsSync(ready)) await new Promise((r) => setTimeout(r, 200));
  }
}
const dir = path.join(root, name);
rmSync(dir, { recursive: true, force: true });
clonePgliteTemplate(dir, template);
process.env.DATA_DIR = dir;
await import('../../scripts/start.mjs');
