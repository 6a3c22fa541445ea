// HTTP benchmark: requests/s and p50/p95/p99 latency (and failures by kind) for a shop home page, /api/me and stored images
// (a product photo as uploaded and one of its variants, served through the media file cache), beside the same server
// serving a static file, printed as ratios from one run. `npm run bench [-- --postgres] [-- --seconds 5] [-- --only media]`.
import autocannon from 'autocannon';
import { load, type LoadRun } from './stats.ts';
import { startServer } from '../support/server.ts';

const args = process.argv.slice(2);
const seconds = Number(args[args.indexOf('--seconds') + 1]) || 5;
const connections = Number(args[args.indexOf('--connections') + 1]) || 16;
const db = args.includes('--postgres') ? 'postgres' : 'pglite';

const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;

const server = await startServer({ db });
/** A demo product's photo as stored (the demo's product photos are SVGs: served compressed, like the app's text). */
async function productPhoto(): Promise<string> {
  const r = await fetch(`${server.baseUrl}/api/shops/demo-03/products?type=product&limit=1`);
  const photo = ((await r.json()) as { results: { photo: string | null }[] }).results[0]?.photo;
  if (!photo?.startsWith('/media/')) throw new Error('no demo product with a stored photo');
  return photo;
}
const photo = await productPhoto().catch(async (e) => { await server.stop(); throw e; });
const all = [
  { name: 'static file (/favicon.svg)', path: '/favicon.svg' },
  { name: 'shop home (/demo-03/)', path: '/demo-03/' },
  { name: 'shop home, subdomain', path: '/', headers: { host: 'demo-03.localhost' } },
  { name: 'GET /api/me (anonymous)', path: '/api/me' },
  { name: 'GET /api/shops/demo-03', path: '/api/shops/demo-03' },
  { name: 'product photo (/media/{id}.svg)', path: photo, media: true },
  // Its social card: a JPEG made on first request, then served from the file cache.
  { name: 'social card (/media/{id}/og.jpg)', path: photo.replace(/\.[a-z]+$/, '/og.jpg'), media: true },
];
const targets = [all[0]!, ...all.slice(1).filter((t) => only !== 'media' || ('media' in t && t.media))];

type Row = LoadRun & { name: string };
const rows: Row[] = [];
try {
  for (const t of targets) {
    if ((await fetch(server.baseUrl + t.path, { headers: t.headers })).status !== 200) { console.log(`skipped (not 200): ${t.name}`); continue; }
    // Warm-up, then the measured run.
    await autocannon({ url: server.baseUrl + t.path, connections: 4, duration: 1, headers: t.headers });
    rows.push({ name: t.name, ...await load({ url: server.baseUrl + t.path, connections, duration: seconds, headers: t.headers }) });
  }
} finally {
  await server.stop();
}

const base = rows[0]!;
console.log(`\nHTTP benchmark: ${db}, ${connections} connections, ${seconds}s per target, Node ${process.version}\n`);
console.log('target'.padEnd(32), 'req/s'.padStart(9), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'p99 ms'.padStart(8), 'vs static'.padStart(10), 'errors'.padStart(7));
for (const r of rows) {
  console.log(r.name.padEnd(32), r.rps.toFixed(0).padStart(9), r.p50.toFixed(1).padStart(8), r.p95.toFixed(1).padStart(8), r.p99.toFixed(1).padStart(8),
    `${(r.rps / base.rps).toFixed(2)}x`.padStart(10), String(r.errors).padStart(7) + (r.errors ? ` (${r.failures})` : ''));
}
if (rows.some((r) => r.errors > 0)) { console.error('\nSome requests failed (counted above).'); process.exitCode = 1; }
