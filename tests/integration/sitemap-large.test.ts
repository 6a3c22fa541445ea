// A shop with more items than one sitemap file holds (issue 16): demo-03 plus 45,000 extra items (the seed of
// `npm run seed -- --products N`) on a server of its own. Its root sitemap is an index of pages of at most 50,000
// addresses that together name every visible item once; the answers come from the page cache after the first.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { SITEMAP_ITEMS } from '../../src/domain/catalog/repo.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
// About 3% of the seeded items are not visible: 45,000 make more visible items than one page lists (43,000).
const EXTRA = 45_000;
const HOST = 'demo-03.localhost';
const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

describe('sitemap of a large shop', () => {
  let server: RunningServer;
  let c: Client;
  beforeAll(async () => {
    server = await startServer({
      db: (process.env.TEST_DB_KIND ?? 'pglite') as 'pglite' | 'postgres',
      prepare: (env) => {
        const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts/seed.ts'), '--products', String(EXTRA)], { cwd: ROOT, env, encoding: 'utf8' });
        if (r.status !== 0) throw new Error(`seed failed:\n${r.stdout}\n${r.stderr}`);
      },
    });
    c = new Client(server.baseUrl);
  }, 600_000);
  afterAll(async () => { await server?.stop(); });

  it('is an index of pages of at most 50,000 addresses naming every visible item once', async () => {
    const root = await c.get('/sitemap.xml', { host: HOST });
    expect(root.status).toBe(200);
    expect(root.text).toContain('<sitemapindex');
    const pages = locsOf(root.text);
    expect(pages.map((p) => { const u = new URL(p); return `${u.hostname}${u.pathname}${u.search}`; }))
      .toEqual([`${HOST}/sitemap.xml?page=1`, `${HOST}/sitemap.xml?page=2`]);
    const items: string[] = [];
    for (const p of pages) {
      const page = await c.get(new URL(p).pathname + new URL(p).search, { host: HOST });
      expect(page.status).toBe(200);
      expect(page.text).toContain('<urlset');
      const locs = locsOf(page.text);
      expect(locs.length).toBeLessThanOrEqual(50_000);
      items.push(...locs.filter((l) => /\/(productos|servicios|experiencias)\/[0-9a-f-]+\/[0-9a-f-]+$/.test(l)));
    }
    expect(new Set(items).size).toBe(items.length);
    let visible = 0;
    for (const type of ['product', 'service', 'experience']) {
      visible += (await c.get(`/api/shops/demo-03/products?type=${type}&limit=1`)).json().matches_estimated as number;
    }
    expect(visible).toBeGreaterThan(SITEMAP_ITEMS);
    expect(items.length).toBe(visible);
    expect((await c.get('/sitemap.xml?page=3', { host: HOST })).status).toBe(404);
  }, 300_000);

  it('answers again from the page cache: the same bytes, an ETag, and 304 to a conditional request', async () => {
    for (const p of ['/sitemap.xml', '/sitemap.xml?page=2', '/sitemap.xml?page=1']) {
      const first = await c.get(p, { host: HOST });
      const again = await c.get(p, { host: HOST });
      expect(again.status, p).toBe(200);
      expect(again.text, p).toBe(first.text);
      expect(again.headers['x-page-cache'], p).toBe('hit');
      expect(again.headers.etag, p).toBeTruthy();
      const conditional = await c.get(p, { host: HOST, headers: { 'if-none-match': String(again.headers.etag) } });
      expect(conditional.status, p).toBe(304);
    }
  }, 120_000);

  it('answers a broad one-letter search with its first page and a capped count, said as such in the reader\'s language', async () => {
    const api = (await c.get(`/api/shops/demo-03/search?type=product&text=c&limit=24`)).json() as { results: { name: string }[]; matches_estimated: number };
    expect(api.matches_estimated).toBe(1000);
    expect(api.results).toHaveLength(24);
    // Names starting with the letter first (shop_item_search_initial), those whose first word is the letter alone before them.
    for (const r of api.results) expect(r.name.normalize('NFD').toLowerCase()).toMatch(/^c/);
    const es = await c.get(`/productos?filter=${encodeURIComponent('"c"*')}`, { host: HOST, headers: { 'accept-language': 'es' } });
    expect(es.text).toContain('1,000 o más resultados');
    const en = await c.get(`/productos?filter=${encodeURIComponent('"c"*')}`, { host: HOST, headers: { 'accept-language': 'en' } });
    expect(en.text).toContain('1,000 or more results');
  }, 60_000);
});
