// Large-catalogue benchmark (issue 16 item 4): one shop's pages with and without 100,000 extra items in that shop.
// Two databases: the demo data only ("small"), and the demo data plus N deterministic extra items in demo-03 and
// its catalogue `grande` ("large", `npm run seed -- --products N`, then ANALYZE). Each is served with the page cache
// off (PAGE_CACHE_TTL_MS=0), so every answer is a render: demo-03's home, its unchanged 65-item catalogue `novedades`, a
// product page, the products listing, the search API (rotating queries) and a search page, one request at a time,
// the two servers in turn, so other work on a shared machine slows both alike. Then the same databases are served
// again with the page cache on for the sitemap, which
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

/** A fresh database with the demo data, and with `products` extra items in demo-03 (seed.ts VACUUM ANALYZEs after them). */
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
    // The same VACUUM ANALYZE seed.ts runs after the extra items, for a like comparison.
    const { configFromEnv, openDb } = await import('../../src/db/client.ts');
    const { loadConfig } = await import('../../src/lib/server/config.ts');
    const handle = await openDb(configFromEnv(loadConfig(env)));
    try { await handle.exec('VACUUM ANALYZE'); } finally { await handle.close(); }
  }
  console.log(`${((performance.now() - t) / 1000).toFixed(1)} s`);
  return { env, drop };
}

