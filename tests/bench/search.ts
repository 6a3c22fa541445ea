// Search latency benchmark: p50/p95/p99 (and failures by kind) of GET /api/shops/demo-03/search for 30 realistic queries (words, two-word
// queries, accents, prefixes, typos) on the demo data (240+ items) and on demo-03 with 100,000 extra products
// (`npm run seed -- --products N` into the server's PGlite folder before it starts), side by side with the ratio.
//   npm run bench:search [-- --products 100000] [-- --rounds 15] [-- --seconds 5] [-- --no-analyze]
//
// tests/support/server.ts chooses its own data folder and seeds only the demo data, so the start-up is copied
// here with one difference: the folder is created and seeded first (seed.ts, then ANALYZE, as prepare-db does
// after the demo seed; `--no-analyze` measures what a bare `npm run seed -- --products N` leaves behind).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Failures, failureKind, load, percentile } from './stats.ts';
import { freePort } from '../support/server.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const args = process.argv.slice(2);
const opt = (name: string) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : undefined; };
const extra = Number((opt('--products') ?? '100000').replace(/_/g, ''));
const rounds = Number(opt('--rounds')) || 15;
const seconds = Number(opt('--seconds')) || 5;
const analyze = !args.includes('--no-analyze');
const SHOP = 'demo-03';

/** What shoppers type: single words, two words, accents or not, prefixes while typing, typos, misses. */
const QUERIES: { text: string; type?: 'product' | 'service' | 'experience' }[] = [
  { text: 'cafe' }, { text: 'café' }, { text: 'cafe chiapas' }, { text: 'café de coatepec 500 g' }, { text: 'caf' },
  { text: 'camisa lino' }, { text: 'camisa' }, { text: 'vestido bordado' }, { text: 'huipil' }, { text: 'guayabera' },
  { text: 'taza' }, { text: 'prensa francesa' }, { text: 'molino' }, { text: 'termo' }, { text: 'chocolate' },
  { text: 'miel' }, { text: 'mochila' }, { text: 'brujula' }, { text: 'alebrije' }, { text: 'jarron barro' },
  { text: 'tour', type: 'experience' }, { text: 'kayak', type: 'experience' }, { text: 'taller', type: 'service' },
  // typos and misses
  { text: 'cafee' }, { text: 'camsa' }, { text: 'vestdo' }, { text: 'tazza' }, { text: 'chocolat' }, { text: 'sombreo' },
  { text: 'zzzz qwerty' },
];

interface Server { baseUrl: string; stop: () => Promise<void> }

function run(script: string, scriptArgs: string[], env: Record<string, string>) {
  const r = spawnSync(process.execPath, [path.join(ROOT, script), ...scriptArgs], { cwd: ROOT, env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${script} ${scriptArgs.join(' ')} failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/** scripts/start.mjs on a fresh PGlite folder; with `products`, that folder gets N extra items first. */
async function start(products: number): Promise<Server & { seedMs: number }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tiendas-search-'));
  const port = await freePort();
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port), HOST: '127.0.0.1', BASE_DOMAIN: 'localhost', NODE_ENV: 'production', DEV_OUTBOX: '1',
    ASTRO_TELEMETRY_DISABLED: '1', DATA_DIR: dir,
  };
  delete env.DATABASE_URL;
  let seedMs = 0;
  if (products > 0) {
    const t = performance.now();
    process.stdout.write(`seeding ${products} extra products into ${dir} ... `);
    run('scripts/seed.ts', ['--products', String(products)], env);
    if (analyze) {
      // The same planner statistics prepare-db gives the demo data (seed.ts does not ANALYZE).
      const { configFromEnv, openDb } = await import('../../src/db/client.ts');
      const { loadConfig } = await import('../../src/lib/server/config.ts');
      const handle = await openDb(configFromEnv(loadConfig({ DATA_DIR: dir })));
      try { await handle.exec('ANALYZE'); } finally { await handle.close(); }
    }
    seedMs = performance.now() - t;
    console.log(`${(seedMs / 1000).toFixed(1)} s${analyze ? ' (with ANALYZE)' : ' (no ANALYZE)'}`);
  }
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
    baseUrl, seedMs,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => { if (child.exitCode !== null) r(null); else child.once('exit', r); setTimeout(r, 5000); });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const urlOf = (q: (typeof QUERIES)[number]) =>
  `/api/shops/${SHOP}/search?${new URLSearchParams({ type: q.type ?? 'product', text: q.text, limit: '5' })}`;

interface Measured {
  perQuery: { ms: number[]; matches: number; first: string; status: number }[];
  all: number[];
  rps: number; p50Load: number; p95Load: number; p99Load: number; errors: number; failures: Failures;
}

const pct = (xs: number[], p: number) => (xs.length ? percentile(xs, p) : NaN);

