// Checkout race benchmark: 200 buyers race through the real HTTP API (add to cart + start checkout, 1 unit each)
// for the last 10 units of one product. Prints how many succeeded (must be exactly 10), that the stock never
// went below zero and reserved + sold = 10, checkout starts per second and p50/p95/p99 latency. Requests that fail
// on the wire (ECONNRESET, refused, timeouts) are counted by kind and printed, never abort the run. Runs on PGlite,
// and on PostgreSQL too when TEST_DATABASE_URL is set.
//   npm run bench:checkout [-- --buyers 200] [-- --units 10] [-- --only pglite|postgres]
import { startServer } from '../support/server.ts';
import { demoPicks } from '../integration/checkout.fixtures.ts';
import { Failures, failureKind, fmtLatency, latencyOf, type Latency } from './stats.ts';

const args = process.argv.slice(2);
const arg = (name: string, d: number) => Number(args[args.indexOf(`--${name}`) + 1]) || d;
const BUYERS = arg('buyers', 200);
const UNITS = arg('units', 10);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : null;
const kinds = (['pglite', 'postgres'] as const).filter((k) => (!only || only === k) && (k === 'pglite' || process.env.TEST_DATABASE_URL));

/** A minimal cookie-keeping HTTP client on fetch (each buyer looks like its own address). */
class Agent {
  private cookies = new Map<string, string>();
  private base: string;
  private ip: string;
  constructor(base: string, ip: string) { this.base = base; this.ip = ip; }
  /** status 0 and `error` (ECONNRESET…) when the request failed on the wire. */
  async call(method: string, path: string, body?: unknown): Promise<{ status: number; json: any; ms: number; error?: string }> {
    const headers: Record<string, string> = { 'x-forwarded-for': this.ip };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const t = performance.now();
    let res: Response;
    let text: string;
    try {
      res = await fetch(this.base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      text = await res.text();
    } catch (err) {
      return { status: 0, json: null, ms: performance.now() - t, error: failureKind(err) };
    }
    const ms = performance.now() - t;
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, i).trim(), pair!.slice(i + 1));
    }
    let json: any = null;
    try { json = JSON.parse(text); } catch { json = text; }
    return { status: res.status, json, ms };
  }
}


async function pool<T>(n: number, items: T[], fn: (x: T, i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: n }, async () => { while (next < items.length) { const i = next++; await fn(items[i]!, i); } }));
}

interface Outcome { db: string; ok: number; refused: Record<string, number>; failures: Failures; startsPerSec: number; start: Latency; cart: Latency; wallMs: number; before: unknown; afterRace: any; afterPay: any; pass: boolean }

