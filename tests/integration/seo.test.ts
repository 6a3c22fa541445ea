import { describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';

describe('SEO per shop', () => {
  it('serves robots.txt and a sitemap per shop, on its subdomain and its own domain', async () => {
    const c = new Client();
    const robots = await c.get('/robots.txt', { host: 'demo-03.localhost' });
    expect(robots.status).toBe(200);
    expect(robots.text).toMatch(/Sitemap: http:\/\/demo-03\.localhost(:\d+)?\/sitemap\.xml/);
    const map = await c.get('/sitemap.xml', { host: 'demo-03.localhost' });
    expect(map.headers['content-type']).toContain('application/xml');
    const locs = [...map.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(locs.some((l) => l.endsWith('/catalogos/novedades'))).toBe(true);
    expect(locs.filter((l) => /\/productos\/[0-9a-f-]+\/[0-9a-f-]+$/.test(l)).length).toBeGreaterThan(50);
    const own = await c.get('/sitemap.xml', { host: 'tienda-04.example' });
    expect(own.text).toContain('<loc>https://tienda-04.example/</loc>');
  });

  it('has title, description, canonical and Open Graph tags on the shop home', async () => {
    const shop = (await new Client().get('/api/shops/demo-03')).json();
    const r = await new Client().get('/demo-03/');
    expect(r.text).toContain(`<title>${shop.name}</title>`);
    expect(r.text).toContain('<meta name="description"');
    expect(r.text).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/demo-03\/"/);
    expect(r.text).toContain('property="og:title"');
    const own = await new Client().get('/', { host: 'tienda-04.example' });
    expect(own.text).toContain('<link rel="canonical" href="https://tienda-04.example/"');
  });
});

describe('tracking cookies', () => {
  it('keeps campaign and click id for one day when the shop answers them, clears them otherwise', async () => {
    const c = new Client();
    const r = await c.get('/demo-03/?campaign=verano&gclid=abc123');
    const set = ([] as string[]).concat(r.headers['set-cookie'] ?? []);
    expect(set.find((x) => x.startsWith('campaign=verano'))).toMatch(/Max-Age=86400/);
    expect(set.find((x) => x.startsWith('click_id=abc123'))).toMatch(/Max-Age=86400/);
    const again = await c.get('/demo-03/catalogos');
    expect(([] as string[]).concat(again.headers['set-cookie'] ?? []).some((x) => x.startsWith('campaign='))).toBe(false);
    const bad = await c.get('/demo-03/?campaign=%3Cx%3E');
    expect(([] as string[]).concat(bad.headers['set-cookie'] ?? []).find((x) => x.startsWith('campaign='))).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);
  });
});
