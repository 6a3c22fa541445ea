// A migrated, empty database for service-level tests: in-memory PGlite, or a fresh PostgreSQL database
// when the suite runs in the integration-postgres project.
import { openDb, type DbHandle } from '../../src/db/client.ts';
import { migrate } from '../../src/db/migrate.ts';
import { createFreshDatabase } from './pg.ts';
import { PG_MIGRATED_TEMPLATE_ENV, postgresTemplateClause } from './seeded.ts';

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
  const handle = await openDb({});
  await migrate(handle);
  return { ...handle, dispose: () => handle.close() };
}
