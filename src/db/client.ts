// The one database client: embedded PGlite under DATA_DIR by default, a node-postgres pool when DATABASE_URL is set.
// Same schema, migrations and queries on both.
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT & any, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs a raw statement (migrations, tests). */
  exec(sqlText: string): Promise<void>;
  /** LISTEN on a channel (NOTIFY from triggers); answers a function that stops listening. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface DbOptions {
  /** postgres://... ; when absent, PGlite is used. */
  url?: string;
  /** PGlite data directory, or 'memory://' for an in-memory database. */
  dataDir?: string;
}

export async function openDb(opts: DbOptions): Promise<DbHandle> {
  if (opts.url) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new pg.Pool({ connectionString: opts.url, max: Number(process.env.DB_POOL_MAX ?? 10) });
    // An idle connection the server closes (restart, failover, a dropped test database) must not crash the process.
    pool.on('error', (err) => console.error('[db] idle connection lost:', err.message));
    const db = drizzle({ client: pool, schema }) as unknown as Db;
    // One dedicated connection carries every LISTEN of this process.
    let listener: import('pg').PoolClient | null = null;
    const handlers = new Map<string, Set<(p: string) => void>>();
    return {
      db, kind: 'postgres',
      exec: async (s) => { await pool.query(s); },
      listen: async (channel, onPayload) => {
        if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel ${channel}`);
        if (!listener) {
          listener = await pool.connect();
          listener.on('error', (err) => console.error('[db] listen connection lost:', err.message));
          listener.on('notification', (n) => handlers.get(n.channel)?.forEach((h) => h(n.payload ?? '')));
        }
        let set = handlers.get(channel);
        if (!set) { set = new Set(); handlers.set(channel, set); await listener.query(`LISTEN ${channel}`); }
        set.add(onPayload);
        return async () => { set!.delete(onPayload); };
      },
      close: async () => { listener?.release(); await pool.end(); },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { citext } = await import('@electric-sql/pglite/contrib/citext');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  const { drizzle } = await import('drizzle-orm/pglite');
  const dataDir = opts.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir.startsWith('memory://') ? undefined : dataDir, {
    extensions: { citext, pg_trgm, unaccent },
  });
  const db = drizzle({ client, schema }) as unknown as Db;
  return {
    db, kind: 'pglite',
    exec: async (s) => { await client.exec(s); },
    listen: async (channel, onPayload) => {
      const unsub = await client.listen(channel, onPayload);
      return async () => { await unsub(); };
    },
    close: () => client.close(),
  };
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): DbOptions {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL };
  return { dataDir: path.resolve(env.DATA_DIR ?? 'data', 'pglite') };
}

// One handle per process, kept on globalThis so the start script and the built server bundle
// (which carries its own copy of this module) share it instead of opening PGlite twice.
const KEY = Symbol.for('tiendas.db');
type Holder = { [KEY]?: Promise<DbHandle> };

export function getDbHandle(): Promise<DbHandle> {
  const g = globalThis as Holder;
  g[KEY] ??= openDb(configFromEnv());
  return g[KEY];
}

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

export function setDbHandle(handle: Promise<DbHandle> | undefined) {
  (globalThis as Holder)[KEY] = handle;
}
