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
    // One page holds every address of a demo shop; later pages and bad page numbers are 404.
    expect((await c.get('/sitemap.xml?page=1', { host: 'demo-03.localhost' })).text).toBe(map.text);
    for (const p of ['2', '0', 'x']) expect((await c.get(`/sitemap.xml?page=${p}`, { host: 'demo-03.localhost' })).status, p).toBe(404);
    const own = await c.get('/sitemap.xml', { host: 'tienda-04.example' });
    expect(own.text).toContain('<loc>https://tienda-04.example/</loc>');
  });

  it('streams each sitemap file as well-formed XML naming every visible item of the shop once, in its order', async () => {
    const c = new Client();
    // The store's visible items of every type, in its order, as the API pages them.
    const items: { id: string; owner: string; type: string; queue_position: number }[] = [];
    for (const type of ['product', 'service', 'experience']) {
      for (let offset = 0; ; offset += 100) {
        const page = (await c.get(`/api/shops/demo-03/products?type=${type}&limit=100&offset=${offset}`)).json() as { results: typeof items };
        items.push(...page.results);
        if (page.results.length < 100) break;
      }
    }
    items.sort((a, b) => a.queue_position - b.queue_position || (a.id < b.id ? -1 : 1));
    const map = await c.get('/sitemap.xml?page=1', { host: 'demo-03.localhost' });
    expect(map.status).toBe(200);
    // Well-formed and complete: the declaration, one urlset in the sitemap namespace, and nothing but <url> entries
    // with an escaped address and a date, each on its line, through to the closing tag (a cut stream fails here).
    expect(map.text).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">\n(<url><loc>([^<>&]|&amp;|&lt;)+<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod><\/url>\n)+<\/urlset>\n$/);
    const urls = [...map.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(/&lt;/g, '<').replace(/&amp;/g, '&'));
    for (const loc of urls) expect(loc).toMatch(/^http:\/\/demo-03\.localhost(:\d+)?\//);
    const ROUTE: Record<string, string> = { product: 'productos', service: 'servicios', experience: 'experiencias' };
    const listed = urls.map((loc) => new URL(loc).pathname).filter((p) => /^\/(productos|servicios|experiencias)\//.test(p));
    expect(listed).toEqual(items.map((i) => `/${ROUTE[i.type]}/${i.owner}/${i.id}`));
    // A cached copy is the streamed one, byte for byte (another file's write to demo-03 may have made it stale).
    const again = await c.get('/sitemap.xml?page=1', { host: 'demo-03.localhost' });
    if (again.headers['x-page-cache'] === 'hit') expect(again.text).toBe(map.text);
  });

  it('has title, description, canonical and Open Graph tags on the shop home', async () => {
    const shop = (await new Client().get('/api/shops/demo-03')).json();
    const r = await new Client().get('/demo-03/');
    expect(r.text).toContain(`<title>${shop.name}</title>`);
    expect(r.text).toContain('<meta name="description"');
    // Reached by path, the canonical is the shop's primary address: its subdomain.
    expect(r.text).toMatch(/<link rel="canonical" href="http:\/\/demo-03\.localhost:\d+\/"/);
    expect(r.text).toContain('property="og:title"');
    const own = await new Client().get('/', { host: 'tienda-04.example' });
    expect(own.text).toContain('<link rel="canonical" href="https://tienda-04.example/"');
  });
});

const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];