async function serve(db: Db, pageCache: boolean): Promise<Server> {
  const port = await freePort();
  const env: Record<string, string> = {
    ...db.env, PORT: String(port), HOST: '127.0.0.1', BASE_DOMAIN: 'localhost', NODE_ENV: 'production', DEMO_MODE: '1',
    ASTRO_TELEMETRY_DISABLED: '1', SHOP_SUBDOMAINS: '0', ...(pageCache ? {} : { PAGE_CACHE_TTL_MS: '0' }),
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

interface Row { name: string; ms: number[]; bytes: number; first?: number; firstHeaders?: number; note?: string; locs?: number }

async function timed(baseUrl: string, p: string, failures: Failures): Promise<{ ms: number; bytes: number; headers: number } | null> {
  const t = performance.now();
  try {
    const res = await fetch(baseUrl + p, { redirect: 'manual' });
    const headers = performance.now() - t;
    const body = await res.arrayBuffer();
    if (res.status !== 200) { failures.add(`http ${res.status} ${p}`); return null; }
    return { ms: performance.now() - t, bytes: body.byteLength, headers };
  } catch (err) { failures.add(failureKind(err)); return null; }
}

type Pair<T> = { small: T; large: T };
const SIZES = ['small', 'large'] as const;

/**
 * The page renders (page cache off), one request at a time: round by round, page by page, the small and the large
 * server in turn (which goes first alternates), so both see the same machine (other work on it slows both alike).
 */
async function renders(servers: Pair<Server>, failures: Pair<Failures>): Promise<Pair<Row[]>> {
  const r = await fetch(`${servers.small.baseUrl}/api/shops/${SHOP}/products?type=product&limit=1`);
  const first = ((await r.json()) as { results: { id: string; owner: string }[] }).results[0]!;
  const search = (i: number) => `/api/shops/${SHOP}/search?${new URLSearchParams({ type: 'product', text: QUERIES[i % QUERIES.length]!, limit: '24' })}`;
  // Deep pages (issue 29): the large shop's page 200 of its products and page 50 of its 100,000-item catalogue
  // `grande` against the small shop's first pages (the same number of cards), so the ratio is the cost of depth.
  const pages: { name: string; path: (i: number) => string; large?: (i: number) => string }[] = [
    { name: 'home', path: () => `/${SHOP}/` },
    { name: 'catalogue novedades', path: () => `/${SHOP}/catalogos/novedades` },
    { name: 'catalogue list', path: () => `/${SHOP}/catalogos` },
    { name: 'product page', path: () => `/${SHOP}/productos/${first.owner}/${first.id}` },
    { name: 'products listing', path: () => `/${SHOP}/productos` },
    { name: 'listing page 200', path: () => `/${SHOP}/productos`, large: () => `/${SHOP}/productos?page=200` },
    { name: 'listing p200 by price', path: () => `/${SHOP}/productos?sort=list_price`, large: () => `/${SHOP}/productos?sort=list_price&page=200` },
    { name: 'catalogue page 50', path: () => `/${SHOP}/catalogos/novedades`, large: () => `/${SHOP}/catalogos/grande?page=50` },
    { name: 'search page', path: (i) => `/${SHOP}/productos?filter=${encodeURIComponent(`"${QUERIES[i % QUERIES.length]}"*`)}` },
    { name: 'search API', path: search },
    { name: 'search API one letter', path: (i) => `/api/shops/${SHOP}/search?${new URLSearchParams({ type: 'product', text: 'aeiouc'[i % 6]!, limit: '24' })}` },
    { name: 'search page one letter', path: (i) => `/${SHOP}/productos?filter=${encodeURIComponent(`"${'aeiouc'[i % 6]}"*`)}` },
  ];
  const pathOf = (p: (typeof pages)[number], k: 'small' | 'large', i: number) => (k === 'large' && p.large ? p.large(i) : p.path(i));
  const rows: Pair<Row[]> = { small: pages.map((p) => ({ name: p.name, ms: [], bytes: 0 })), large: pages.map((p) => ({ name: p.name, ms: [], bytes: 0 })) };
  // Warm-up: every page and query once on each (plans, caches, JIT).
  for (let i = 0; i < QUERIES.length; i++) for (const p of pages) for (const k of SIZES) await timed(servers[k].baseUrl, pathOf(p, k, i), new Failures());
  for (let round = 0; round < rounds; round++) {
    for (const [n, p] of pages.entries()) {
      for (const k of round % 2 ? [...SIZES].reverse() : SIZES) {
        const got = await timed(servers[k].baseUrl, pathOf(p, k, round), failures[k]);
        if (got) { rows[k][n]!.ms.push(got.ms); rows[k][n]!.bytes = got.bytes; }
      }
    }
  }
  return rows;
}

/** The sitemap with the page cache on: the first answer (a render), then cached answers, small and large in turn. */
async function sitemaps(servers: Pair<Server>, failures: Pair<Failures>): Promise<Pair<Row[]>> {
  const rows: Pair<Row[]> = { small: [], large: [] };
  for (const p of [`/${SHOP}/sitemap.xml`, `/${SHOP}/sitemap.xml?page=1`]) {
    const name = p.endsWith('=1') ? 'sitemap ?page=1 (cached)' : 'sitemap root (cached)';
    const row: Pair<Row> = { small: { name, ms: [], bytes: 0 }, large: { name, ms: [], bytes: 0 } };
    for (const k of SIZES) {
      const got = await timed(servers[k].baseUrl, p, failures[k]);
      row[k].first = got?.ms;
      row[k].firstHeaders = got?.headers;
    }
    for (let i = 0; i < rounds; i++) {
      for (const k of i % 2 ? [...SIZES].reverse() : SIZES) {
        const got = await timed(servers[k].baseUrl, p, failures[k]);
        if (got) { row[k].ms.push(got.ms); row[k].bytes = got.bytes; }
      }
    }
    for (const k of SIZES) {
      const res = await fetch(servers[k].baseUrl + p);
      const text = await res.text();
      row[k].locs = (text.match(/<loc>/g) ?? []).length;
      row[k].note = `${(text.match(/<loc>/g) ?? []).length} <loc>, ${text.includes('<sitemapindex') ? 'index' : 'urlset'}, x-page-cache ${res.headers.get('x-page-cache') ?? '-'}`;
      rows[k].push(row[k]);
    }
  }
  return rows;
}

async function both(dbs: Pair<Db>, pageCache: boolean): Promise<Pair<Server>> {
  const small = await serve(dbs.small, pageCache);
  try { return { small, large: await serve(dbs.large, pageCache) }; } catch (err) { await small.stop(); throw err; }
}
const stopBoth = (s: Pair<Server>) => Promise.all([s.small.stop(), s.large.stop()]);

const failures: Pair<Failures> = { small: new Failures(), large: new Failures() };
const dbs: Pair<Db> = { small: await database(0), large: await database(extra) };
let small: Row[], large: Row[];
try {
  let servers = await both(dbs, false);
  try { ({ small, large } = await renders(servers, failures)); } finally { await stopBoth(servers); }
  servers = await both(dbs, true);
  try { const maps = await sitemaps(servers, failures); small.push(...maps.small); large.push(...maps.large); } finally { await stopBoth(servers); }
} finally {
  await Promise.all([dbs.small.drop(), dbs.large.drop()]);
}

const f = (n: number | undefined) => (n !== undefined && Number.isFinite(n) ? n.toFixed(1) : '-');
const ratio = (a: number, b: number) => (a > 0 && Number.isFinite(b) ? `${(b / a).toFixed(2)}x` : '-');
const kb = (n: number) => `${(n / 1024).toFixed(0)}k`;
console.log(`\nLarge catalogue, ${SHOP} on ${onPostgres ? 'PostgreSQL' : 'PGlite'}: small = demo data; large = demo + ${extra} items in ${SHOP}.`);
console.log(`Page cache off for the pages (renders), on for the sitemap; ${rounds} sequential rounds. Node ${process.version}, ${os.cpus().length} CPUs.\n`);
console.log('page'.padEnd(26), 'small p50'.padStart(10), 'p95'.padStart(8), 'large p50'.padStart(10), 'p95'.padStart(8), 'p50 x'.padStart(7), 'p95 x'.padStart(7), 'bytes s/l'.padStart(12));
for (const [i, s] of small!.entries()) {
  const l = large![i]!;
  const [s50, s95, l50, l95] = [percentile(s.ms, 50), percentile(s.ms, 95), percentile(l.ms, 50), percentile(l.ms, 95)];
  console.log(s.name.padEnd(26), f(s50).padStart(10), f(s95).padStart(8), f(l50).padStart(10), f(l95).padStart(8), ratio(s50, l50).padStart(7), ratio(s95, l95).padStart(7),
    `${kb(s.bytes)}/${kb(l.bytes)}`.padStart(12));
}
for (const [i, s] of small!.entries()) {
  const l = large![i]!;
  if (s.first !== undefined || s.note) console.log(`${s.name}: first answer (render) ${f(s.first)} / ${f(l.first)} ms, headers after ${f(s.firstHeaders)} / ${f(l.firstHeaders)} ms; small ${s.note}; large ${l.note}`);
}
// A sitemap file grows with the shop (up to 50,000 URLs a file), so its ratio compares files of different sizes:
// the time per URL says whether serving it scales.
for (const [i, s] of small!.entries()) {
  const l = large![i]!;
  if (!s.locs || !l.locs || !s.note?.includes('urlset') || !l.note?.includes('urlset')) continue;
  const [a, b] = [percentile(s.ms, 50) / s.locs * 1000, percentile(l.ms, 50) / l.locs * 1000];
  console.log(`${s.name}: files of ${s.locs} and ${l.locs} URLs; p50 per URL ${a.toFixed(2)} / ${b.toFixed(2)} µs (${ratio(a, b)})`);
}
console.log(`\nfailed requests: small ${failures.small}; large ${failures.large}`);
if (failures.small.total + failures.large.total) process.exitCode = 1;
