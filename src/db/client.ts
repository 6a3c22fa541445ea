// The one database client: embedded PGlite under DATA_DIR by default, a node-postgres pool when DATABASE_URL is set.
// Same schema, migrations and queries on both.
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { ListenState } from './listener.ts';
import * as schema from './schema/index.ts';
import { statementCounting, statementLogger } from './statement-count.ts';

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
  /**
   * 'down' while the LISTEN connection is lost and being reopened (PostgreSQL only): notifications sent meanwhile
   * are lost, so state derived from them (caches) must be dropped and not trusted until 'up'.
   */
  listenState(): ListenState;
  onListenState(cb: (state: ListenState) => void): () => void;
  close(): Promise<void>;
}

export interface DbOptions {
  /** postgres://... ; when absent, PGlite is used. */
  url?: string;
  /** PGlite data directory, or 'memory://' for an in-memory database. */
  dataDir?: string;
}

export async function openDb(opts: DbOptions): Promise<DbHandle> {
  const logger = statementCounting() ? statementLogger : undefined;
  if (opts.url) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { createListener } = await import('./listener.ts');
    const pool = new pg.Pool({ connectionString: opts.url, max: Number(process.env.DB_POOL_MAX ?? 10) });
    // An idle connection the server closes (restart, failover, a dropped test database) must not crash the process.
    pool.on('error', (err) => console.error('[db] idle connection lost:', err.message));
    const db = drizzle({ client: pool, schema, logger }) as unknown as Db;
    // One dedicated connection carries every LISTEN of this process, reopened when lost (src/db/listener.ts).
    const listener = createListener(opts.url);
    return {
      db, kind: 'postgres',
      exec: async (s) => { await pool.query(s); },
      listen: (channel, onPayload) => listener.listen(channel, onPayload),
      listenState: () => listener.state(),
      onListenState: (cb) => listener.onState(cb),
      close: async () => { await listener.close(); await pool.end(); },
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
  const db = drizzle({ client, schema, logger }) as unknown as Db;
  return {
    db, kind: 'pglite',
    exec: async (s) => { await client.exec(s); },
    listen: async (channel, onPayload) => {
      const unsub = await client.listen(channel, onPayload);
      return async () => { await unsub(); };
    },
    // PGlite runs in this process: its notifications cannot be cut off.
    listenState: () => 'up',
    onListenState: () => () => {},
    close: () => client.close(),
  };
}

/** True when the database answers `select 1` within `timeoutMs` (the health check, src/pages/api/health.ts). */
export async function pingDb(db: Db, timeoutMs: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      db.execute(sql`select 1`).then(() => true, () => false),
      new Promise<boolean>((resolve) => { timer = setTimeout(() => resolve(false), timeoutMs); }),
    ]);
  } finally {
    clearTimeout(timer);
  }
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
