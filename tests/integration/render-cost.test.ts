// What a storefront render costs when the page cache cannot answer (issue 16): the SQL statements of one anonymous
// home render (counted by the server, src/db/statement-count.ts; the test server runs with SQL_COUNT=1), and the
// per-process shop data cache (src/lib/server/shop-cache.ts) showing an admin's change on the next render: in the
// process that took the write at once, and on PostgreSQL in a second process through the database's notifications.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { Client } from '../support/http.ts';
import { startServer, type RunningServer } from '../support/server.ts';

/** At most this many statements for an anonymous home render (the shop, its theme, header and menus come from memory). */
const HOME_STATEMENTS_MAX = 6;
const SHOP = 'demo-deshabilitada';
const API = `/api/shops/${SHOP}`;

/** A page-cache miss (its own query string) of `path`, with the statements it cost. */
async function render(c: Client, path: string) {
  const r = await c.get(`${path}${path.includes('?') ? '&' : '?'}render-cost=${randomUUID()}`, { headers: { 'x-sql-count': '1' } });
  const n = r.headers['x-sql-statements'];
  return { status: r.status, text: r.text, statements: n === undefined ? NaN : Number(n) };
}
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const packOf = (html: string) => /data-theme-pack="([^"]+)"/.exec(html)?.[1];

async function poll<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 5000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('statements of an uncached render', () => {
  it(`an anonymous home render sends at most ${HOME_STATEMENTS_MAX} SQL statements, for every demo pack`, async () => {
    for (const slug of ['demo-03', 'demo-04', 'demo-fifth', 'demo-basic']) {
      const c = new Client();
      await render(c, `/${slug}/`); // the first render of a shop in this process reads its data
      const r = await render(c, `/${slug}/`);
      expect(r.status, slug).toBe(200);
      expect(r.statements, slug).toBeLessThanOrEqual(HOME_STATEMENTS_MAX);
    }
  });

  it('counts what a render sends: a signed-in render costs more', async () => {
    const anon = new Client();
    const warm = await render(anon, '/demo-03/');
    expect(warm.statements).toBeGreaterThan(0);
    const c = new Client();
    await c.login('cliente@demo.test');
    const signedIn = await render(c, '/demo-03/');
    expect(signedIn.status).toBe(200);
    // A signed-in viewer reads the shop's data fresh (and their session, cart, alerts).
    expect(signedIn.statements).toBeGreaterThan((await render(anon, '/demo-03/')).statements);
  });
});

describe('shop data kept per process', () => {
  const admin = new Client();
  let before: { name: string; pack: string };
  beforeAll(async () => {
    await admin.login('admindeshabilitada@demo.test');
    before = { name: (await admin.get(`${API}/admin/store`)).json().name, pack: (await admin.get(`${API}/theme`)).json().theme_pack };
  });
  afterAll(async () => {
    await admin.request('PATCH', `${API}/admin/store`, { body: { name: before.name } });
    await admin.request('PUT', `${API}/theme`, { body: { theme_pack: before.pack } });
  });

  it("an admin's change of the shop's name and theme shows on the next render, anonymous or signed in", async () => {
    const anon = new Client();
    // A write (unchanged name) empties what this process keeps of the shop: the first render reads it, the next do not.
    expect((await admin.request('PATCH', `${API}/admin/store`, { body: { name: before.name } })).status).toBe(200);
    const first = await render(anon, `/${SHOP}/`);
    expect(titleOf(first.text)).toBe(before.name);
    expect((await render(anon, `/${SHOP}/`)).statements).toBeLessThan(first.statements);

    const name = `Tienda ${randomUUID().slice(0, 8)}`;
    expect((await admin.request('PATCH', `${API}/admin/store`, { body: { name } })).status).toBe(200);
    expect(titleOf((await render(admin, `/${SHOP}/`)).text)).toBe(name);
    expect(titleOf((await render(anon, `/${SHOP}/`)).text)).toBe(name);

    const pack = before.pack === 'aurora' ? 'basic' : 'aurora';
    expect((await admin.request('PUT', `${API}/theme`, { body: { theme_pack: pack } })).status).toBe(200);
    expect(packOf((await render(anon, `/${SHOP}/`)).text)).toBe(pack);
  });
});

describe('shop data kept in two processes on one PostgreSQL database', () => {
  beforeEach((ctx) => ctx.skip(process.env.TEST_DB_KIND !== 'postgres', 'PostgreSQL only: PGlite is opened by one process'));
  let b: RunningServer;
  const admin = new Client();
  let before: string;
  beforeAll(async () => {
    if (process.env.TEST_DB_KIND !== 'postgres') return;
    // No page cache in B and its shop data kept 10 minutes: only A's announcement can make B render the change.
    b = await startServer({
      db: 'postgres', databaseUrl: inject('serverDatabaseUrl')!, args: ['--serve-only'],
      env: { PAGE_CACHE_TTL_MS: '0', SHOP_CACHE_TTL_MS: '600000', SQL_COUNT: '1' },
    });
    await admin.login('admindeshabilitada@demo.test');
    before = (await admin.get(`${API}/admin/store`)).json().name;
  });
  afterAll(async () => {
    if (process.env.TEST_DB_KIND !== 'postgres') return;
    await admin.request('PATCH', `${API}/admin/store`, { body: { name: before } });
    if (b && b.exitCode() === null) { b.signal('SIGTERM'); await b.exited; }
  });

  it('a change written through one process shows on the next renders of the other', async () => {
    const inB = new Client(b.baseUrl);
    const first = await render(inB, `/${SHOP}/`);
    expect(titleOf(first.text)).toBe(before);
    const kept = await render(inB, `/${SHOP}/`);
    expect(titleOf(kept.text)).toBe(before);
    expect(kept.statements).toBeLessThan(first.statements);
    const name = `Tienda ${randomUUID().slice(0, 8)}`;
    expect((await admin.request('PATCH', `${API}/admin/store`, { body: { name } })).status).toBe(200);
    const seen = await poll(() => render(inB, `/${SHOP}/`), (r) => titleOf(r.text) === name);
    expect(titleOf(seen.text)).toBe(name);
  });
});