async function run(db: 'pglite' | 'postgres'): Promise<Outcome> {
  const picks = demoPicks();
  const shop = picks.shopSlug;
  const product = picks.textiles[picks.textiles.length - 1]!;
  const server = await startServer({ db });
  try {
    const base = server.baseUrl;
    const supplier = new Agent(base, '10.250.0.1');
    const login = await supplier.call('POST', '/api/auth/login', { email: 'proveedor@demo.test', password: 'demo-password-1' });
    if (login.status !== 200) throw new Error(`supplier login ${login.status}`);
    const set = await supplier.call('PUT', `/api/supplier/products/${product}/stock`, { stock_on_hand: UNITS });
    if (set.status !== 200) throw new Error(`set stock ${set.status} ${JSON.stringify(set.json)}`);
    const before = set.json;

    const buyers = Array.from({ length: BUYERS }, (_, i) => new Agent(base, `10.${100 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}`));
    const tag = Date.now().toString(36);
    const failures = new Failures();
    const signedUp: Agent[] = [];
    await pool(8, buyers, async (b, i) => {
      // Sign-up mails a code (issue 23); the demo outbox shows it, and the code proves the e-mail and signs in.
      const email = `racer-${tag}-${i}@bench.example`;
      const r = await b.call('POST', '/api/auth/signup', { email, password: 'a-long-password', name: `Racer ${i}` });
      if (r.status !== 202) { failures.add(`signup:${r.error ?? r.status}`); return; }
      const outbox = await b.call('GET', '/dev/outbox');
      const pin = String(outbox.json).match(new RegExp(`${email.replace(/[.]/g, '\\.')}[\\s\\S]*?(\\d{6})`))?.[1];
      const v = pin ? await b.call('POST', '/api/auth/pin/verify', { email, pin }) : { status: 0, error: 'no code mailed' };
      if (v.status === 200) signedUp.push(b); else failures.add(`signup:${v.error ?? v.status}`);
    });

    // Warm-up (one request of each kind, outside the measurement).
    await buyers[0]!.call('GET', `/api/cart?shop=${shop}`);

    const startLat: number[] = [];
    const cartLat: number[] = [];
    const refused: Record<string, number> = {};
    const winners: { agent: Agent; checkout: any }[] = [];
    const t0 = performance.now();
    await Promise.all(signedUp.map(async (b) => {
      const add = await b.call('POST', '/api/cart/items', { shop, product_id: product, amount: 1 });
      if (add.error) { failures.add(`cart:${add.error}`); return; }
      cartLat.push(add.ms);
      if (add.status !== 200) { const k = `cart:${add.json?.error?.code ?? add.status}`; refused[k] = (refused[k] ?? 0) + 1; return; }
      const start = await b.call('POST', '/api/checkout', { shop, supplier_id: picks.suppliers.textiles });
      if (start.error) { failures.add(`checkout:${start.error}`); return; }
      startLat.push(start.ms);
      if (start.status === 201) winners.push({ agent: b, checkout: start.json });
      else { const k = `checkout:${start.json?.error?.code ?? start.status}`; refused[k] = (refused[k] ?? 0) + 1; }
    }));
    const wallMs = performance.now() - t0;
    const afterRace = (await supplier.call('GET', `/api/supplier/products/${product}/stock`)).json ?? {};

    // The winners pay (cash on delivery): reservations become sales.
    await pool(4, winners, async (w) => {
      const id = w.checkout.id;
      await w.agent.call('PATCH', `/api/checkout/${id}`, {
        contact: { name: 'Racer', email: 'racer@bench.example', phone: '5512345678' },
        address: { address_name: 'Casa', address_phone: '5512345678', street_address: 'Calle 1', postal_code: '03100' },
      });
      const d = await w.agent.call('PUT', `/api/checkout/${id}/delivery`, { delivery_type: 'fixed_delivery' });
      if (d.status !== 200) { failures.add(`delivery:${d.error ?? d.status}`); return; }
      const p = await w.agent.call('POST', `/api/checkout/${id}/pay`, { payment_type: 'cash', token: d.json.token });
      if (p.status !== 200) failures.add(`pay:${p.error ?? `${p.status} ${p.json?.error?.code ?? ''}`}`);
    });
    const afterPay = (await supplier.call('GET', `/api/supplier/products/${product}/stock`)).json ?? {};
    const sold = UNITS - afterPay.stock_on_hand;
    const pass = winners.length === UNITS && afterRace.stock_reserved === UNITS && afterRace.stock_on_hand === UNITS
      && afterPay.stock_on_hand >= 0 && afterPay.stock_reserved === 0 && sold === UNITS
      && afterRace.stock_on_hand - afterRace.stock_reserved >= 0;
    return {
      db, ok: winners.length, refused, failures, startsPerSec: (startLat.length / wallMs) * 1000, start: latencyOf(startLat),
      cart: latencyOf(cartLat), wallMs, before, afterRace, afterPay, pass,
    };
  } finally {
    await server.stop();
  }
}

const results: Outcome[] = [];
for (const k of kinds) results.push(await run(k));

console.log(`\nCheckout race: ${BUYERS} buyers, ${UNITS} units of one product, Node ${process.version}\n`);
for (const r of results) {
  console.log(`[${r.db}]`);
  console.log(`  succeeded checkouts          ${r.ok} (must be ${UNITS})`);
  console.log(`  refused                      ${Object.entries(r.refused).map(([k, v]) => `${k} ${v}`).join(', ') || 'none'}`);
  console.log(`  stock after the race         on hand ${r.afterRace.stock_on_hand}, reserved ${r.afterRace.stock_reserved} (available ${r.afterRace.stock_on_hand - r.afterRace.stock_reserved}, never negative)`);
  console.log(`  stock after the 10 paid      on hand ${r.afterPay.stock_on_hand}, reserved ${r.afterPay.stock_reserved}; reserved+sold = ${r.afterRace.stock_reserved} -> sold ${UNITS - r.afterPay.stock_on_hand}`);
  console.log(`  race wall time               ${r.wallMs.toFixed(0)} ms`);
  console.log(`  checkout starts per second   ${r.startsPerSec.toFixed(1)}`);
  console.log(`  checkout start latency       ${fmtLatency(r.start)}`);
  console.log(`  add-to-cart latency          ${fmtLatency(r.cart)}`);
  console.log(`  failed requests              ${r.failures}`);
  console.log(`  ${r.pass ? 'PASS' : 'FAIL'}: exactly ${UNITS} succeeded and none oversold\n`);
}
if (!results.length) console.log('nothing to run');
if (results.some((r) => !r.pass || r.failures.total > 0)) process.exitCode = 1;
