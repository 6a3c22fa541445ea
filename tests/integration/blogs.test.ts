// The shop blog over HTTP against the demo server (seed 001 §2-§8): admin endpoints refuse anonymous visitors (401)
// and other shops' admins (403: admin04 on demo-fifth) and accept the owner (adminfifth); unpublished entries are
// hidden from shoppers and shown to admins; what the editor sends is sanitised before any page shows it; the pages
// 404 where the shop has no blog. Entries created here are deleted again; demo entries changed are put back.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, type Res } from '../support/http.ts';

const SHOP = 'demo-fifth';
const API = `/api/shops/${SHOP}`;
const ADMIN = `${API}/admin/blogs`;
const DRAFT_SLUG = 'proximamente-coleccion-de-temporada';

const anon = new Client();
const other = new Client();
const owner = new Client();
const created: string[] = [];
beforeAll(async () => {
  await other.login('admin04@demo.test');
  await owner.login('adminfifth@demo.test');
});
afterAll(async () => {
  for (const id of created) await owner.request('DELETE', `${ADMIN}/${id}`);
});

const send = (c: Client, method: string, p: string, body?: unknown) => c.request(method, p, body === undefined ? {} : { body });
const cards = (html: string) => [...html.matchAll(/<article class="blog-card" data-blog-card data-id="([^"]+)" data-state="([^"]+)"/g)].map((m) => ({ id: m[1]!, state: m[2]! }));
const poll = async (fn: () => Promise<Res>, ok: (r: Res) => boolean, ms = 4000): Promise<Res> => {
  const until = Date.now() + ms;
  for (;;) {
    const r = await fn();
    if (ok(r) || Date.now() > until) return r;
    await new Promise((res) => setTimeout(res, 100));
  }
};
async function create(body: Record<string, unknown>) {
  const r = await owner.post(ADMIN, body);
  expect(r.status, r.text).toBe(201);
  created.push(r.json().id);
  return r.json();
}

describe('permissions on the blog admin endpoints', () => {
  const unknown = randomUUID();
  const endpoints: [string, string, unknown?][] = [
    ['POST', ADMIN, {}], ['GET', `${ADMIN}/${unknown}`], ['PATCH', `${ADMIN}/${unknown}`, {}], ['DELETE', `${ADMIN}/${unknown}`],
  ];
  it('refuses anonymous visitors with 401', async () => {
    for (const [m, p, b] of endpoints) expect((await send(anon, m, p, b)).status, `${m} ${p}`).toBe(401);
  });
  it("refuses another shop's admin with 403, before looking at the body", async () => {
    for (const [m, p, b] of endpoints) {
      const r = await send(other, m, p, b);
      expect(r.status, `${m} ${p}`).toBe(403);
      expect(r.json().error.code).toBe('forbidden');
    }
  });
  it('lets the owner through (validation or not-found answers, never 401/403)', async () => {
    for (const [m, p, b] of endpoints) {
      const r = await send(owner, m, p, b);
      expect([400, 404], `${m} ${p}: ${r.status} ${r.text}`).toContain(r.status);
    }
  });
});

