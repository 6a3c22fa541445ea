// Live product events: the triggers and the shared LISTEN on a fresh database, and the server-sent events
// endpoint over HTTP. On the PGlite server a change comes through the admin item endpoint (the only writer
// of that database is the server itself); on the PostgreSQL server the test also writes with `pg` directly.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { freshDb } from '../support/db.ts';
import { Client } from '../support/http.ts';
import { catalogueProducts, catalogues, products, profiles, shopProducts, shops } from '../../src/db/schema/index.ts';
import { liveSubscriberCount, PRODUCT_EVENTS_CHANNEL, resetProductEventsHub, subscribeProductEvents } from '../../src/domain/search/live.ts';
import type { ProductEvent } from '../../src/domain/search/schema.ts';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
// No fixed waits for "nothing more arrives": a marker change sent afterwards arrives after anything sent before it
// (one LISTEN, delivered in order), so once the marker is in, the list is complete.
async function until<T>(fn: () => T | undefined, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await wait(20);
  }
}

describe('product events (database triggers and the shared LISTEN)', () => {
  let h: Awaited<ReturnType<typeof freshDb>>;
  const A = uuid(1001);
  const B = uuid(1002);
  const OWNER = uuid(1003);
  beforeAll(async () => {
    resetProductEventsHub();
    h = await freshDb();
    await h.db.insert(profiles).values({ id: OWNER, name: 'Proveedor', slug: 'proveedor-live' });
    const theme = { color1: '#123456', color2: '#654321', columns: 2, signup_form: 'basic', slider_info: [], header_info: null, sections_info: ['products'] };
    await h.db.insert(shops).values([
      { id: A, slug: 'tienda-a', name: 'A', store_theme_info: theme as never },
      { id: B, slug: 'tienda-b', name: 'B', store_theme_info: theme as never },
    ]);
    await h.db.insert(products).values([1, 2, 3].map((n) => ({ id: uuid(n), owner: OWNER, type: 'product' as const, slug: `p${n}`, name: `P${n}`, list_price: 1000 })));
    await h.db.insert(shopProducts).values([{ shop_id: A, product_id: uuid(1) }, { shop_id: B, product_id: uuid(2) }]);
  });
  afterAll(async () => { resetProductEventsHub(); await h?.dispose(); });

  /** Waits until every event sent so far reached `list`: a price change of `marker` (an item of that shop) comes in last, and is taken off. */
  async function settled(list: ProductEvent[], marker: string) {
    const n = list.length;
    await h.db.update(products).set({ list_price: 7777 }).where(eq(products.id, marker));
    await until(() => list.length > n && list.at(-1)?.product_id === marker);
    list.pop();
  }

  it('notifies product_events with {shop_id?, product_id, op} from products and shop_products (an update with its fields and shops)', async () => {
    const raw: string[] = [];
    const stop = await h.listen(PRODUCT_EVENTS_CHANNEL, (p) => raw.push(p));
    await h.db.update(products).set({ list_price: 2000 }).where(eq(products.id, uuid(1)));
    await h.db.insert(shopProducts).values({ shop_id: A, product_id: uuid(3), queue_position: 5 });
    await h.db.delete(shopProducts).where(eq(shopProducts.product_id, uuid(3)));
    const got = await until(() => (raw.length >= 3 ? raw.map((p) => JSON.parse(p)) : undefined));
    // A product row's update also names the columns that changed and the shops offering it (migration 0036): what
    // the page cache needs to make stale only the pages that show it.
    expect(got[0]).toMatchObject({ product_id: uuid(1), op: 'update', fields: ['list_price'], shop_ids: [A] });
    expect(got.slice(1)).toEqual([
      { shop_id: A, product_id: uuid(3), op: 'insert' },
      { shop_id: A, product_id: uuid(3), op: 'delete' },
    ]);
    await stop();
  });

  it('passes each event only to the subscribers of the shops it concerns', async () => {
    const a: ProductEvent[] = [];
    const b: ProductEvent[] = [];
    const offA = await subscribeProductEvents(A, (e) => a.push(e), h);
    const offB = await subscribeProductEvents(B, (e) => b.push(e), h);
    expect(liveSubscriberCount()).toBe(2);
    await h.db.update(products).set({ list_price: 3000 }).where(eq(products.id, uuid(1))); // offered by A only
    await h.db.update(products).set({ list_price: 3000 }).where(eq(products.id, uuid(2))); // offered by B only
    await h.db.insert(shopProducts).values({ shop_id: A, product_id: uuid(3) });
    await until(() => a.length >= 2 && b.length >= 1);
    await settled(a, uuid(1));
    await settled(b, uuid(2));
    expect(a).toEqual([{ product_id: uuid(1), op: 'update' }, { product_id: uuid(3), op: 'insert' }]);
    expect(b).toEqual([{ product_id: uuid(2), op: 'update' }]);
    offA();
    offB();
    expect(liveSubscriberCount()).toBe(0);
    // A subscriber still listening gets this change: once it has, A's first subscriber would have had it too.
    const probe: ProductEvent[] = [];
    const offProbe = await subscribeProductEvents(A, (e) => probe.push(e), h);
    await h.db.update(products).set({ list_price: 4000 }).where(eq(products.id, uuid(1)));
    await until(() => probe.length >= 1);
    offProbe();
    expect(a).toHaveLength(2);
  });

  it('reaches a shop through its catalogues too, and sends one "bulk" event for a large statement', async () => {
    const a: ProductEvent[] = [];
    const off = await subscribeProductEvents(A, (e) => a.push(e), h);
    await h.db.insert(catalogues).values({ id: uuid(2001), shop_id: A, slug: 'cat', name: 'Cat' });
    await h.db.insert(catalogueProducts).values({ catalogue_id: uuid(2001), product_id: uuid(2) });
    await until(() => a.length >= 1);
    expect(a).toEqual([{ product_id: uuid(2), op: 'update' }]);
    await h.db.update(products).set({ name: 'P2 nuevo' }).where(eq(products.id, uuid(2))); // in A's catalogue now
    await until(() => a.length >= 2);
    expect(a[1]).toEqual({ product_id: uuid(2), op: 'update' });
    const many = Array.from({ length: 250 }, (_, i) => ({ id: uuid(5000 + i), owner: OWNER, type: 'product' as const, slug: `bulk-${i}`, name: `B${i}`, list_price: 1 }));
    await h.db.insert(products).values(many);
    await h.db.insert(shopProducts).values(many.map((m) => ({ shop_id: A, product_id: m.id })));
    await until(() => a.length >= 4);
    await settled(a, uuid(1));
    expect(a.slice(2)).toEqual([{ op: 'bulk' }, { op: 'bulk' }]);
    off();
  });
});

