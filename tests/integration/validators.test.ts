// Outside validators on the demo pages (issue 16): the W3C Nu HTML checker (vnu-jar, needs Java) reports no
// error, and every JSON-LD block parses and carries what its type requires. Java missing is a failure, not a skip:
// CI runs on the same machine image, which has it.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';
import { engineIndependentElsewhere, engineIndependentHere } from '../support/once.ts';

const run = promisify(execFile);
const VNU = path.resolve(import.meta.dirname, '../../node_modules/vnu-jar/build/dist/vnu.jar');
/** One demo shop per theme pack. */
const SHOPS = ['demo-03', 'demo-04', 'demo-fifth', 'demo-basic', 'red-demo'];

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
  dir = mkdtempSync(path.join(os.tmpdir(), 'vnu-'));
  for (const p of pages) writeFileSync(path.join(dir, `${p.name}.html`), p.html);
}, 120_000);

afterAll(() => { if (dir) rmSync(dir, { recursive: true, force: true }); });

describe('W3C Nu HTML checker', () => {
  it('reports no error on the demo pages of every pack (home, catalogue, results, item, blog)', async () => {
    try {
      await run('java', ['-version']);
    } catch {
      throw new Error('Java is needed for the Nu HTML checker (vnu-jar): install a Java 11+ runtime (the CI image has Java 17).');
    }
    expect(pages.length).toBeGreaterThan(20);
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
  Place: ['name'],
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
