// A migrated, empty database for service-level tests: in-memory PGlite, or a fresh PostgreSQL database
// when the suite runs in the integration-postgres project.
import { openDb, type DbHandle } from '../../src/db/client.ts';
import { migrate } from '../../src/db/migrate.ts';
import { createFreshDatabase } from './pg.ts';

export async function freshDb(): Promise<DbHandle & { dispose: () => Promise<void> }> {
  if (process.env.TEST_DB_KIND === 'postgres') {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('TEST_DATABASE_URL is not set');
    const fresh = await createFreshDatabase(base, 'tiendas_svc');
    const handle = await openDb({ url: fresh.url });
    await migrate(handle);
    return { ...handle, dispose: async () => { await handle.close(); await fresh.drop(); } };
  }
  const handle = await openDb({});
  await migrate(handle);
  return { ...handle, dispose: () => handle.close() };
}
