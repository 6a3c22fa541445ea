// Outside validators on the demo pages (issue 16): the W3C Nu HTML checker (vnu-jar, needs Java) reports no
// error, and every JSON-LD block parses and carries what its type requires. Java missing is a failure, not a skip:
// CI runs on the same machine image, which has it.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { Client } from '../support/http.ts';
import { engineIndependentElsewhere, engineIndependentHere } from '../support/once.ts';
import { demoPicks } from './checkout.fixtures.ts';
import { PLATFORM_PUBLIC_PAGES } from '../../src/lib/server/platform-pages.ts';

const run = promisify(execFile);
const VNU = path.resolve(import.meta.dirname, '../../node_modules/vnu-jar/build/dist/vnu.jar');
/** One demo shop per theme pack. */
const SHOPS = ['demo-03', 'demo-04', 'demo-fifth', 'demo-basic', 'red-demo'];

/**
 * The signed-in pages (issue 27: the checker saw the signed-out pages and one admin page only), by who sees them:
 * the shop's admin, a supplier, a reseller (a network coordinator's shop), the platform's operator and a buyer, and
 * the account pages of the platform. Read in es and en; a list page's first detail page ('detail') is added. The
 * checker's JVM start is most of this file's time: more pages cost little.
 */
const SIGNED_IN: Record<string, { pages: string[]; detail?: Record<string, string> }> = {
  'admin03@demo.test': {
    pages: ['/demo-03/admin/pedidos', '/demo-03/admin/boletos', '/demo-03/admin/panel', '/demo-03/admin/configuracion', '/demo-03/admin/colaboradores',
      '/demo-03/apps/me/referral', '/demo-03/apps/me/referral/campaigns', '/demo-03/apps/me/referral/resale/plans',
      '/demo-03/apps/me/referral/resale/catalogues', '/demo-03/promoted', '/demo-03/referidos', '/apps/paquetes'],
    detail: { '/demo-03/admin/pedidos': '/demo-03/admin/pedidos/' },
  },
  // The blog editor (demo-fifth has the demo blog).
  'adminfifth@demo.test': { pages: ['/demo-fifth/blogs/crear'] },
  'proveedor@demo.test': {
    pages: ['/apps/me/supplier/panel', '/apps/me/supplier', '/apps/me/products', '/apps/me/products/create', '/apps/me/products/experiences/create',
      '/apps/me/supplier/branches', '/apps/me/supplier/packing', '/apps/me/supplier/return-policy', '/apps/me/supplier/reviews', '/apps/me/supplier/team'],
    detail: { '/apps/me/products': '/apps/me/products/' },
  },
  'coordinador@demo.test': { pages: ['/red-demo/apps/me/referral', '/red-demo/monedero', '/red-demo/referidos'] },
  'operador@demo.test': {
    pages: ['/apps/operador', '/apps/operador/bitacora', '/apps/operador/conciliacion', '/apps/operador/proveedores', '/apps/operador/retiros',
      '/apps/operador/tiendas', '/apps/operador/trabajos', '/apps/operador/usuarios'],
    detail: { '/apps/operador/usuarios': '/apps/operador/usuarios/' },
  },
  'lucia.hernandez@demo.test': {
    pages: ['/demo-03/mis-compras', '/demo-03/mis-boletos', '/demo-03/monedero', '/demo-03/preferencias', '/demo-03/alertas'],
    detail: { '/demo-03/mis-compras': '/demo-03/mis-compras/' },
  },
  'abretienda@demo.test': { pages: ['/asistentes/emprendedores'] },
};

interface Page { name: string; path: string; html: string }
const pages: Page[] = [];
let dir = '';

/** The first link on `html` to a page of `prefix` (an item, a blog entry), else null. */
const firstLink = (html: string, prefix: string) => new RegExp(`href="(${prefix}/[^"#?]+)"`).exec(html)?.[1] ?? null;

// The markup does not depend on the database: checked once, in one project (tests/support/once.ts; the validator's
// JVM starts take most of this file's time).
beforeEach((ctx) => ctx.skip(!engineIndependentHere, engineIndependentElsewhere));

