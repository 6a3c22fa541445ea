// Large-catalogue benchmark (issue 16 item 4): one shop's pages with and without 100,000 extra items in that shop.
// Two databases: the demo data only ("small"), and the demo data plus N deterministic extra items in demo-03 and
// its catalogue `grande` ("large", `npm run seed -- --products N`, then ANALYZE). Each is served with the page cache
// off (PAGE_CACHE=0), so every answer is a render: demo-03's home, its unchanged 65-item catalogue `novedades`, a
// product page, the products listing, the search API (rotating queries) and a search page, one request at a time,
// interleaved round by round. Then the same database is served again with the page cache on for the sitemap, which
// is cached (the root answer, an index when the items do not fit one file, and its first page): its first answer
// (a render) and the cached answers after it. Prints p50/p95 for both sizes and the ratio large / small.
//   npm run bench:large [-- --postgres] [-- --products 100000] [-- --rounds 20]
// --postgres: fresh databases on TEST_DATABASE_URL's server (dropped afterwards) instead of PGlite folders.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Failures, failureKind, percentile } from './stats.ts';
import { freePort } from '../support/server.ts';
import { createFreshDatabase } from '../support/pg.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const args = process.argv.slice(2);
const opt = (name: string) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : undefined; };
const extra = Number((opt('--products') ?? '100000').replace(/_/g, ''));
const rounds = Number(opt('--rounds')) || 20;
const onPostgres = args.includes('--postgres');
const SHOP = 'demo-03';
const QUERIES = ['cafe', 'camisa lino', 'vestido bordado', 'taza', 'chocolate', 'mochila', 'caf', 'camsa', 'alebrije', 'zzzz qwerty'];

interface Db { env: Record<string, string>; drop: () => Promise<void> }
interface Server { baseUrl: string; stop: () => Promise<void> }

function run(script: string, scriptArgs: string[], env: Record<string, string>) {
  const r = spawnSync(process.execPath, [path.join(ROOT, script), ...scriptArgs], { cwd: ROOT, env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${script} ${scriptArgs.join(' ')} failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
}

/** A fresh database with the demo data, and with `products` extra items in demo-03 (seed.ts ANALYZEs after them). */
async function database(products: number): Promise<Db> {
  const env: Record<string, string> = { ...(process.env as Record<string, string>) };
  delete env.DATABASE_URL;
  let drop: () => Promise<void>;
  if (onPostgres) {
    if (!process.env.TEST_DATABASE_URL) throw new Error('--postgres needs TEST_DATABASE_URL');
    const fresh = await createFreshDatabase(process.env.TEST_DATABASE_URL, 'tiendas_large');
    env.DATABASE_URL = fresh.url;
    drop = fresh.drop;
  } else {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'tiendas-large-'));
    env.DATA_DIR = dir;
    drop = async () => rmSync(dir, { recursive: true, force: true });
  }
  const t = performance.now();
  process.stdout.write(`${products ? `seeding demo + ${products} items` : 'seeding demo'} (${onPostgres ? 'PostgreSQL' : 'PGlite'}) ... `);
  run('scripts/seed.ts', products ? ['--products', String(products)] : [], env);
  if (!products) {
    // The demo seed alone is ANALYZEd by prepare-db when the server starts; the same here for a like comparison.
    const { configFromEnv, openDb } = await import('../../src/db/client.ts');
    const handle = await openDb(configFromEnv(env));
    try { await handle.exec('ANALYZE'); } finally { await handle.close(); }
  }
  console.log(`${((performance.now() - t) / 1000).toFixed(1)} s`);
  return { env, drop };
}

async function serve(db: Db, pageCache: boolean): Promise<Server> {
  const port = await freePort();
  const env: Record<string, string> = {
    ...db.env, PORT: String(port), HOST: '127.0.0.1', BASE_DOMAIN: 'localhost', NODE_ENV: 'production', DEMO_MODE: '1',
    ASTRO_TELEMETRY_DISABLED: '1', SHOP_SUBDOMAINS: '0', PAGE_CACHE: pageCache ? '1' : '0',
  };
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => { output += d; });
  child.stderr!.on('data', (d) => { output += d; });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    try { if ((await fetch(`${baseUrl}/api/openapi.json`)).ok) break; } catch { /* not up yet */ }
    if (Date.now() > deadline) { child.kill('SIGKILL'); throw new Error(`server did not start:\n${output}`); }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => { if (child.exitCode !== null) r(null); else child.once('exit', r); setTimeout(r, 5000); });
    },
  };
}

interface Row { name: string; ms: number[]; bytes: number; first?: number; note?: string }

async function timed(baseUrl: string, p: string, failures: Failures): Promise<{ ms: number; bytes: number } | null> {
  const t = performance.now();
  try {
    const res = await fetch(baseUrl + p, { redirect: 'manual' });
    const body = await res.arrayBuffer();
    if (res.status !== 200) { failures.add(`http ${res.status} ${p}`); return null; }
    return { ms: performance.now() - t, bytes: body.byteLength };
  } catch (err) { failures.add(failureKind(err)); return null; }
}