describe('one address per page', () => {
  it('redirects the other form (trailing slash or not) with 301, keeping the query, also once the page is cached', async () => {
    const c = new Client();
    const cases: [string, string, string?][] = [
      ['/demo-03', '/demo-03/'],
      ['/demo-03/catalogos/', '/demo-03/catalogos'],
      ['/demo-03/catalogos/?page=2', '/demo-03/catalogos?page=2'],
      ['/catalogos/', '/catalogos', 'demo-03.localhost'],
      ['/catalogos/', '/catalogos', 'tienda-04.example'],
    ];
    for (const [from, to, host] of cases) {
      expect((await c.get(to, { host })).status).toBe(200);
      // Twice: the second time the preferred form is in the page cache and the server's fast path is armed.
      expect((await c.get(to, { host })).status).toBe(200);
      const r = await c.get(from, { host });
      expect([r.status, r.headers.location], `${host ?? ''}${from}`).toEqual([301, to]);
    }
  });

  it('lists in the sitemap exactly the canonical addresses of the pages, each answering 200', async () => {
    const c = new Client();
    const map = await c.get('/sitemap.xml', { host: 'demo-03.localhost' });
    const locs = [...map.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(locs.length).toBeGreaterThan(50);
    // The home, the catalogues and a sample of the rest (every page costs a render on a shared machine).
    const sample = locs.filter((l, i) => i < 8 || i % 15 === 0 || l.includes('/blogs'));
    for (const loc of sample) {
      const u = new URL(loc);
      const r = await c.get(u.pathname, { host: u.host });
      expect(r.status, loc).toBe(200);
      expect(canonicalOf(r.text), loc).toBe(loc);
    }
  });

  it('links between shop pages in the preferred form', async () => {
    for (const path of ['/', '/catalogos', '/catalogos/novedades']) {
      const r = await new Client().get(path, { host: 'demo-03.localhost' });
      const hrefs = [...r.text.matchAll(/<a [^>]*href="(\/[^"#?]*)/g)].map((m) => m[1]!);
      expect(hrefs.length).toBeGreaterThan(5);
      // Only a shop home addressed by path (/{slug}/) ends with a slash.
      expect(hrefs.filter((h) => h.length > 1 && h.endsWith('/') && !/^\/[a-z0-9-]+\/$/.test(h)), path).toEqual([]);
    }
  });

  it('names the primary address (own domain > subdomain > path) as canonical at every address of a shop', async () => {
    const c = new Client();
    const sub = await c.get('/catalogos', { host: `demo-03.localhost:${new URL(c.base).port}` });
    const path = await c.get('/demo-03/catalogos');
    expect(canonicalOf(path.text)).toBe(canonicalOf(sub.text));
    expect(canonicalOf(sub.text)).toMatch(/^http:\/\/demo-03\.localhost:\d+\/catalogos$/);
    // demo-04 has its own domain (tienda-04.example): named from its subdomain and its path too.
    for (const [path, host] of [['/catalogos', 'demo-04.localhost'], ['/demo-04/catalogos', undefined]] as const) {
      expect(canonicalOf((await c.get(path, { host })).text)).toBe('https://tienda-04.example/catalogos');
    }
    // A sitemap read at a secondary address sends the crawler to the primary one.
    const map = await c.get('/sitemap.xml', { host: 'demo-04.localhost' });
    expect([map.status, map.headers.location]).toEqual([301, 'https://tienda-04.example/sitemap.xml']);
    const robots = await c.get('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.text).toContain('Disallow: /*/admin');
  });
});

describe('languages at one address', () => {
  it('answers ?lang= in that language whatever the browser asks, names itself canonical, and varies on the rest', async () => {
    const c = new Client(undefined, { 'accept-language': 'es-MX,es;q=0.9' });
    const en = await c.get('/catalogos?lang=en', { host: 'demo-03.localhost' });
    expect(en.text).toMatch(/<html lang="en"/);
    expect(canonicalOf(en.text)).toBe('http://demo-03.localhost/catalogos?lang=en');
    const ar = await c.get('/catalogos?lang=es-AR', { host: 'demo-03.localhost' });
    expect(ar.text).toMatch(/<html lang="es-AR"/);
    const negotiated = await c.get('/catalogos', { host: 'demo-03.localhost' });
    expect(negotiated.text).toMatch(/<html lang="es"/);
    expect(negotiated.headers.vary).toMatch(/Accept-Language/i);
    expect(negotiated.text).toContain('<link rel="alternate" hreflang="x-default" href="http://demo-03.localhost/catalogos"');
    expect(negotiated.text).toContain('<link rel="alternate" hreflang="en" href="http://demo-03.localhost/catalogos?lang=en"');
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