beforeAll(async () => {
  if (!engineIndependentHere) return;
  const c = new Client();
  for (const shop of SHOPS) {
    const get = async (name: string, p: string) => {
      const r = await c.get(p);
      expect(r.status, p).toBe(200);
      pages.push({ name: `${shop}-${name}`, path: p, html: r.text });
      return r.text;
    };
    const home = await get('home', `/${shop}/`);
    await get('catalogues', `/${shop}/catalogos`);
    await get('products', `/${shop}/productos`);
    const item = firstLink(home, `/${shop}/(?:productos|servicios|experiencias)`);
    if (item) await get('item', item);
    const blogs = await c.get(`/${shop}/blogs`);
    if (blogs.status === 200) {
      pages.push({ name: `${shop}-blogs`, path: `/${shop}/blogs`, html: blogs.text });
      const entry = firstLink(blogs.text, `/${shop}/blogs`);
      if (entry) await get('blog-entry', entry);
    }
  }
  const exp = firstLink(pages.find((p) => p.name === 'demo-03-home')!.html, '/demo-03/experiencias/[^/"]+');
  const expPage = exp ?? firstLink((await c.get('/demo-03/experiencias')).text, '/demo-03/experiencias/[^/"]+');
  if (expPage) pages.push({ name: 'demo-03-experience', path: expPage, html: (await c.get(expPage)).text });
  // An item whose price is on request ('Precio a consultar' on its card) and a shop admin's view (the admin bar).
  const onRequest = pages.find((p) => p.name === 'demo-03-products')!.html.split('<article class="item-card"')
    .find((card) => card.includes('Precio a consultar'));
  const onRequestPath = onRequest && /href="([^"]+)"/.exec(onRequest)?.[1];
  if (onRequestPath) pages.push({ name: 'demo-03-price-on-request', path: onRequestPath, html: (await c.get(onRequestPath)).text });
  const admin = new Client();
  await admin.login('admin03@demo.test');
  pages.push({ name: 'demo-03-home-admin', path: '/demo-03/', html: (await admin.get('/demo-03/')).text });
  for (const [email, { pages: paths, detail = {} }] of Object.entries(SIGNED_IN)) {
    const c = new Client();
    await c.login(email);
    for (const lang of ['es', 'en']) {
      c.jar.set('lang', lang);
      for (const p of paths) {
        const r = await c.get(p);
        expect(r.status, `${email} ${p}`).toBe(200);
        const name = `${email.split('@')[0]}-${lang}${p.replace(/\//g, '_')}`;
        pages.push({ name, path: p, html: r.text });
        const prefix = detail[p];
        const link = prefix && new RegExp(`href="(${prefix.replace(/[/]/g, '\\/')}[0-9a-f]{8}-[0-9a-f-]{27})"`).exec(r.text)?.[1];
        if (prefix) {
          expect(link, `${email} ${p}: a link to a detail page`).toBeTruthy();
          const d = await c.get(link!);
          expect(d.status, `${email} ${link}`).toBe(200);
          pages.push({ name: `${name}_detail`, path: link!, html: d.text });
        }
      }
    }
  }
  // The platform's public pages (issue 27: no canonical, og:image or hreflang; its sitemap answered 404).
  for (const p of PLATFORM_PUBLIC_PAGES) {
    const r = await c.get(p);
    expect(r.status, p).toBe(200);
    pages.push({ name: `platform${p === '/' ? '_home' : p.replace(/\//g, '_')}`, path: p, html: r.text });
  }
  // The cart with items (its headings under the page's h1), as a signed-in buyer.
  const buyer = new Client();
  await buyer.login('jorge.ramirez@demo.test');
  const added = await buyer.post('/api/cart/items', { shop: 'demo-03', product_id: demoPicks().textiles[0], amount: 1 });
  expect(added.status, added.text).toBeLessThan(300);
  const cart = await buyer.get('/demo-03/carrito');
  pages.push({ name: 'buyer-cart', path: '/demo-03/carrito', html: cart.text });
  dir = mkdtempSync(path.join(os.tmpdir(), 'vnu-'));
  for (const p of pages) writeFileSync(path.join(dir, `${p.name}.html`), p.html);
}, 240_000);

afterAll(() => { if (dir) rmSync(dir, { recursive: true, force: true }); });

describe('W3C Nu HTML checker', () => {
  it('reports no error on the demo pages of every pack (home, catalogue, results, item, blog) and every signed-in page type, es and en', async () => {
    try {
      await run('java', ['-version']);
    } catch {
      throw new Error('Java is needed for the Nu HTML checker (vnu-jar): install a Java 11+ runtime (the CI image has Java 17).');
    }
    expect(pages.length).toBeGreaterThan(100);
    // vnu exits 1 when it finds errors; its JSON report is on stderr either way.
    const out = await run('java', ['-jar', VNU, '--format', 'json', '--errors-only', dir], { maxBuffer: 64 * 1024 * 1024 })
      .catch((err: { stderr?: string }) => ({ stderr: err.stderr ?? '' }));
    const report = JSON.parse(out.stderr) as { messages: { type: string; url?: string; message: string; extract?: string }[] };
    const errors = report.messages.filter((m) => m.type === 'error' || m.type === 'non-document-error')
      .map((m) => `${path.basename(m.url ?? '')}: ${m.message} [${(m.extract ?? '').slice(0, 120)}]`);
    expect(errors).toEqual([]);
  }, 180_000);
});

