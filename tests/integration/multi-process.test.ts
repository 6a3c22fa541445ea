// Several app processes on one PostgreSQL database (issue 16, scale-out): a second process on the project
// server's database shares sessions, carts and checkouts with the first (a cart filled through one process is paid
// through the other), an expired reservation swept by both at once is released once, a page cached by one is invalidated by a write through the other, both answer /api/health,
// and SIGTERM lets a request in flight finish before the process exits 0.
import http from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { Client } from '../support/http.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { demoPicks, signUp } from './checkout.fixtures.ts';

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

/** The same visitor (cookies and address) talking to another process. */
function sameVisitor(c: Client, base: string): Client {
  const other = new Client(base, { ...c.defaults });
  for (const [k, v] of c.jar) other.jar.set(k, v);
  return other;
}

describe('two app processes on one PostgreSQL database', () => {
  beforeEach((ctx) => ctx.skip(!onPostgres, 'PostgreSQL only: PGlite is opened by one process'));
  const picks = demoPicks();
  const SHOP = picks.shopSlug;
  let a: string;
  let b: RunningServer;
  beforeAll(async () => {
    if (!onPostgres) return;
    a = inject('baseUrl');
    // Started the production way (serve only: the database is migrated already). The page cache TTL is long in B:
    // only an invalidation from A's write can explain a fresh page there.
    b = await startServer({ db: 'postgres', databaseUrl: inject('serverDatabaseUrl')!, args: ['--serve-only'], env: { PAGE_CACHE_TTL_MS: '600000' } });
  });
  afterAll(async () => {
    if (b && b.exitCode() === null) { b.signal('SIGTERM'); await b.exited; }
  });

  it('both answer the health check with the database up', async () => {
    for (const base of [a, b.baseUrl]) {
      const r = await new Client(base).get('/api/health');
      expect(r.status).toBe(200);
      expect(r.json()).toEqual({ status: 'ok', database: 'up', draining: false });
    }
  });

  it('a cart filled through one process is checked out and paid through the other', async () => {
    const supplier = new Client(a);
    await supplier.login('proveedor@demo.test');
    const product = picks.textiles.at(-2)!;
    const stocked = await supplier.request('PUT', `/api/supplier/products/${product}/stock`, { body: { stock_on_hand: 5 } });
    expect(stocked.status, stocked.text).toBe(200);
    const inA = new Client(a);
    await signUp(inA, 'twoproc');
    expect((await inA.post('/api/cart/items', { shop: SHOP, product_id: product, amount: 2 })).status).toBeLessThan(300);
    // The session and the cart live in the database: process B sees the same signed-in buyer and cart.
    const inB = sameVisitor(inA, b.baseUrl);
    const cart = (await inB.get(`/api/cart?shop=${SHOP}`)).json();
    expect(cart.orders.flatMap((o: { products: { product_id: string }[] }) => o.products).map((l: { product_id: string }) => l.product_id)).toContain(product);
    const started = await inB.post('/api/checkout', { shop: SHOP, supplier_id: picks.suppliers.textiles });
    expect(started.status, started.text).toBe(201);
    const id = started.json().id as string;
    // Contact and delivery through A, payment through B.
    const { CONTACT, ADDRESS } = await import('./checkout.fixtures.ts');
    expect((await inA.request('PATCH', `/api/checkout/${id}`, { body: { contact: CONTACT, address: ADDRESS } })).status).toBe(200);
    const ready = await inA.request('PUT', `/api/checkout/${id}/delivery`, { body: { delivery_type: 'fixed_delivery' } });
    expect(ready.status, ready.text).toBe(200);
    const paid = await inB.post(`/api/checkout/${id}/pay`, { payment_type: 'cash', token: ready.json().token });
    expect(paid.status, paid.text).toBe(200);
    const orderId = paid.json().order_id as string;
    expect(orderId).toBeTruthy();
    // The order is there for A too, and the units were taken once (5 - 2), whichever process did it.
    expect((await inA.get(`/api/orders/${orderId}`)).status).toBe(200);
    const stock = (await supplier.get(`/api/supplier/products/${product}`)).json();
    expect(stock.stock_on_hand ?? stock.product?.stock_on_hand).toBe(3);
  });

  it('an expired reservation swept by both processes at once is released once', async () => {
    const supplier = new Client(a);
    await supplier.login('proveedor@demo.test');
    const product = picks.textiles.at(-3)!;
    const stockUrl = `/api/supplier/products/${product}/stock`;
    expect((await supplier.request('PUT', stockUrl, { body: { stock_on_hand: 5 } })).status).toBe(200);
    const x = new Client(a);
    await signUp(x, 'sweepx');
    const held = await x.post('/api/checkout', { shop: SHOP, items: [{ product_id: product, amount: 2 }], buy_now: true });
    expect(held.status, held.text).toBe(201);
    expect((await supplier.get(stockUrl)).json()).toMatchObject({ stock_on_hand: 5, stock_reserved: 2 });
    // Its time runs out (as if the countdown had ended); every checkout start sweeps expired ones first.
    const sql = new pg.Client({ connectionString: inject('serverDatabaseUrl')! });
    await sql.connect();
    try {
      await sql.query("update checkouts set expires_at = now() - interval '1 minute' where id = $1", [held.json().id]);
    } finally {
      await sql.end();
    }
    const y = new Client(a);
    const z = new Client(b.baseUrl);
    await signUp(y, 'sweepy');
    await signUp(z, 'sweepz');
    const starts = await Promise.all([y, z].map((c) => c.post('/api/checkout', { shop: SHOP, items: [{ product_id: product, amount: 1 }], buy_now: true })));
    for (const r of starts) expect(r.status, r.text).toBe(201);
    expect((await x.get(`/api/checkout/${held.json().id}`)).json().status).toBe('expired');
    // X's 2 units came back once: what is reserved now is Y's and Z's unit each (a double release would leave 0).
    expect((await supplier.get(stockUrl)).json()).toMatchObject({ stock_on_hand: 5, stock_reserved: 2 });
  });

  it('a page cached in one process is invalidated by a write through the other', async () => {
    const page = '/demo-basic/?two-process-probe=1';
    const anonymous = () => new Client(b.baseUrl).get(page);
    await anonymous();
    expect((await anonymous()).headers['x-page-cache']).toBe('hit');
    const admin = new Client(a);
    await admin.login('adminbasic@demo.test');
    const api = '/api/shops/demo-basic/admin/store';
    const before = (await admin.get(api)).json().name as string;
    const renamed = `Tienda de dos procesos ${Date.now().toString(36)}`;
    try {
      expect((await admin.request('PATCH', api, { body: { name: renamed } })).status).toBe(200);
      const fresh = await until(async () => { const r = await anonymous(); return r.text.includes(renamed) ? r : undefined; }, 15_000);
      expect(fresh.status).toBe(200);
    } finally {
      await admin.request('PATCH', api, { body: { name: before } });
    }
  });

  it('SIGTERM: stops accepting, lets the request in flight finish, cuts event streams, closes the database and exits 0', async () => {
    const body = JSON.stringify({ lang: 'es' });
    // A request whose body is still on its way when the signal arrives: headers and part of the body sent.
    const req = http.request(new URL('/api/preferences', b.baseUrl), {
      method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(body.length), 'x-forwarded-for': '10.77.1.1' },
    });
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      req.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => { text += c; });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on('error', reject);
    });
    req.flushHeaders();
    req.write(body.slice(0, 5));
    await until(async () => req.socket?.readyState === 'open' || undefined, 5_000);
    // The server has the request once its connection is counted by the database-backed app: give it a round trip.
    expect((await new Client(b.baseUrl).get('/api/health')).status).toBe(200);
    // A storefront's live event stream never finishes by itself: shutdown cuts it (the browser reconnects elsewhere).
    let streamText = '';
    const stream = http.get(`${b.baseUrl}/api/shops/demo-basic/events`, { headers: { accept: 'text/event-stream' } }, (res) => {
      res.setEncoding('utf8');
      res.on('data', (c: string) => { streamText += c; });
      res.on('error', () => {});
    });
    stream.on('error', () => {});
    await until(async () => streamText.includes(': connected'), 10_000);
    const signalled = Date.now();
    b.signal('SIGTERM');
    // New connections are refused once it drains...
    await until(async () => fetch(`${b.baseUrl}/api/health`).then(() => false, () => true), 5_000);
    expect(b.exitCode()).toBeNull();
    // ...while the one in flight is answered when its body completes.
    req.end(body.slice(5));
    const r = await answer;
    expect(r.status, r.text).toBe(200);
    expect(await b.exited).toBe(0);
    // Well before SHUTDOWN_TIMEOUT_MS (10 s), so the open stream did not hold it up.
    expect(Date.now() - signalled).toBeLessThan(5000);
    expect(stream.destroyed || stream.socket?.destroyed).toBe(true);
    expect(b.output()).toMatch(/\[shutdown\] done/);
    // The first process carries on.
    expect((await new Client(a).get('/api/health')).status).toBe(200);
  });
});
