// Applies migrations and seeds the demo data into an empty database. Used by `npm start` and `npm run dev`;
// run directly with --no-seed to only migrate.
import { pathToFileURL } from 'node:url';
import { configFromEnv, getDbHandle, setDbHandle } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { seedDemo } from '../src/db/seed/demo.ts';

export async function prepareDatabase({ seed = true, log = console.log } = {}) {
  const config = configFromEnv();
  const handle = await getDbHandle();
  log(`[db] ${handle.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`);
  await migrate(handle);
  if (seed) {
    const started = Date.now();
    const { seeded } = await seedDemo(handle);
    if (seeded) {
      // Fresh planner statistics: without them the first plans guess one row per table.
      await handle.exec('ANALYZE');
      log(`[db] demo data seeded in ${Date.now() - started} ms`);
    }
  }
  return handle;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const handle = await prepareDatabase({ seed: !process.argv.includes('--no-seed') });
  await handle.close();
  setDbHandle(undefined);
}
