import path from 'node:path';
import type { DbHandle } from './client.ts';
import { config } from '../lib/server/config.ts';

export const MIGRATIONS_DIR = path.resolve(config().MIGRATIONS_DIR);

/** Applies the committed drizzle-kit migrations; safe to run on every start. */
export async function migrate(handle: DbHandle) {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (handle.kind === 'pglite') {
    const { migrate: run } = await import('drizzle-orm/pglite/migrator');
    await run(handle.db as never, config);
  } else {
    const { migrate: run } = await import('drizzle-orm/node-postgres/migrator');
    await run(handle.db as never, config);
  }
}
