// Applies migrations and, in demo mode only (src/lib/server/modes.ts), seeds the demo data into an empty database:
// its accounts share a published password, so a production database never gets them by default. Used by
// `npm start` and `npm run dev`; run directly with --no-seed to only migrate. `npm run seed` seeds on request.
import { pathToFileURL } from 'node:url';
import { configFromEnv, getDbHandle, setDbHandle } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { seedDemo } from '../src/db/seed/demo.ts';
import { demoMode } from '../src/lib/server/modes.ts';
import { loadConfig } from '../src/lib/server/config.ts';

export async function prepareDatabase({ seed = demoMode(), log = console.log } = {}) {
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
  // Run by `npm run dev` (astro dev: NODE_ENV development, demo mode unless DEMO_MODE=0) and `npm run db:migrate`.
  const seed = !process.argv.includes('--no-seed') && demoMode(loadConfig({ ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' }));
  const handle = await prepareDatabase({ seed });
  await handle.close();
  setDbHandle(undefined);
}
