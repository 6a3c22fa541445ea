// One migrated and demo-seeded database per test run, cloned for every server that needs a fresh one, instead of
// migrating and seeding the demo data again at each server start (docs/architecture-notes.md, "Test suite: where the
// time goes"). PGlite: a data folder prepared once and copied; PostgreSQL: a template database and
// `CREATE DATABASE ... TEMPLATE`. The server still runs its migrations and the demo seed on start: on a clone both
// find nothing to do, so a template from older migrations could never hide a new one.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** Set by the prepared template's owner (vitest global setup, tests/e2e/serve.ts): a PGlite data folder. */
export const PGLITE_TEMPLATE_ENV = 'TIENDAS_TEST_PGLITE_TEMPLATE';
/** Set likewise: a PostgreSQL database on the TEST_DATABASE_URL server, used as a template. */
export const PG_TEMPLATE_ENV = 'TIENDAS_TEST_PG_TEMPLATE';
/** Set likewise: a migrated, empty PostgreSQL template for service-level tests (tests/support/db.ts freshDb). */
export const PG_MIGRATED_TEMPLATE_ENV = 'TIENDAS_TEST_PG_MIGRATED_TEMPLATE';
/** Set likewise: a migrated, empty PGlite data directory dumped to a file, loaded into memory by freshDb. */
export const PGLITE_MIGRATED_DUMP_ENV = 'TIENDAS_TEST_PGLITE_MIGRATED_DUMP';

function prepare(env: Record<string, string>, seed = true): void {
  // The server's own preparation (scripts/prepare-db.mjs: migrations, demo seed, ANALYZE), in a process of its own.
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts/prepare-db.mjs'), ...(seed ? [] : ['--no-seed'])], {
    cwd: ROOT, encoding: 'utf8', env: { ...(process.env as Record<string, string>), DEMO_MODE: '1', ASTRO_TELEMETRY_DISABLED: '1', ...env },
  });
  if (r.status !== 0) throw new Error(`preparing the seeded template failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
}

/** Migrates and seeds a PGlite data folder at `dir`. */
export function makePgliteTemplateAt(dir: string): void {
  prepare({ DATA_DIR: dir, DATABASE_URL: '' });
}

/** A seeded PGlite data folder (made now); `dispose` removes it. */
export function makePgliteTemplate(): { dir: string; dispose: () => void } {
  const base = mkdtempSync(path.join(os.tmpdir(), 'tiendas-template-'));
  const dir = path.join(base, 'data');
  makePgliteTemplateAt(dir);
  return { dir, dispose: () => rmSync(base, { recursive: true, force: true }) };
}

/** Copies the seeded PGlite template into `target` (an empty or missing folder); false when there is none. */
export function clonePgliteTemplate(target: string, template = process.env[PGLITE_TEMPLATE_ENV]): boolean {
  if (!template || !existsSync(template)) return false;
  mkdirSync(target, { recursive: true });
  cpSync(template, target, { recursive: true });
  return true;
}

const dbUrl = (base: string, name: string) => { const u = new URL(base); u.pathname = `/${name}`; return u.toString(); };

async function admin<T>(base: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try { return await fn(c); } finally { await c.end(); }
}

/** A seeded (or only migrated) PostgreSQL template database on the TEST_DATABASE_URL server (made now); `dispose` drops it. */
export async function makePostgresTemplate(base: string, { seed = true } = {}): Promise<{ name: string; dispose: () => Promise<void> }> {
  const name = `tiendas_tpl${seed ? '' : 'm'}_${process.pid}_${Date.now().toString(36)}`;
  await admin(base, (c) => c.query(`CREATE DATABASE "${name}"`));
  try {
    prepare({ DATABASE_URL: dbUrl(base, name) }, seed);
  } catch (err) {
    await admin(base, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    throw err;
  }
  return { name, dispose: () => admin(base, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined) };
}

/** The SQL clause that copies the seeded template into a new database, or '' when there is no template. */
export function postgresTemplateClause(env = PG_TEMPLATE_ENV): string {
  const name = process.env[env];
  return name ? ` TEMPLATE "${name}"` : '';
}

/**
 * A migrated, empty PGlite database dumped to a file (made now); `dispose` removes it. freshDb loads it into memory
 * (about 4 s on a loaded machine) instead of starting an empty cluster and migrating it (about 21 s there): PGlite's
 * initdb is most of that cost.
 */
export async function makePgliteMigratedDump(): Promise<{ file: string; dispose: () => void }> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { pgliteExtensions } = await import('../../src/db/client.ts');
  const { migrate } = await import('../../src/db/migrate.ts');
  const client = await PGlite.create({ extensions: await pgliteExtensions() });
  try {
    await migrate({ kind: 'pglite', db: drizzle({ client }) } as never);
    const dump = await client.dumpDataDir('none');
    const base = mkdtempSync(path.join(os.tmpdir(), 'tiendas-migrated-'));
    const file = path.join(base, 'migrated.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    return { file, dispose: () => rmSync(base, { recursive: true, force: true }) };
  } finally {
    await client.close();
  }
}
