// One app process against two on one PostgreSQL database (issue 29, "More processes"): the same load on a shop home,
// uncached (PAGE_CACHE_TTL_MS=0: every request a full render) and cached (the page cache on), sent to one process, then
// split evenly between two processes started the production way (`--serve-only` on the first one's database). The
// figures are requests per second summed over the processes, medians of rounds, and the two-process ratio. On a
// machine with N cores, two processes can at best use two of them (the database uses the same cores here).
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:processes [-- --seconds 10] [-- --rounds 3] [-- --connections 16] [-- --shop demo-03]
import os from 'node:os';
import { load, percentile } from './stats.ts';
import { startServer, type RunningServer } from '../support/server.ts';

const args = process.argv.slice(2);
const opt = (name: string) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : undefined; };
const seconds = Number(opt('--seconds')) || 10;
const rounds = Number(opt('--rounds')) || 3;
const connections = Number(opt('--connections')) || 16;
const shop = opt('--shop') ?? 'demo-03';
if (!process.env.TEST_DATABASE_URL) throw new Error('bench:processes needs TEST_DATABASE_URL (a PostgreSQL server)');

/** Requests per second over `servers` together, each given an equal share of the connections, for `seconds`. */
async function rps(servers: RunningServer[]): Promise<{ rps: number; errors: number }> {
  const runs = await Promise.all(servers.map((s) => load({
    url: `${s.baseUrl}/${shop}/`, connections: Math.max(1, Math.round(connections / servers.length)), duration: seconds,
  })));
  return { rps: runs.reduce((a, r) => a + r.rps, 0), errors: runs.reduce((a, r) => a + r.errors, 0) };
}

async function measure(label: string, env: Record<string, string>) {
  const a = await startServer({ db: 'postgres', env });
  let b: RunningServer | null = null;
  try {
    b = await startServer({ db: 'postgres', databaseUrl: a.databaseUrl!, args: ['--serve-only'], env });
    // Warm both (shop caches, the page cache when on, the JIT).
    for (const s of [a, b]) for (let i = 0; i < 20; i++) await (await fetch(`${s.baseUrl}/${shop}/`)).arrayBuffer();
    const one: number[] = [], two: number[] = [];
    let errors = 0;
    for (let r = 0; r < rounds; r++) {
      const x = await rps([a]);
      const y = await rps([a, b]);
      one.push(x.rps); two.push(y.rps); errors += x.errors + y.errors;
    }
    const o = percentile(one, 50), t = percentile(two, 50);
    console.log(`${label.padEnd(10)} ${o.toFixed(0).padStart(8)} ${t.toFixed(0).padStart(8)} ${(t / o).toFixed(2).padStart(7)}x ${String(errors).padStart(7)}`);
  } finally {
    await b?.stop();
    await a.stop();
  }
}

console.log(`One vs two app processes on one PostgreSQL, GET /${shop}/ as an anonymous shopper; ${connections} connections in all, `
  + `${rounds} rounds of ${seconds} s (medians); Node ${process.version}, ${os.cpus().length} CPUs.`);
console.log(`${'page'.padEnd(10)} ${'1 proc'.padStart(8)} ${'2 procs'.padStart(8)} ${'ratio'.padStart(8)} ${'errors'.padStart(7)}   (req/s)`);
await measure('uncached', { PAGE_CACHE_TTL_MS: '0', JOBS: 'off' });
await measure('cached', { JOBS: 'off' });
