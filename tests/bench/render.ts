// Render benchmark (issue 16): what a storefront page costs when the page cache cannot answer. The server runs with
// the page cache off (PAGE_CACHE_TTL_MS=0), so every request is an anonymous shopper's full render: a shop home, a
// catalogue, a product and a search page, beside the same server's static file, as req/s ratios with p50/p95/p99 and
// failures by kind, and the server process's CPU time per request (user + system, from /proc: steadier than req/s
// on a busy machine; on PostgreSQL the database's own CPU is not in it). Each page's SQL statements are counted by the server itself (SQL_COUNT=1: every statement
// drizzle sends for a request asking with x-sql-count, src/db/statement-count.ts), after one warm-up render.
// The targets are measured in rounds, static file first in each (--rounds, 3 by default, --seconds each, 10 by
// default: 3 s rounds under load once measured nothing and printed 0 req/s and NaN): a shared
// machine's speed drifts by 20% from one minute to the next, so each page is compared with the static file of its
// own round and the median of the rounds' ratios is printed (req/s, CPU and latencies are medians of rounds too).
//   npm run bench:render [-- --postgres] [-- --seconds 3] [-- --rounds 3] [-- --connections 16] [-- --shop demo-03]
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { load, type LoadRun } from './stats.ts';
import { startServer } from '../support/server.ts';

const args = process.argv.slice(2);
const opt = (name: string) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : undefined; };
const seconds = Number(opt('--seconds')) || 10;
const rounds = Number(opt('--rounds')) || 3;
const connections = Number(opt('--connections')) || 16;
const shop = opt('--shop') ?? 'demo-03';
const db = args.includes('--postgres') ? 'postgres' : 'pglite';

const server = await startServer({ db, env: { PAGE_CACHE_TTL_MS: '0', SQL_COUNT: '1' } });

/** CPU seconds the server process has used (Linux /proc; NaN elsewhere). */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, clock ticks (100 a second)
  } catch { return NaN; }
}

/** The statements one render of `path` sends (its second render: the first may fill per-process caches). */
async function statementsOf(path: string): Promise<{ status: number; statements: number | null }> {
  let res: Response | null = null;
  for (let i = 0; i < 2; i++) {
    res = await fetch(server.baseUrl + path, { headers: { 'x-sql-count': '1' }, redirect: 'manual' });
    await res.arrayBuffer();
  }
  const n = res!.headers.get('x-sql-statements');
  return { status: res!.status, statements: n === null ? null : Number(n) };
}

type Round = LoadRun & { cpuMs: number };
type Row = { name: string; path: string; status?: number; statements?: number | null; runs: Round[] };
const rows: Row[] = [];
try {
  const r = await fetch(`${server.baseUrl}/api/shops/${shop}/products?type=product&limit=1`);
  const first = ((await r.json()) as { results: { id: string; owner: string }[] }).results[0];
  if (!first) throw new Error(`${shop} lists no product`);
  const targets = [
    { name: 'static file (/favicon.svg)', path: '/favicon.svg' },
    { name: 'home', path: `/${shop}/` },
    { name: 'catalogue', path: `/${shop}/catalogos/novedades` },
    { name: 'product', path: `/${shop}/productos/${first.owner}/${first.id}` },
    { name: 'search', path: `/${shop}/productos?filter=${encodeURIComponent('"cafe"*')}` },
  ];
  for (const t of targets) {
    const counted = t.path === '/favicon.svg' ? {} : await statementsOf(t.path);
    await autocannon({ url: server.baseUrl + t.path, connections: 4, duration: 1 });
    rows.push({ name: t.name, path: t.path, ...counted, runs: [] });
  }
  for (let round = 0; round < rounds; round++) {
    for (const row of rows) {
      const cpu0 = cpuSeconds(server.pid);
      const run = await load({ url: server.baseUrl + row.path, connections, duration: seconds });
      row.runs.push({ ...run, cpuMs: run.requests > 0 ? ((cpuSeconds(server.pid) - cpu0) * 1000) / run.requests : NaN });
    }
  }
} finally {
  await server.stop();
}

// A round that got no answer (its own or its static file's) measured nothing: it is left out of the medians, and a
// figure no round measured prints FAILED instead of 0 or NaN.
const base = rows[0]!;
const median = (xs: number[]) => { const s = xs.filter(Number.isFinite).sort((a, b) => a - b); const m = s.length >> 1; return !s.length ? NaN : s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2; };
const measured = (r: Round) => r.requests > 0 && r.rps > 0;
const of = (row: Row, f: (r: Round, i: number) => number) => median(row.runs.map((x, i) => (measured(x) && measured(base.runs[i]!) ? f(x, i) : NaN)));
const fig = (n: number, digits: number, suffix = '') => (Number.isFinite(n) ? `${n.toFixed(digits)}${suffix}` : 'FAILED');
console.log(`\nRender benchmark (page cache off: every request renders): ${db}, ${connections} connections, ${rounds} rounds of ${seconds}s per target, Node ${process.version}\n`);
console.log('page'.padEnd(28), 'SQL'.padStart(4), 'req/s'.padStart(8), 'vs static'.padStart(10), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'p99 ms'.padStart(8), 'CPU ms/req'.padStart(11), 'CPU vs static'.padStart(14), 'errors'.padStart(7));
for (const r of rows) {
  const errors = r.runs.reduce((n, x) => n + x.errors, 0);
  const failures = r.runs.map((x) => x.failures).filter((f) => f.total).join('; ');
  console.log(r.name.padEnd(28), (r.statements === undefined ? '' : String(r.statements ?? '?')).padStart(4), fig(of(r, (x) => x.rps), 0).padStart(8),
    fig(of(r, (x, i) => x.rps / base.runs[i]!.rps), 3, 'x').padStart(10), fig(of(r, (x) => x.p50), 1).padStart(8), fig(of(r, (x) => x.p95), 1).padStart(8), fig(of(r, (x) => x.p99), 1).padStart(8),
    fig(of(r, (x) => x.cpuMs), 2).padStart(11), fig(of(r, (x, i) => base.runs[i]!.cpuMs / x.cpuMs), 3, 'x').padStart(14),
    String(errors).padStart(7) + (errors ? ` (${failures})` : ''));
}
console.log(`\nvs static, per round: ${rows.slice(1).map((r) => `${r.name} ${r.runs.map((x, i) => (measured(x) && measured(base.runs[i]!) ? (x.rps / base.runs[i]!.rps).toFixed(3) : 'FAILED')).join(' / ')}`).join('; ')}`);
console.log('\nSQL: statements one render sends (x-sql-statements, counted by the server). CPU vs static: the static file\'s CPU');
console.log('time per request over the page\'s, what req/s would be on an idle machine if the app\'s CPU were all it waits for. Paths:');
for (const r of rows.slice(1)) console.log(`  ${r.name.padEnd(10)} ${r.path}${r.status !== 200 ? `  (status ${r.status})` : ''}`);
if (rows.some((r) => r.runs.some((x) => x.errors > 0 || !measured(x)) || (r.status !== undefined && r.status !== 200))) { console.error('\nSome requests failed (counted above).'); process.exitCode = 1; }
