// The run's seeded templates, made once for the whole `npm test` (scripts/test.mjs) instead of once per stage: the
// PGlite data folder that the integration-pglite servers and the Playwright servers copy, a migrated PGlite dump that
// service-level tests load (freshDb), and the PostgreSQL
// templates (seeded, and migrated only) when TEST_DATABASE_URL is set. `make` prints the environment variables
// that point at them (tests/support/seeded.ts reads them); `dispose` removes what they name.
//   node tests/support/run-templates.ts make      -> {"TIENDAS_TEST_PGLITE_TEMPLATE": "...", ...} on stdout's last line
//   node tests/support/run-templates.ts dispose   (with those variables in the environment)
import { rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { makePgliteMigratedDump, makePgliteTemplate, makePostgresTemplate, PG_MIGRATED_TEMPLATE_ENV, PG_TEMPLATE_ENV, PGLITE_MIGRATED_DUMP_ENV, PGLITE_TEMPLATE_ENV } from './seeded.ts';

const base = process.env.TEST_DATABASE_URL;
if (process.argv[2] === 'make') {
  const started = Date.now();
  const env: Record<string, string> = { [PGLITE_TEMPLATE_ENV]: makePgliteTemplate().dir };
  env[PGLITE_MIGRATED_DUMP_ENV] = (await makePgliteMigratedDump()).file;
  if (base) {
    env[PG_TEMPLATE_ENV] = (await makePostgresTemplate(base)).name;
    env[PG_MIGRATED_TEMPLATE_ENV] = (await makePostgresTemplate(base, { seed: false })).name;
  }
  console.error(`[templates] seeded templates ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.log(JSON.stringify(env));
} else if (process.argv[2] === 'dispose') {
  const dir = process.env[PGLITE_TEMPLATE_ENV];
  // makePgliteTemplate's folder is <tmp>/tiendas-template-*/data: remove the parent it made.
  if (dir) rmSync(path.dirname(dir), { recursive: true, force: true });
  // makePgliteMigratedDump's file is <tmp>/tiendas-migrated-*/migrated.tar.
  const dump = process.env[PGLITE_MIGRATED_DUMP_ENV];
  if (dump) rmSync(path.dirname(dump), { recursive: true, force: true });
  const names = [process.env[PG_TEMPLATE_ENV], process.env[PG_MIGRATED_TEMPLATE_ENV]].filter(Boolean);
  if (base && names.length) {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    try { for (const n of names) await c.query(`DROP DATABASE IF EXISTS "${n}" WITH (FORCE)`); } finally { await c.end(); }
  }
} else {
  throw new Error('usage: node tests/support/run-templates.ts make|dispose');
}
