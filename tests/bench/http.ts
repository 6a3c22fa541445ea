// HTTP benchmark: requests/s and p50/p99 latency for a shop home page and /api/me, beside the same server
// serving a static file, printed as ratios from one run. `npm run bench [-- --postgres] [-- --seconds 5]`.
import autocannon from 'autocannon';
import { startServer } from '../support/server.ts';

const args = process.argv.slice(2);
const seconds = Number(args[args.indexOf('--seconds') + 1]) || 5;
const connections = Number(args[args.indexOf('--connections') + 1]) || 16;
const db = args.includes('--postgres') ? 'postgres' : 'pglite';

const server = await startServer({ db });
const targets = [
  { name: 'static file (/favicon.svg)', path: '/favicon.svg' },
  { name: 'shop home (/demo-03/)', path: '/demo-03/' },
  { name: 'shop home, subdomain', path: '/', headers: { host: 'demo-03.localhost' } },
  { name: 'GET /api/me (anonymous)', path: '/api/me' },
  { name: 'GET /api/shops/demo-03', path: '/api/shops/demo-03' },
];

type Row = { name: string; rps: number; p50: number; p99: number; errors: number; non2xx: number };
const rows: Row[] = [];
try {
  for (const t of targets) {
    // Warm-up, then the measured run.
    await autocannon({ url: server.baseUrl + t.path, connections: 4, duration: 1, headers: t.headers });
    const r = await autocannon({ url: server.baseUrl + t.path, connections, duration: seconds, headers: t.headers });
    rows.push({ name: t.name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx });
  }
} finally {
  await server.stop();
}

const base = rows[0]!;
console.log(`\nHTTP benchmark: ${db}, ${connections} connections, ${seconds}s per target, Node ${process.version}\n`);
console.log('target'.padEnd(32), 'req/s'.padStart(9), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'vs static'.padStart(10), 'errors'.padStart(7));
for (const r of rows) {
  console.log(r.name.padEnd(32), r.rps.toFixed(0).padStart(9), r.p50.toFixed(1).padStart(8), r.p99.toFixed(1).padStart(8),
    `${(r.rps / base.rps).toFixed(2)}x`.padStart(10), String(r.errors + r.non2xx).padStart(7));
}
if (rows.some((r) => r.errors + r.non2xx > 0)) { console.error('\nSome requests failed.'); process.exitCode = 1; }
