// A migrated, empty database for service-level tests: in-memory PGlite, or a fresh PostgreSQL database
// when the suite runs in the integration-postgres project.
import { openDb, type DbHandle } from '../../src/db/client.ts';
import { migrate } from '../../src/db/migrate.ts';
import { createFreshDatabase } from './pg.ts';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PG_MIGRATED_TEMPLATE_ENV, PG_TEMPLATE_ENV, PGLITE_MIGRATED_DUMP_ENV, clonePgliteTemplate, postgresTemplateClause } from './seeded.ts';

export async function freshDb(): Promise<DbHandle & { dispose: () => Promise<void> }> {
  if (process.env.TEST_DB_KIND === 'postgres') {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('TEST_DATABASE_URL is not set');
    // A copy of the run's migrated template when there is one (tests/support/seeded.ts); migrate then finds nothing to do.
    const fresh = await createFreshDatabase(base, 'tiendas_svc', postgresTemplateClause(PG_MIGRATED_TEMPLATE_ENV));
    const handle = await openDb({ url: fresh.url });
    await migrate(handle);
    return { ...handle, dispose: async () => { await handle.close(); await fresh.drop(); } };
  }
  // The run's migrated dump when there is one (run-templates.ts); migrate then finds nothing to do.
  const dump = process.env[PGLITE_MIGRATED_DUMP_ENV];
  const handle = await openDb(dump && existsSync(dump) ? { loadDataDir: new Blob([readFileSync(dump)]) } : {});
  await migrate(handle);
  return { ...handle, dispose: () => handle.close() };
}

/**
 * A copy of the run's migrated and demo-seeded template (tests/support/seeded.ts) for service-level tests that read
 * the demo data: a folder copy (PGlite) or CREATE DATABASE ... TEMPLATE (PostgreSQL), about a second instead of
 * migrating and seeding again. Without a template (a file run on its own outside the projects' global setup) it
 * migrates and seeds as before.
 */
export async function seededDb(): Promise<DbHandle & { dispose: () => Promise<void> }> {
  if (process.env.TEST_DB_KIND === 'postgres' && process.env[PG_TEMPLATE_ENV]) {
    const fresh = await createFreshDatabase(process.env.TEST_DATABASE_URL!, 'tiendas_svc', postgresTemplateClause(PG_TEMPLATE_ENV));
    const handle = await openDb({ url: fresh.url });
    return { ...handle, dispose: async () => { await handle.close(); await fresh.drop(); } };
  }
  if (process.env.TEST_DB_KIND !== 'postgres') {
    const base = mkdtempSync(path.join(os.tmpdir(), 'tiendas-svc-'));
    const dir = path.join(base, 'data');
    if (clonePgliteTemplate(dir)) {
      const handle = await openDb({ dataDir: path.join(dir, 'pglite') });
      return { ...handle, dispose: async () => { await handle.close(); rmSync(base, { recursive: true, force: true }); } };
    }
    rmSync(base, { recursive: true, force: true });
  }
  const handle = await freshDb();
  const { seedDemo } = await import('../../src/db/seed/demo.ts');
  await seedDemo(handle);
  return handle;
}