describe('validation', () => {
  it('answers 400 with fields: title required and at most 150, cover an upload of this shop', async () => {
    const noTitle = await owner.post(ADMIN, { content: '<p>x</p>' });
    expect(noTitle.status).toBe(400);
    expect(noTitle.json().error).toMatchObject({ code: 'validation_error', fields: { title: ['El blog necesita un título'] } });
    expect((await owner.post(ADMIN, { title: 'x'.repeat(151) })).json().error.fields).toHaveProperty('title');
    expect((await owner.post(ADMIN, { title: 'a', list_state: 'public', tags: 'no-list' })).json().error.fields).toEqual(
      expect.objectContaining({ list_state: expect.any(Array), tags: expect.any(Array) }));
    // An image of another shop (demo-04's logo) is not this shop's upload.
    const logo = (await anon.get('/api/shops/demo-04')).json().photo as string;
    expect(logo).toMatch(/^\/media\//);
    const foreign = await owner.post(ADMIN, { title: 'Con imagen ajena', image: logo });
    expect(foreign.status).toBe(400);
    expect(foreign.json().error.fields).toHaveProperty('image');
    const bad = await owner.request('POST', ADMIN, { raw: '{"title":', headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    expect(bad.json().error.code).toBe('malformed_json');
  });
});

describe('published and unpublished entries', () => {
  it('shows shoppers the published entries only, newest change first', async () => {
    const list = (await anon.get(`${API}/blogs`)).json();
    expect(list.matches_estimated).toBe(4);
    expect(list.results.map((e: { list_state: string }) => e.list_state)).toEqual(['published', 'published', 'published', 'published']);
    const times = list.results.map((e: { updated_at: string }) => e.updated_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(list.results[0]).toMatchObject({ title: 'Cómo cuidar tus piezas de barro', profileName: 'Mariana Quintero', author: expect.any(String) });
    expect(list.results[0].abstract.endsWith('…')).toBe(true);
    expect(list.results[0]).not.toHaveProperty('content');
    expect((await anon.get(`${API}/blogs?limit=2&offset=1`)).json().results).toHaveLength(2);
    // list_state is an admin filter: shoppers still get the published ones.
    expect((await anon.get(`${API}/blogs?list_state=unpublished`)).json().matches_estimated).toBe(4);
    expect((await anon.get(`${API}/blogs?limit=0`)).status).toBe(400);
  });

  it('hides an unpublished entry from shoppers (404) and shows it to the admins', async () => {
    expect((await anon.get(`${API}/blogs/${DRAFT_SLUG}`)).status).toBe(404);
    expect((await other.get(`${API}/blogs/${DRAFT_SLUG}`)).status).toBe(404);
    const mine = await owner.get(`${API}/blogs/${DRAFT_SLUG}`);
    expect(mine.status).toBe(200);
    expect(mine.json()).toMatchObject({ slug: DRAFT_SLUG, list_state: 'unpublished', content: expect.stringContaining('<p>') });
    const all = (await owner.get(`${API}/blogs?limit=20`)).json();
    expect(all.matches_estimated).toBe(5);
    expect((await owner.get(`${API}/blogs?list_state=unpublished`)).json().results.map((e: { slug: string }) => e.slug)).toEqual([DRAFT_SLUG]);

    expect((await anon.get(`/${SHOP}/blogs/${mine.json().id}`)).status).toBe(404);
    const page = await owner.get(`/${SHOP}/blogs/${mine.json().id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('class="blog-state"');
    expect(page.text).toContain(`href="/${SHOP}/blogs/${mine.json().id}/editar"`);
  });

  it('lists them on /blogs: shoppers the published ones; admins all, with the unpublished label and New entry', async () => {
    const shopper = await anon.get(`/${SHOP}/blogs`);
    expect(shopper.status).toBe(200);
    expect(cards(shopper.text)).toHaveLength(4);
    expect(cards(shopper.text).every((c) => c.state === 'published')).toBe(true);
    expect(shopper.text).not.toContain('blog-state');
    expect(shopper.text).not.toContain('data-blog-new');
    const admin = await owner.get(`/${SHOP}/blogs`);
    expect(admin.headers['cache-control']).toContain('no-store');
    expect(cards(admin.text).map((c) => c.state)).toEqual(['published', 'published', 'published', 'published', 'unpublished']);
    expect(admin.text).toMatch(/<span class="blog-state">No publicada<\/span>/);
    expect(admin.text).toContain(`href="/${SHOP}/blogs/crear" data-blog-new`);
    // The other shop's admin is a shopper here.
    expect(cards((await other.get(`/${SHOP}/blogs`)).text)).toHaveLength(4);
  });

  it('pages the list 8 at a time and filters by tag', async () => {
    const tagged = await anon.get(`/${SHOP}/blogs?tag=bordado`);
    expect(cards(tagged.text)).toHaveLength(1);
    expect(tagged.text).toContain('<meta name="robots" content="noindex"');
    expect(cards((await anon.get(`/${SHOP}/blogs?page=2`)).text)).toHaveLength(0);
  });

  it("shows an admin without entries 'No blogs entries found!' and shoppers their own empty text", async () => {
    const admin04 = await other.get('/demo-04/blogs', { headers: { 'accept-language': 'en' } });
    expect(admin04.status).toBe(200);
    expect(admin04.text).toContain('No blogs entries found!');
    const shopper = await new Client().get('/demo-04/blogs', { headers: { 'accept-language': 'en' } });
    expect(shopper.text).toContain('This shop has no published entries yet.');
    expect(shopper.text).not.toContain('No blogs entries found!');
  });

  it('redirects an entry addressed by slug to its id, and gives it JSON-LD BlogPosting', async () => {
    const list = (await anon.get(`${API}/blogs?limit=1`)).json();
    const { id, slug } = list.results[0];
    const r = await anon.get(`/${SHOP}/blogs/${slug}`);
    expect(r.status).toBe(301);
    expect(r.headers.location).toBe(`/${SHOP}/blogs/${id}`);
    const page = await anon.get(`/${SHOP}/blogs/${id}`);
    expect(page.status).toBe(200);
    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(page.text)![1]!);
    expect(ld).toMatchObject({ '@type': 'BlogPosting', headline: 'Cómo cuidar tus piezas de barro', author: { name: 'Mariana Quintero' } });
    expect(page.text).toContain('<h2>Antes del primer uso</h2>');
    expect(page.text).not.toContain('data-blog-edit');
  });
});

describe('writing entries', () => {
  const XSS = '<p onclick="alert(1)">Hola <strong>negrita</strong></p><script>alert("xss")</script>'
    + '<img src="/media/00000000-0000-4000-8000-000000000000.png" onerror="alert(2)"><a href="javascript:alert(3)">enlace</a>'
    + '<iframe src="https://evil.example/"></iframe><p style="background:url(javascript:alert(4))">fin</p>';

  it('neutralises scripts, handlers and javascript: links in the page HTML', async () => {
    const e = await create({ title: 'Entrada con trampas <b>', content: XSS, tags: ['prueba', 'prueba', ' xss '], list_state: 'published' });
    expect(e).toMatchObject({ slug: 'entrada-con-trampas-b', list_state: 'published', tags: ['prueba', 'xss'] });
    expect(e.content).toBe('<p>Hola <strong>negrita</strong></p><img src="/media/00000000-0000-4000-8000-000000000000.png" /><a>enlace</a><p>fin</p>');
    expect(e.abstract).toBe('Hola negrita enlace fin');
    const page = await anon.get(`/${SHOP}/blogs/${e.id}`);
    expect(page.status).toBe(200);
    const article = /<article class="blog-entry"[\s\S]*?<\/article>/.exec(page.text)![0];
    expect(article).toContain('<strong>negrita</strong>');
    expect(article).toContain('Entrada con trampas &lt;b&gt;');
    for (const bad of ['<script', 'onclick', 'onerror', 'javascript:', '<iframe', 'style=']) expect(article, bad).not.toContain(bad);
  });

  it('publishes: a new entry reaches the anonymous list and the home slider at once (page cache dropped), and leaves on delete', async () => {
    // Warm the anonymous cache first.
    await anon.get(`/${SHOP}/blogs`);
    await anon.get(`/${SHOP}/`);
    const e = await create({ title: 'Borrador que se publica', content: '<p>Texto</p>' });
    expect(e.list_state).toBe('unpublished');
    expect(cards((await anon.get(`/${SHOP}/blogs`)).text).map((c) => c.id)).not.toContain(e.id);
    const patched = await owner.request('PATCH', `${ADMIN}/${e.id}`, { body: { list_state: 'published', title: 'Publicada ya' } });
    expect(patched.status).toBe(200);
    expect(patched.json()).toMatchObject({ list_state: 'published', title: 'Publicada ya', slug: 'borrador-que-se-publica' });
    const list = await poll(() => anon.get(`/${SHOP}/blogs`), (r) => cards(r.text).some((c) => c.id === e.id));
    expect(cards(list.text)[0]!.id).toBe(e.id);
    const home = await poll(() => anon.get(`/${SHOP}/`), (r) => r.text.includes(`data-id="${e.id}"`));
    const slider = /<section class="blog-slider"[\s\S]*?<\/section>/.exec(home.text)![0];
    expect(slider).toContain('Publicada ya');
    expect(slider).not.toContain(DRAFT_SLUG);
    expect(home.text).not.toMatch(/<script[^>]*src="[^"]*Blog/);

    expect((await owner.request('DELETE', `${ADMIN}/${e.id}`)).json()).toEqual({ id: e.id, deleted: true });
    created.splice(created.indexOf(e.id), 1);
    expect((await anon.get(`${API}/blogs/${e.id}`)).status).toBe(404);
    const after = await poll(() => anon.get(`/${SHOP}/`), (r) => !r.text.includes(`data-id="${e.id}"`));
    expect(after.text).not.toContain(`data-id="${e.id}"`);
  });

  it('keeps slugs unique in the shop and the slug when the title changes', async () => {
    const a = await create({ title: 'Misma idea' });
    const b = await create({ title: 'Misma idea' });
    expect([a.slug, b.slug]).toEqual(['misma-idea', 'misma-idea-2']);
  });

  it('cleans the editor document and keeps only safe links', async () => {
    const doc = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }, { type: 'bold' }] }] }, { type: 'script' }] };
    const e = await create({ title: 'Con documento', content: '<p><strong>x</strong></p>', content_json: doc });
    expect(e.content_json).toEqual({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'bold' }] }] }] });
  });
});

describe('pages', () => {
  it('puts Blogs in the store menu where the section is on; the admins get a plus linking to the editor', async () => {
    const menu = (html: string) => /<nav class="store-menu"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
    expect(menu((await anon.get(`/${SHOP}/`)).text)).toContain(`<a href="/${SHOP}/blogs"`);
    expect(menu((await anon.get(`/${SHOP}/`)).text)).not.toContain('blogs/crear');
    expect(menu((await owner.get(`/${SHOP}/`)).text)).toMatch(new RegExp(`<a class="plus" href="/${SHOP}/blogs/crear"`));
    expect(menu((await anon.get('/demo-basic/')).text)).not.toContain('/blogs');
  });

  it('sends anonymous visitors of the editor to the login, answers 403 to others and loads the editor for admins only', async () => {
    for (const p of [`/${SHOP}/blogs/crear`, `/${SHOP}/blogs/${randomUUID()}/editar`]) {
      const r = await anon.get(p);
      expect(r.status, p).toBe(302);
      expect(r.headers.location).toBe(`/login?next=${encodeURIComponent(p)}`);
      expect((await other.get(p)).status, p).toBe(403);
    }
    const crear = await owner.get(`/${SHOP}/blogs/crear`);
    expect(crear.status).toBe(200);
    expect(crear.text).toMatch(/<astro-island[^>]*component-url="[^"]*BlogEditor/);
    expect((await owner.get(`/${SHOP}/blogs/${randomUUID()}/editar`)).status).toBe(404);
    const id = (await owner.get(`${API}/blogs/${DRAFT_SLUG}`)).json().id;
    const edit = await owner.get(`/${SHOP}/blogs/${id}/editar`);
    expect(edit.status).toBe(200);
    expect(edit.text).toContain('Próximamente: colección de temporada');
    // No shopper page carries the editor.
    for (const p of [`/${SHOP}/`, `/${SHOP}/blogs`]) expect((await anon.get(p)).text, p).not.toContain('BlogEditor');
  });

  it('answers 404 where the shop has no blog', async () => {
    const admin = new Client();
    await admin.login('adminbasic@demo.test');
    for (const p of ['/demo-basic/blogs', '/demo-basic/blogs/crear', `/demo-basic/blogs/${randomUUID()}`]) {
      expect((await anon.get(p)).status, p).toBe(404);
      expect((await admin.get(p)).status, p).toBe(404);
    }
    expect((await anon.get('/api/shops/demo-basic/blogs')).status).toBe(404);
    expect((await anon.get(`/api/shops/demo-basic/blogs/${randomUUID()}`)).status).toBe(404);
    expect((await anon.get('/api/shops/no-such-shop/blogs')).status).toBe(404);
  });

  it('lists the published entries in the sitemap, not the draft', async () => {
    const map = await anon.get('/sitemap.xml', { host: `${SHOP}.localhost` });
    const locs = [...map.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    const published = (await anon.get(`${API}/blogs?limit=50`)).json().results.map((e: { id: string }) => e.id) as string[];
    expect(locs.some((l) => l.endsWith('/blogs'))).toBe(true);
    for (const id of published) expect(locs.some((l) => l.endsWith(`/blogs/${id}`)), id).toBe(true);
    const draft = (await owner.get(`${API}/blogs/${DRAFT_SLUG}`)).json().id;
    expect(locs.some((l) => l.includes(draft))).toBe(false);
    expect((await anon.get('/sitemap.xml', { host: 'demo-basic.localhost' })).text).not.toContain('/blogs');
  });

  it('lists the endpoints in the OpenAPI document', async () => {
    const doc = (await anon.get('/api/openapi.json')).json();
    for (const [p, m] of [['/api/shops/{slug}/blogs', 'get'], ['/api/shops/{slug}/blogs/{id}', 'get'], ['/api/shops/{slug}/admin/blogs', 'post'],
      ['/api/shops/{slug}/admin/blogs/{id}', 'patch'], ['/api/shops/{slug}/admin/blogs/{id}', 'delete']]) {
      expect(doc.paths[p!]?.[m!], `${m} ${p}`).toBeTruthy();
    }
    expect(doc.paths['/api/shops/{slug}/admin/blogs'].post.requestBody.content['application/json'].schema.required).toContain('title');
  });
});