/** What each schema.org type must carry to be valid for search engines (Google's required properties). */
const REQUIRED: Record<string, string[]> = {
  Product: ['name'],
  Offer: ['price', 'priceCurrency'],
  BreadcrumbList: ['itemListElement'],
  ListItem: ['position', 'name'],
  Organization: ['name'],
  WebSite: ['name', 'url'],
  SearchAction: ['target', 'query-input'],
  BlogPosting: ['headline', 'datePublished'],
  Event: ['name', 'startDate', 'location'],
  // Issue 27: a Place without its address is refused (the shop's name alone was given as an experience's place).
  Place: ['name', 'address'],
  AggregateRating: ['ratingValue', 'reviewCount'],
  Review: ['reviewRating', 'author'],
};

function problems(node: unknown, where: string, out: string[]) {
  if (Array.isArray(node)) { node.forEach((n, i) => problems(n, `${where}[${i}]`, out)); return; }
  if (!node || typeof node !== 'object') return;
  const o = node as Record<string, unknown>;
  const type = typeof o['@type'] === 'string' ? o['@type'] : null;
  for (const key of (type && REQUIRED[type]) ?? []) {
    const v = o[key];
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) out.push(`${where} ${type} lacks ${key}`);
  }
  // A Product is only valid with offers, a review or a rating; an offer object is never empty.
  if (type === 'Product' && !o.offers && !o.review && !o.aggregateRating) out.push(`${where} Product has no offers, review or rating`);
  for (const [k, v] of Object.entries(o)) if (k !== '@context') problems(v, `${where}.${k}`, out);
}