async function measure(server: Server): Promise<Measured> {
  const perQuery = QUERIES.map(() => ({ ms: [] as number[], matches: -1, first: '', status: 0 }));
  // Warm-up: every query once (plans, caches, JIT), with what it answers.
  const failures = new Failures();
  for (const [i, q] of QUERIES.entries()) {
    const res = await fetch(server.baseUrl + urlOf(q)).catch((err: unknown) => { failures.add(failureKind(err)); return null; });
    if (!res) continue;
    perQuery[i]!.status = res.status;
    const body = (await res.json().catch(() => null)) as { results?: { name: string }[]; matches_estimated?: number } | null;
    perQuery[i]!.matches = body?.matches_estimated ?? -1;
    perQuery[i]!.first = body?.results?.[0]?.name ?? '';
  }
  // One request at a time, the queries interleaved round by round.
  for (let r = 0; r < rounds; r++) {
    for (const [i, q] of QUERIES.entries()) {
      const t = performance.now();
      try {
        const res = await fetch(server.baseUrl + urlOf(q));
        await res.arrayBuffer();
        if (res.status === 200) perQuery[i]!.ms.push(performance.now() - t); else failures.add(`http ${res.status}`);
      } catch (err) {
        failures.add(failureKind(err));
      }
    }
  }
  // Under load: 8 connections cycling through the queries.
  const loaded = await load({
    url: server.baseUrl, connections: 8, duration: seconds,
    requests: QUERIES.map((q) => ({ method: 'GET', path: urlOf(q) })),
  });
  for (const [kind, n] of Object.entries(loaded.failures.byKind)) failures.add(kind, n);
  return {
    perQuery, all: perQuery.flatMap((p) => p.ms),
    rps: loaded.rps, p50Load: loaded.p50, p95Load: loaded.p95, p99Load: loaded.p99, errors: failures.total, failures,
  };
}

let small: Measured, large: Measured;
{
  const s = await start(0);
  try { small = await measure(s); } finally { await s.stop(); }
  const l = await start(extra);
  try { large = await measure(l); } finally { await l.stop(); }
}

const f = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-');
const ratio = (a: number, b: number) => (Number.isFinite(a) && Number.isFinite(b) && a > 0 ? `${(b / a).toFixed(2)}x` : '-');
console.log(`\nSearch latency, GET /api/shops/${SHOP}/search (limit 5), PGlite; ${rounds} sequential rounds of ${QUERIES.length} queries,`);
console.log(`then autocannon 8 connections ${seconds}s. demo = demo data only; large = demo + ${extra} products in ${SHOP}`
  + `${analyze ? ' (ANALYZEd)' : ' (not ANALYZEd)'}. Node ${process.version}, ${os.cpus().length} CPUs.\n`);
console.log('figure'.padEnd(26), 'demo'.padStart(9), 'large'.padStart(9), 'ratio'.padStart(8));
const rowsOut: [string, number, number][] = [
  ['p50 ms (sequential)', pct(small!.all, 50), pct(large!.all, 50)],
  ['p95 ms (sequential)', pct(small!.all, 95), pct(large!.all, 95)],
  ['p99 ms (sequential)', pct(small!.all, 99), pct(large!.all, 99)],
  ['max ms (sequential)', Math.max(...small!.all), Math.max(...large!.all)],
  ['req/s (8 connections)', small!.rps, large!.rps],
  ['p50 ms (8 connections)', small!.p50Load, large!.p50Load],
  ['p95 ms (8 connections)', small!.p95Load, large!.p95Load],
  ['p99 ms (8 connections)', small!.p99Load, large!.p99Load],
];
for (const [name, a, b] of rowsOut) console.log(name.padEnd(26), f(a).padStart(9), f(b).padStart(9), ratio(a, b).padStart(8));

console.log(`\nper query: p50 / p95 ms, matches_estimated (status when not 200), first result`);
console.log('query'.padEnd(30), 'demo p50'.padStart(9), 'p95'.padStart(7), 'hits'.padStart(6), 'large p50'.padStart(10), 'p95'.padStart(7), 'hits'.padStart(7), '  first result (large)');
for (const [i, q] of QUERIES.entries()) {
  const a = small!.perQuery[i]!, b = large!.perQuery[i]!;
  const hits = (m: (typeof a)) => (m.status === 200 ? String(m.matches) : `HTTP ${m.status}`);
  console.log(`${q.text}${q.type ? ` (${q.type})` : ''}`.padEnd(30), f(pct(a.ms, 50)).padStart(9), f(pct(a.ms, 95)).padStart(7), hits(a).padStart(6),
    f(pct(b.ms, 50)).padStart(10), f(pct(b.ms, 95)).padStart(7), hits(b).padStart(7), `  ${b.first.slice(0, 48)}`);
}
console.log(`\nfailed requests: demo ${small!.failures}; large ${large!.failures}`);
const failed = [...small!.perQuery, ...large!.perQuery].filter((p) => p.status !== 200).length + small!.errors + large!.errors;
if (failed) { console.error(`\n${failed} requests failed (counted above; see also the status column).`); process.exitCode = 1; }
