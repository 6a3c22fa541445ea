// The one database client: embedded PGlite under DATA_DIR by default, a node-postgres pool when DATABASE_URL is set.
// Same schema, migrations and queries on both.
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { ListenState } from './listener.ts';
import * as schema from './schema/index.ts';
import { statementCounting, statementLogger } from './statement-count.ts';
import { config, type Config } from '../lib/server/config.ts';
import { provideChangeFeed } from '../lib/server/change-feed.ts';

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
  /**
   * Readiness (src/pages/api/health.ts): true when the database answers `select 1` within `timeoutMs`. On
   * PostgreSQL through a connection of its own, not the pool's: a burst that keeps every pooled connection busy
   * does not make a healthy process look down.
   */
  ping(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

export interface DbOptions {
  /** postgres://... ; when absent, PGlite is used. */
  url?: string;
  /** PGlite data directory, or 'memory://' for an in-memory database. */
  dataDir?: string;
  /**
   * An in-memory PGlite started from a dumped data directory (`dumpDataDir`) instead of an empty cluster: the tests'
   * migrated template (tests/support/seeded.ts), which skips PGlite's initdb (most of a fresh database's cost).
   */
  loadDataDir?: Blob;
}

/** The PostgreSQL extensions the schema uses, as PGlite loads them. */
export async function pgliteExtensions() {
  const { citext } = await import('@electric-sql/pglite/contrib/citext');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  return { citext, pg_trgm, unaccent };
}

export async function openDb(opts: DbOptions): Promise<DbHandle> {
  const logger = statementCounting() ? statementLogger : undefined;
  if (opts.url) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { createListener } = await import('./listener.ts');
    // A request waits at most DB_CONNECT_TIMEOUT_MS for a connection (a new one, or a pooled one under load):
    // then it fails as 'database unavailable' (503 with Retry-After, src/lib/server/db-errors.ts) instead of hanging.
    const pool = new pg.Pool({
      connectionString: opts.url, max: config().DB_POOL_MAX,
      connectionTimeoutMillis: config().DB_CONNECT_TIMEOUT_MS,
    });
    // An idle connection the server closes (restart, failover, a dropped test database) must not crash the process.
    pool.on('error', (err) => console.error('[db] idle connection lost:', err.message));
    const db = drizzle({ client: pool, schema, logger }) as unknown as Db;
    // One dedicated connection carries every LISTEN of this process, reopened when lost (src/db/listener.ts).
    const listener = createListener(opts.url);
    const probe = dedicatedProbe(pg, opts.url);
    return {
      db, kind: 'postgres',
      exec: async (s) => { await pool.query(s); },
      listen: (channel, onPayload) => listener.listen(channel, onPayload),
      listenState: () => listener.state(),
      onListenState: (cb) => listener.onState(cb),
      ping: (timeoutMs) => probe.ping(timeoutMs),
      close: async () => { await probe.close(); await listener.close(); await pool.end(); },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const dataDir = opts.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir.startsWith('memory://') ? undefined : dataDir, {
    extensions: await pgliteExtensions(),
    // PGlite's own start parameters, then the buffer pool (PGLITE_SHARED_BUFFERS_MB; a later -c wins): the 128 MB
    // default was 130 MB of an idle server's 540 MB (docs/architecture-notes.md, "Memory of one process").
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${config().PGLITE_SHARED_BUFFERS_MB}MB`],
    ...(opts.loadDataDir && dataDir.startsWith('memory://') ? { loadDataDir: opts.loadDataDir } : {}),
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
    // PGlite runs in this process: there is no connection to keep apart.
    ping: (timeoutMs) => pingDb(db, timeoutMs),
    close: () => client.close(),
  };
}

type PgModule = typeof import('pg').default;

/**
 * One PostgreSQL connection kept for the readiness probe alone, opened on first use and again after it is lost
 * (or after a probe that did not answer in time). Concurrent probes share it.
 */
export function dedicatedProbe(pg: PgModule, url: string) {
  let client: InstanceType<PgModule['Client']> | null = null;
  let opening: Promise<InstanceType<PgModule['Client']>> | null = null;
  let closed = false;
  const drop = (c: InstanceType<PgModule['Client']>) => {
    if (client === c) client = null;
    c.end().catch(() => {});
  };
  const connection = (timeoutMs: number) => {
    if (client) return Promise.resolve(client);
    opening ??= (async () => {
      const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs, application_name: 'tiendas-health' });
      c.on('error', () => drop(c));
      try {
        await c.connect();
      } catch (err) {
        c.end().catch(() => {});
        throw err;
      } finally {
        opening = null;
      }
      if (closed) { drop(c); throw new Error('closed'); }
      client = c;
      return c;
    })();
    return opening;
  };
  return {
    async ping(timeoutMs: number): Promise<boolean> {
      if (closed) return false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const attempt = connection(timeoutMs).then(async (c) => {
        try {
          await c.query('select 1');
          return true;
        } catch {
          drop(c);
          return false;
        }
      }, () => false);
      try {
        return await Promise.race([attempt, new Promise<boolean>((resolve) => { timer = setTimeout(() => resolve(false), timeoutMs); })]);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      closed = true;
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}

/** True when the database answers `select 1` within `timeoutMs` (the health check on PGlite, src/pages/api/health.ts). */
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

export function configFromEnv(env: Config = config()): DbOptions {
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

// The process caches (src/lib/server/page-cache.ts, shop-cache.ts) listen for changes through this handle.
provideChangeFeed(getDbHandle);

export function setDbHandle(handle: Promise<DbHandle> | undefined) {
  (globalThis as Holder)[KEY] = handle;
}