describe('JSON-LD', () => {
  const blocks = () => pages.flatMap((p) => [...p.html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
    .map((m, i) => ({ page: p, where: `${p.name}#${i}`, text: m[1]! })));

  it('parses on every page and each block carries what its type requires', () => {
    const out: string[] = [];
    for (const b of blocks()) {
      let data: unknown;
      try { data = JSON.parse(b.text); } catch (err) { out.push(`${b.where}: does not parse (${String(err)})`); continue; }
      if ((data as Record<string, unknown>)['@context'] !== 'https://schema.org') out.push(`${b.where}: no schema.org @context`);
      problems(data, b.where, out);
    }
    expect(out).toEqual([]);
  });

  it('describes homes, breadcrumbs, items, experiences and blog entries with their types', () => {
    const types = (name: string) => blocks().filter((b) => b.page.name === name).map((b) => JSON.parse(b.text)['@type']);
    for (const shop of SHOPS) expect(types(`${shop}-home`), shop).toEqual(expect.arrayContaining(['Organization', 'WebSite']));
    const org = blocks().map((b) => JSON.parse(b.text)).find((d) => d['@type'] === 'Organization');
    expect(org.url).toMatch(/^https?:\/\/.+\/$/);
    const site = blocks().map((b) => JSON.parse(b.text)).find((d) => d['@type'] === 'WebSite');
    expect(site.potentialAction.target.urlTemplate).toMatch(/\/productos\?q=\{search_term_string\}$/);
    expect(types('demo-03-item')).toEqual(expect.arrayContaining(['BreadcrumbList']));
    expect(types('demo-03-item').some((t) => t === 'Product' || t === 'WebPage')).toBe(true);
    const entry = pages.find((p) => p.name.endsWith('-blog-entry'));
    expect(entry, 'a demo blog entry').toBeTruthy();
    expect(types(entry!.name)).toContain('BlogPosting');
    expect(types('demo-03-experience')).toContain('Event');
    // The experience's offer: its price holds until the date, the ticket's delivery and the supplier's return policy.
    const event = blocks().filter((b) => b.page.name === 'demo-03-experience').map((b) => JSON.parse(b.text)).find((d) => d['@type'] === 'Event');
    expect(event.location.address).toMatchObject({ '@type': 'PostalAddress', streetAddress: expect.any(String) });
    expect(event.offers).toMatchObject({
      priceValidUntil: event.startDate.slice(0, 10),
      shippingDetails: { '@type': 'OfferShippingDetails', shippingRate: { value: '0.00' } },
      hasMerchantReturnPolicy: { '@type': 'MerchantReturnPolicy', applicableCountry: 'MX' },
    });
    // 'Precio a consultar' without reviews: the page's subject, never a Product without offers.
    const onRequest = blocks().filter((b) => b.page.name === 'demo-03-price-on-request').map((b) => JSON.parse(b.text));
    expect(onRequest.length, 'a demo item with its price on request').toBeGreaterThan(0);
    expect(onRequest.some((d) => d['@type'] === 'WebPage' || (d['@type'] === 'Product' && (d.offers || d.aggregateRating)))).toBe(true);
    expect(JSON.stringify(onRequest)).not.toMatch(/"offers":(\{\}|\[\])/);
  });

  it('names a JPEG social card of the stated size and type as og:image, and the server answers it so', async () => {
    for (const name of ['demo-03-home', 'demo-03-item']) {
      const html = pages.find((p) => p.name === name)!.html;
      const meta = (prop: string) => new RegExp(`<meta property="${prop}" content="([^"]+)"`).exec(html)?.[1];
      const image = meta('og:image');
      expect(image, name).toMatch(/^https?:\/\/[^/]+\/media\/[0-9a-f-]{36}\/og\.jpg$/);
      expect(meta('og:image:type')).toBe('image/jpeg');
      expect([meta('og:image:width'), meta('og:image:height')]).toEqual(['1200', '630']);
      const r = await fetch(image!); // the address as a crawler would fetch it
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('image/jpeg');
      const bytes = Buffer.from(await r.arrayBuffer());
      expect([bytes[0], bytes[1], bytes[2]]).toEqual([0xff, 0xd8, 0xff]); // a JPEG, whatever the original was
    }
  });

  it('gives social cards an image description and a card type, and hreflang alternates for each language', () => {
    const home = pages.find((p) => p.name === 'demo-03-home')!.html;
    expect(home).toMatch(/<meta property="og:image:alt" content="[^"]+"/);
    expect(home).toMatch(/<meta name="twitter:card" content="summary_large_image"/);
    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(home)![1]!;
    for (const l of ['es', 'en', 'es-AR']) expect(home).toContain(`<link rel="alternate" hreflang="${l}" href="${canonical}?lang=${l}"`);
    expect(home).toContain(`<link rel="alternate" hreflang="x-default" href="${canonical}"`);
  });
});

describe('the platform\'s pages and sitemap (issue 27)', () => {
  const platform = () => pages.filter((p) => p.name.startsWith('platform'));
  const link = (html: string, re: RegExp) => re.exec(html)?.[1];

  it('each public platform page names its canonical address, its languages and the platform\'s social card', async () => {
    expect(platform().length).toBe(PLATFORM_PUBLIC_PAGES.length);
    const images = new Set<string>();
    for (const { name, path: p, html } of platform()) {
      const canonical = link(html, /<link rel="canonical" href="([^"]+)"/);
      expect(canonical, name).toBe(new URL(p, inject('baseUrl')).href);
      for (const l of ['es', 'en', 'es-AR']) expect(html, name).toContain(`<link rel="alternate" hreflang="${l}" href="${canonical}?lang=${l}"`);
      expect(html, name).toContain(`<link rel="alternate" hreflang="x-default" href="${canonical}"`);
      const image = link(html, /<meta property="og:image" content="([^"]+)"/);
      expect(image, name).toMatch(/^https?:\/\/.+\.jpg$/);
      images.add(image!);
    }
    for (const image of images) {
      const r = await fetch(image);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('image/jpeg');
    }
  });

  it('answers /sitemap.xml with exactly those canonical addresses, and robots.txt announces it', async () => {
    const c = new Client();
    const r = await c.get('/sitemap.xml');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toContain('application/xml');
    const locs = [...r.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!).sort();
    const canonicals = platform().map((p) => link(p.html, /<link rel="canonical" href="([^"]+)"/)!).sort();
    expect(locs).toEqual(canonicals);
    expect((await c.get('/robots.txt')).text).toContain(`Sitemap: ${new URL('/sitemap.xml', inject('baseUrl')).href}`);
    // An account page is not indexed: no canonical from the platform's list.
    const signedIn = pages.find((p) => p.name.startsWith('abretienda-es'))!;
    expect(signedIn.html).not.toContain('rel="canonical"');
  });
});
