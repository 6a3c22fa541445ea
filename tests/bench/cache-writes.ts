// Page-cache benchmark under writes (issue 16 §1): anonymous shoppers read 100 cached product pages while one
// product's stock changes 5 times a second, beside the same pages with no writes and a static file, all from one
// run, printed as ratios. On PostgreSQL the writes are plain UPDATEs from another connection (as checkout
// reservations in other processes are: only the invalidation reaches this server); on PGlite, which lives inside
// the server, they go through the supplier's PATCH, so the server also pays for the writes themselves.
//   npm run bench:cache [-- --postgres] [-- --seconds 10] [-- --connections 16] [-- --writes-per-second 5]
import { load, type LoadRun } from './stats.ts';
import pg from 'pg';
import { startServer } from '../support/server.ts';

const args = process.argv.slice(2);
const opt = (name: string) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : undefined; };
// 10 s: with 5 s runs the ratio of two runs moved by +-0.2 between runs on a 2-CPU machine.
const seconds = Number(opt('--seconds')) || 10;
const connections = Number(opt('--connections')) || 16;
const writesPerSecond = Number(opt('--writes-per-second')) || 5;
const db = args.includes('--postgres') ? 'postgres' : 'pglite';
const SUPPLIER = 'proveedor@demo.test';

interface Item { id: string; owner: string; stock_type: string; available: number }

const server = await startServer({ db });
const base = server.baseUrl;

async function productPages(): Promise<string[]> {
  const paths: string[] = [];
  for (const shop of ['demo-03', 'demo-04', 'demo-basic', 'demo-fifth']) {
    const r = await fetch(`${base}/api/shops/${shop}/products?type=product&limit=100`);
    const items = ((await r.json()) as { results: Item[] }).results;
    for (const it of items) if (paths.length < 100) paths.push(`/${shop}/productos/${it.owner}/${it.id}`);
  }
  return paths;
}

async function supplierSession(): Promise<{ cookie: string; productId: string; stock: number }> {
  const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: SUPPLIER, password: 'demo-password-1' }) });
  if (login.status !== 200) throw new Error(`supplier login: ${login.status}`);
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const list = await fetch(`${base}/api/supplier/products?type=product&limit=50`, { headers: { cookie } });
  const items = ((await list.json()) as { results: { id: string; stock_type: string; stock_on_hand: number }[] }).results;
  const item = items.find((i) => i.stock_type === 'onstock' && i.stock_on_hand > 5);
  if (!item) throw new Error('no on-stock item of the supplier');
  return { cookie, productId: item.id, stock: item.stock_on_hand };
}

type Run = LoadRun;
/** p95 is exact (every response time recorded), not autocannon's p97.5 (tests/bench/stats.ts). */
const run = (requests: { path: string }[] | null, url: string): Promise<Run> => load({ url, connections, duration: seconds, ...(requests ? { requests } : {}) });

let writes = 0;
let writeErrors = 0;
try {
  const pages = await productPages();
  const requests = pages.map((path) => ({ path }));
  // Warm every page into the cache (twice: the first render may be stale if a change landed meanwhile).
  for (let i = 0; i < 2; i++) for (const p of pages) await fetch(base + p).then((r) => r.arrayBuffer());
  await run(null, `${base}/favicon.svg`);
  const staticRun = await run(null, `${base}/favicon.svg`);
  const still = await run(requests, base);
  const { cookie, productId, stock } = await supplierSession();
  const sql = server.databaseUrl ? new pg.Client({ connectionString: server.databaseUrl }) : null;
  await sql?.connect();
  let flip = 0;
  const write = (): Promise<boolean> => {
    flip ^= 1;
    if (sql) return sql.query('UPDATE products SET stock_on_hand = $1 WHERE id = $2', [stock + flip, productId]).then((r) => r.rowCount === 1);
    return fetch(`${base}/api/supplier/products/${productId}`, {
      method: 'PATCH', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ stock_on_hand: stock + flip }),
    }).then(async (r) => { await r.arrayBuffer(); return r.status === 200; });
  };
  const timer = setInterval(() => { write().then((ok) => { writes++; if (!ok) writeErrors++; }, () => { writeErrors++; }); }, 1000 / writesPerSecond);
  const busy = await run(requests, base);
  clearInterval(timer);
  await sql?.end();

  console.log(`\nPage cache under writes: ${db}, ${pages.length} product pages, ${connections} connections, ${seconds}s per run, ${writesPerSecond} stock writes/s, Node ${process.version}\n`);
  console.log('run'.padEnd(40), 'req/s'.padStart(9), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'p99 ms'.padStart(8), 'vs static'.padStart(10), 'errors'.padStart(7));
  const row = (name: string, r: Run) => console.log(name.padEnd(40), r.rps.toFixed(0).padStart(9), r.p50.toFixed(1).padStart(8), r.p95.toFixed(1).padStart(8), r.p99.toFixed(1).padStart(8),
    `${(r.rps / staticRun.rps).toFixed(2)}x`.padStart(10), String(r.errors).padStart(7) + (r.errors ? ` (${r.failures})` : ''));
  row('static file (/favicon.svg)', staticRun);
  row('100 product pages, no writes', still);
  row(`100 product pages, ${writesPerSecond} stock writes/s`, busy);
  console.log(`\nunder writes / no writes: ${(busy.rps / still.rps).toFixed(2)}x (goal >= 0.80x); writes (${sql ? 'SQL UPDATE' : 'supplier PATCH'}) done: ${writes}, failed: ${writeErrors}`);
  if (staticRun.errors + still.errors + busy.errors + writeErrors > 0) { console.error('\nSome requests failed (counted above).'); process.exitCode = 1; }
} finally {
  await server.stop();
}
