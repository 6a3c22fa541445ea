// The page cache and live product events after a database hiccup (PostgreSQL only: PGlite runs in the process
// and cannot lose its connection). The server's LISTEN connection is terminated the way a failover or an
// operator would (pg_terminate_backend); the server must listen again, so an edit reaches the anonymous page at
// once. The cache TTL is 10 minutes here: only the reopened LISTEN (or the cache being dropped while it is down)
// can explain a fresh page. Open event streams hear a "bulk" event, since what changed meanwhile was not announced.
import http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startServer, type RunningServer } from '../support/server.ts';
import { Client } from '../support/http.ts';

const onPostgres = process.env.TEST_DB_KIND === 'postgres';
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(fn: () => Promise<T | undefined | false>, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await wait(100);
  }
}

/** The raw text of a server-sent events stream, as it arrives. */
function openStream(url: string): { text: () => string; close: () => void } {
  let text = '';
  const req = http.get(url, { headers: { accept: 'text/event-stream' } }, (res) => {
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => { text += chunk; });
    res.on('error', () => {});
  });
  req.on('error', () => {});
  return { text: () => text, close: () => req.destroy() };
}

describe('page cache after the LISTEN connection is terminated (PostgreSQL)', () => {
  beforeEach((ctx) => ctx.skip(!onPostgres, 'PostgreSQL only: PGlite has no LISTEN connection to lose'));
  let server: RunningServer;
  let db: pg.Client;
  beforeAll(async () => {
    if (!onPostgres) return;
    server = await startServer({ db: 'postgres', env: { PAGE_CACHE_TTL_MS: '600000' } });
    db = new pg.Client({ connectionString: server.databaseUrl! });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await server?.stop();
  });

  const listeners = async () => (await db.query<{ pid: number }>(
    "select pid from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()")).rows;

  it('listens again with backoff, and an edit reaches the anonymous page long before the TTL', async () => {
    const page = '/demo-basic/?reconnect-probe=1';
    const anonymous = () => new Client(server.baseUrl).get(page);
    const admin = new Client(server.baseUrl);
    await admin.login('adminbasic@demo.test');
    const api = '/api/shops/demo-basic/admin/store';
    const before = (await admin.get(api)).json().name as string;

    // Warm the page: the second visitor gets it from the cache (which also started the LISTEN).
    await anonymous();
    expect((await anonymous()).headers['x-page-cache']).toBe('hit');
    expect(await until(async () => (await listeners()).length > 0, 10_000)).toBe(true);

    const stream = openStream(`${server.baseUrl}/api/shops/demo-basic/events`);
    await until(async () => stream.text().includes(': connected'), 10_000);

    const old = (await listeners()).map((l) => l.pid);
    const terminated = await db.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()");
    expect(terminated.rowCount).toBeGreaterThan(0);

    // The listener comes back on its own (a new connection LISTENing again).
    await until(async () => (await listeners()).some((l) => !old.includes(l.pid)), 15_000);
    // The storefront's stream is told to look at every card again.
    await until(async () => stream.text().includes('data: {"op":"bulk"}'), 10_000);
    stream.close();

    const renamed = `Tienda reconectada ${Date.now().toString(36)}`;
    try {
      expect((await admin.request('PATCH', api, { body: { name: renamed } })).status).toBe(200);
      const fresh = await until(async () => {
        const r = await anonymous();
        return r.text.includes(renamed) ? r : undefined;
      }, 15_000);
      expect(fresh.status).toBe(200);
    } finally {
      await admin.request('PATCH', api, { body: { name: before } });
    }
  });
});