// ---------- the SSE endpoint over HTTP ----------

interface Stream { events: { event: string; data: string }[]; raw: string; headers: http.IncomingHttpHeaders; status: number; close: () => void }

function openStream(path: string, host?: string): Promise<Stream> {
  const url = new URL(path, inject('baseUrl'));
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { accept: 'text/event-stream', 'x-forwarded-for': `10.9.${Math.floor(Math.random() * 250)}.1`, ...(host ? { host } : {}) } }, (res) => {
      const s: Stream = { events: [], raw: '', headers: res.headers, status: res.statusCode ?? 0, close: () => req.destroy() };
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        s.raw += chunk;
        buffer += chunk;
        let i;
        while ((i = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, i);
          buffer = buffer.slice(i + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data !== undefined) s.events.push({ event, data });
        }
      });
      res.on('error', () => {});
      resolve(s);
    });
    req.on('error', (e) => { if ((e as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(e); });
  });
}

describe('GET /api/shops/{slug}/events (server-sent events)', () => {
  const c = new Client();

  it('answers an event stream that starts at once, and 404 for an unknown shop', async () => {
    const s = await openStream('/api/shops/demo-03/events');
    expect(s.status).toBe(200);
    expect(s.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(s.headers['cache-control']).toMatch(/no-store/);
    await until(() => s.raw.includes(': connected'));
    expect(s.raw.startsWith('retry: ')).toBe(true);
    s.close();
    expect((await c.get('/api/shops/no-existe/events')).status).toBe(404);
  });

  it('delivers a change made by the shop admin to that shop\'s streams only', async () => {
    type Row = { id: string; queue_position: number };
    // Demo shops share supplier items: the item changed is one demo-fifth does not offer, the marker one demo-basic
    // does not (a change to a shared product is news to every shop that shows it).
    const basic = (await c.get('/api/shops/demo-basic/products?limit=100')).json().results as Row[];
    const fifthItems = (await c.get('/api/shops/demo-fifth/products?limit=100')).json().results as Row[];
    const items = basic.filter((b) => !fifthItems.some((f) => f.id === b.id));
    const marker = fifthItems.find((f) => !basic.some((b) => b.id === f.id));
    expect(items.length, 'demo-basic has items of its own').toBeGreaterThan(1);
    expect(marker, 'demo-fifth has an item demo-basic does not show').toBeDefined();
    const own = await openStream('/api/shops/demo-basic/events');
    const other = await openStream('/api/shops/demo-fifth/events');
    await until(() => own.raw.includes(': connected') && other.raw.includes(': connected'));
    const admin = new Client();
    await admin.login('adminbasic@demo.test');
    const item = items[1]!;
    const path = `/api/shops/demo-basic/items/${item.id}`;
    expect((await admin.request('PATCH', path, { body: { in_store: false } })).status).toBe(200);
    const ev = await until(() => own.events.find((e) => JSON.parse(e.data).product_id === item.id));
    expect(ev.event).toBe('product');
    expect(JSON.parse(ev.data)).toEqual({ product_id: item.id, op: 'delete' });
    expect((await admin.request('PATCH', path, { body: { in_store: true, queue_position: item.queue_position } })).status).toBe(200);
    await until(() => own.events.some((e) => JSON.parse(e.data).op === 'insert'));
    // A change to the other shop, made afterwards, reaches its stream after anything sent before it.
    const fifth = new Client();
    await fifth.login('adminfifth@demo.test');
    const markerPath = `/api/shops/demo-fifth/items/${marker!.id}`;
    expect((await fifth.request('PATCH', markerPath, { body: { in_store: false } })).status).toBe(200);
    expect((await fifth.request('PATCH', markerPath, { body: { in_store: true, queue_position: marker!.queue_position } })).status).toBe(200);
    await until(() => other.events.some((e) => JSON.parse(e.data).product_id === marker!.id && JSON.parse(e.data).op === 'insert'));
    expect(other.events.filter((e) => JSON.parse(e.data).product_id === item.id)).toEqual([]);
    own.close();
    other.close();
  });

  it('delivers changes written straight to PostgreSQL (price change, a new product)', async (ctx) => {
    ctx.skip(!inject('serverDatabaseUrl'), "PostgreSQL only: it needs a second connection to the server's database (PGlite is opened by the server process alone)");
    const db = new pg.Client({ connectionString: inject('serverDatabaseUrl')! });
    await db.connect();
    try {
      const s = await openStream('/api/shops/demo-03/events', 'demo-03.localhost'); // on the shop's own host, as pages use it
      await until(() => s.raw.includes(': connected'));
      const { rows: [shop] } = await db.query<{ id: string }>("select id from shops where slug = 'demo-03'");
      const { rows: [item] } = await db.query<{ product_id: string }>('select product_id from shop_products where shop_id = $1 order by queue_position limit 1', [shop!.id]);
      await db.query('update products set list_price = list_price + 100 where id = $1', [item!.product_id]);
      const price = await until(() => s.events.find((e) => JSON.parse(e.data).product_id === item!.product_id));
      expect(JSON.parse(price.data)).toEqual({ product_id: item!.product_id, op: 'update' });
      const { rows: [fresh] } = await db.query<{ id: string }>(
        `insert into products (owner, type, slug, name, list_price, stock_on_hand)
         select owner, 'product', 'evento-en-vivo-' || floor(random() * 1e9)::text, 'Producto en vivo', 12300, 5 from products where id = $1 returning id`, [item!.product_id]);
      await db.query('insert into shop_products (shop_id, product_id, queue_position) values ($1, $2, 0)', [shop!.id, fresh!.id]);
      const added = await until(() => s.events.find((e) => JSON.parse(e.data).product_id === fresh!.id && JSON.parse(e.data).op === 'insert'));
      expect(added.event).toBe('product');
      const card = await c.get(`/demo-03/fragments/card/${fresh!.id}`);
      expect(card.status).toBe(200);
      expect(card.text).toContain('Producto en vivo');
      await db.query('delete from shop_products where product_id = $1', [fresh!.id]);
      await db.query('delete from products where id = $1', [fresh!.id]);
      await db.query('update products set list_price = list_price - 100 where id = $1', [item!.product_id]);
      s.close();
    } finally {
      await db.end();
    }
  });
});