/** The page renders (page cache off), one request at a time, the pages interleaved round by round. */
async function renders(server: Server, failures: Failures): Promise<Row[]> {
  const r = await fetch(`${server.baseUrl}/api/shops/${SHOP}/products?type=product&limit=1`);
  const first = ((await r.json()) as { results: { id: string; owner: string }[] }).results[0]!;
  const search = (i: number) => `/api/shops/${SHOP}/search?${new URLSearchParams({ type: 'product', text: QUERIES[i % QUERIES.length]!, limit: '24' })}`;
  const pages: { name: string; path: (i: number) => string }[] = [
    { name: 'home', path: () => `/${SHOP}/` },
    { name: 'catalogue novedades', path: () => `/${SHOP}/catalogos/novedades` },
    { name: 'catalogue list', path: () => `/${SHOP}/catalogos` },
    { name: 'product page', path: () => `/${SHOP}/productos/${first.owner}/${first.id}` },
    { name: 'products listing', path: () => `/${SHOP}/productos` },
    { name: 'search page', path: (i) => `/${SHOP}/productos?filter=${encodeURIComponent(`"${QUERIES[i % QUERIES.length]}"*`)}` },
    { name: 'search API', path: search },
  ];
  const rows: Row[] = pages.map((p) => ({ name: p.name, ms: [], bytes: 0 }));
  // Warm-up: every page and query once (plans, caches, JIT).
  for (let i = 0; i < QUERIES.length; i++) for (const p of pages) await timed(server.baseUrl, p.path(i), new Failures());
  for (let round = 0; round < rounds; round++) {
    for (const [k, p] of pages.entries()) {
      const got = await timed(server.baseUrl, p.path(round), failures);
      if (got) { rows[k]!.ms.push(got.ms); rows[k]!.bytes = got.bytes; }
    }
  }
  return rows;
}

/** The sitemap with the page cache on: the first answer (a render), then cached answers. */
async function sitemaps(server: Server, failures: Failures): Promise<Row[]> {
  const rows: Row[] = [];
  for (const p of [`/${SHOP}/sitemap.xml`, `/${SHOP}/sitemap.xml?page=1`]) {
    const row: Row = { name: p.endsWith('=1') ? 'sitemap ?page=1 (cached)' : 'sitemap root (cached)', ms: [], bytes: 0 };
    const first = await timed(server.baseUrl, p, failures);
    row.first = first?.ms;
    for (let i = 0; i < rounds; i++) {
      const got = await timed(server.baseUrl, p, failures);
      if (got) { row.ms.push(got.ms); row.bytes = got.bytes; }
    }
    const res = await fetch(server.baseUrl + p);
    const text = await res.text();
    row.note = `${(text.match(/<loc>/g) ?? []).length} <loc>, ${text.startsWith('<?xml') && text.includes('<sitemapindex') ? 'index' : 'urlset'}, x-page-cache ${res.headers.get('x-page-cache') ?? '-'}`;
    rows.push(row);
  }
  return rows;
}

async function measure(products: number, failures: Failures): Promise<Row[]> {
  const db = await database(products);
  try {
    let server = await serve(db, false);
    let rows: Row[];
    try { rows = await renders(server, failures); } finally { await server.stop(); }
    server = await serve(db, true);
    try { rows.push(...await sitemaps(server, failures)); } finally { await server.stop(); }
    return rows;
  } finally { await db.drop(); }
}

const failures = { small: new Failures(), large: new Failures() };
const small = await measure(0, failures.small);
const large = await measure(extra, failures.large);

const f = (n: number | undefined) => (n !== undefined && Number.isFinite(n) ? n.toFixed(1) : '-');
const ratio = (a: number, b: number) => (a > 0 && Number.isFinite(b) ? `${(b / a).toFixed(2)}x` : '-');
const kb = (n: number) => `${(n / 1024).toFixed(0)}k`;
console.log(`\nLarge catalogue, ${SHOP} on ${onPostgres ? 'PostgreSQL' : 'PGlite'}: small = demo data; large = demo + ${extra} items in ${SHOP}.`);
console.log(`Page cache off for the pages (renders), on for the sitemap; ${rounds} sequential rounds. Node ${process.version}, ${os.cpus().length} CPUs.\n`);
console.log('page'.padEnd(26), 'small p50'.padStart(10), 'p95'.padStart(8), 'large p50'.padStart(10), 'p95'.padStart(8), 'p50 x'.padStart(7), 'p95 x'.padStart(7), 'bytes s/l'.padStart(12));
for (const [i, s] of small.entries()) {
  const l = large[i]!;
  const [s50, s95, l50, l95] = [percentile(s.ms, 50), percentile(s.ms, 95), percentile(l.ms, 50), percentile(l.ms, 95)];
  console.log(s.name.padEnd(26), f(s50).padStart(10), f(s95).padStart(8), f(l50).padStart(10), f(l95).padStart(8), ratio(s50, l50).padStart(7), ratio(s95, l95).padStart(7),
    `${kb(s.bytes)}/${kb(l.bytes)}`.padStart(12));
}
for (const [i, s] of small.entries()) {
  const l = large[i]!;
  if (s.first !== undefined || s.note) console.log(`${s.name}: first answer (render) ${f(s.first)} / ${f(l.first)} ms; small ${s.note}; large ${l.note}`);
}
console.log(`\nfailed requests: small ${failures.small}; large ${failures.large}`);
if (failures.small.total + failures.large.total) process.exitCode = 1;
