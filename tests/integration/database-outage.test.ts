// Under faults (PostgreSQL): with the database unreachable the API answers 503 database_unavailable and pages a
// short 503 page in the visitor's language, both with Retry-After (before: 500 internal_error), and everything
// answers again once it is back, without a restart. Liveness (/api/health/live) stays 200 meanwhile; readiness
// (/api/health, /api/health/ready) says 503, and has a connection of its own: a pool whose every connection is
// busy does not make it fail (before: it waited for the pool and gave up after 2 s).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';
import { startServer, type RunningServer } from '../support/server.ts';

const onPostgres = process.env.TEST_DB_KIND === 'postgres';

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await c.connect();
  try { return await fn(c); } finally { await c.end(); }
}

async function until(fn: () => Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!(await fn())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

// PGlite runs inside the server process: it cannot be stopped or cut off while the process runs.
describe.runIf(onPostgres)('the database unreachable (PostgreSQL; PGlite is in-process and cannot go away)', () => {
  let server: RunningServer;
  let dbName: string;
  const client = () => new Client(server.baseUrl);
  beforeAll(async () => {
    // One pooled connection: one blocked request holds the whole pool. No demo data: nothing here needs it.
    server = await startServer({ db: 'postgres', env: { DEMO_MODE: '0', DB_POOL_MAX: '1' } });
    dbName = new URL(server.databaseUrl!).pathname.slice(1);
  });
  afterAll(async () => {
    await admin((c) => c.query(`ALTER DATABASE "${dbName}" ALLOW_CONNECTIONS true`)).catch(() => {});
    await server?.stop();
  });

  it('readiness answers on its own connection while every pooled connection is busy', async () => {
    const locker = new pg.Client({ connectionString: server.databaseUrl! });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE rate_limits IN ACCESS EXCLUSIVE MODE');
      // A sign-in counts its attempt in rate_limits: it waits on the lock, holding the pool's only connection.
      const login = client().post('/api/auth/login', { email: 'someone@example.test', password: 'wrong-password' });
      await until(async () => (await locker.query(`SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted AND relation = 'rate_limits'::regclass`)).rows[0].n > 0, 10_000);
      for (const path of ['/api/health', '/api/health/ready']) {
        const r = await client().get(path);
        expect(r.status, path).toBe(200);
        expect(r.json()).toEqual({ status: 'ok', database: 'up', draining: false });
      }
      await locker.query('ROLLBACK');
      expect((await login).status).toBe(401);
    } finally {
      await locker.end();
    }
  });

  it('answers 503 with Retry-After while the database refuses connections, and recovers without a restart', async () => {
    const c = client();
    expect((await c.get('/api/shops/no-such-shop')).status).toBe(404);
    expect((await c.get('/')).status).toBe(200);
    await admin(async (a) => {
      await a.query(`ALTER DATABASE "${dbName}" ALLOW_CONNECTIONS false`);
      await a.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [dbName]);
    });

    const api = await c.get('/api/shops/no-such-shop', { headers: { 'accept-language': 'en' } });
    expect(api.status, api.text).toBe(503);
    expect(Number(api.headers['retry-after'])).toBeGreaterThan(0);
    expect(api.json().error).toEqual({ code: 'database_unavailable', message: expect.stringMatching(/database is briefly unavailable/) });
    const write = await c.post('/api/auth/login', { email: 'someone@example.test', password: 'wrong-password' });
    expect(write.status).toBe(503);
    expect(write.json().error.code).toBe('database_unavailable');

    const page = await c.get('/', { headers: { 'accept-language': 'es' } });
    expect(page.status).toBe(503);
    expect(Number(page.headers['retry-after'])).toBeGreaterThan(0);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.text).toMatch(/<html lang="es">[\s\S]*Volvemos en un momento/);
    const english = await c.get('/', { headers: { 'accept-language': 'en' } });
    expect(english.text).toMatch(/Back in a moment/);

    // The process is alive; it is not ready.
    expect((await c.get('/api/health/live')).status).toBe(200);
    const ready = await c.get('/api/health');
    expect(ready.status).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'unavailable', database: 'down' });

    await admin((a) => a.query(`ALTER DATABASE "${dbName}" ALLOW_CONNECTIONS true`));
    await until(async () => (await c.get('/api/health')).status === 200, 15_000);
    expect((await c.get('/api/shops/no-such-shop')).status).toBe(404);
    expect((await c.get('/')).status).toBe(200);
    expect((await c.post('/api/auth/login', { email: 'someone@example.test', password: 'wrong-password' })).status).toBe(401);
  });
});
