// A deployment without shop subdomains (SHOP_SUBDOMAINS=0): shops live at /{slug}/ on the bare host, which is their
// primary address; the host's robots.txt announces a sitemap index of every shop's sitemap (issue 16).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';
import { startServer, type RunningServer } from '../support/server.ts';

const kind = (process.env.TEST_DB_KIND ?? 'pglite') as 'pglite' | 'postgres';
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];

describe('path addressing (SHOP_SUBDOMAINS=0)', () => {
  let server: RunningServer;
  const client = () => new Client(server.baseUrl);
  beforeAll(async () => { server = await startServer({ db: kind, env: { SHOP_SUBDOMAINS: '0' } }); });
  afterAll(async () => { await server?.stop(); });

  it('lists every shop without its own domain in the root sitemap index, announced by the root robots.txt', async () => {
    const c = client();
    const robots = await c.get('/robots.txt');
    expect(robots.text).toContain(`Sitemap: ${server.baseUrl}/sitemap.xml`);
    const index = await c.get('/sitemap.xml');
    expect(index.headers['content-type']).toContain('application/xml');
    expect(index.text).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...index.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(locs).toContain(`${server.baseUrl}/demo-03/sitemap.xml`);
    expect(locs).toContain(`${server.baseUrl}/demo-basic/sitemap.xml`);
    expect(locs.some((l) => l.includes('demo-04'))).toBe(false); // it has its own domain
    const shopMap = await c.get('/demo-03/sitemap.xml');
    expect(shopMap.status).toBe(200);
    expect(shopMap.text).toContain(`<loc>${server.baseUrl}/demo-03/catalogos</loc>`);
    expect((await c.get('/sitemap.xml?page=2')).status).toBe(404);
  });

  it('names the path address as canonical, also when the shop is reached by a subdomain', async () => {
    const c = client();
    expect(canonicalOf((await c.get('/demo-03/catalogos')).text)).toBe(`${server.baseUrl}/demo-03/catalogos`);
    const bySub = await c.get('/catalogos', { host: 'demo-03.localhost' });
    expect(canonicalOf(bySub.text)).toBe('http://localhost/demo-03/catalogos');
  });
});
