// Storefront page benchmark: for each pack's home, catalogue detail and product detail, as an anonymous
// shopper in Chromium: the JavaScript the page loads before the first interaction (every script requested
// until the load event plus 2 s without a new request; gzip -9 sizes), a Lighthouse 12 mobile performance run
// (score, LCP, TBT, CLS; default simulated throttling), and the home pages' server throughput as a ratio to a
// static file (autocannon, like tests/bench/http.ts). Prints one table, then the scripts of each page.
//   npm run bench:pages [-- --seconds 5] [-- --connections 16] [-- --no-lighthouse] [-- --base-url http://...]
import os from 'node:os';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { load, type LoadRun } from './stats.ts';
import { chromium, type Browser } from 'playwright-core';
import { CHROME_ARGS, CHROMIUM, launchDebugChrome } from '../support/lighthouse.ts';
import { startServer } from '../support/server.ts';

const args = process.argv.slice(2);
const opt = (name: string) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : undefined; };
const seconds = Number(opt('--seconds')) || 5;
const connections = Number(opt('--connections')) || 16;
const skipLighthouse = args.includes('--no-lighthouse');
const IDLE_MS = 2000;

const PACKS = [
  { slug: 'demo-03', pack: '03' }, { slug: 'demo-04', pack: '04' }, { slug: 'demo-fifth', pack: 'fifth' }, { slug: 'demo-basic', pack: 'basic' },
] as const;

interface Script { url: string; raw: number; gzip: number; atMs: number }
interface Row {
  pack: string; page: string; path: string; status: number; html: number;
  scripts: Script[]; jsRaw: number; jsGzip: number; inlineRaw: number; inlineGzip: number;
  lh?: { score: number | null; lcp: number; tbt: number; cls: number } | { error: string };
  rps?: number; ratio?: number; p50?: number; p95?: number; p99?: number; failures?: LoadRun['failures'];
}

const external = opt('--base-url');
const server = external ? null : await startServer({ db: 'pglite' });
const baseUrl = external ?? server!.baseUrl;
const rows: Row[] = [];
let lighthouseNote = '';
let staticRps = 0;

async function pagesOf(slug: string) {
  const r = await fetch(`${baseUrl}/api/shops/${slug}/products?type=product&limit=1`);
  const first = ((await r.json()) as { results: { id: string; owner: string }[] }).results[0];
  return [
    { page: 'home', path: `/${slug}/` },
    { page: 'catalogue', path: `/${slug}/catalogos/novedades` },
    ...(first ? [{ page: 'product', path: `/${slug}/productos/${first.owner}/${first.id}` }] : []),
  ];
}

/** Loads a page in a fresh context and collects every script until load + IDLE_MS without a new request. */
async function scriptsOf(browser: Browser, url: string): Promise<{ status: number; html: number; scripts: Script[]; inline: string[] }> {
  const ctx = await browser.newContext({ locale: 'es-MX', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await ctx.newPage();
  const seen = new Map<string, Promise<Script | null>>();
  let last = Date.now();
  const t0 = Date.now();
  page.on('request', () => { last = Date.now(); });
  page.on('response', (res) => {
    const req = res.request();
    const type = res.headers()['content-type'] ?? '';
    const isJs = req.resourceType() === 'script' || /javascript|ecmascript/.test(type) || /\.(m?js)(\?|$)/.test(req.url());
    if (!isJs || seen.has(req.url())) return;
    const atMs = Date.now() - t0;
    seen.set(req.url(), (async () => {
      try {
        const body = await res.body();
        const enc = res.headers()['content-encoding'];
        const len = Number(res.headers()['content-length']);
        // Already compressed on the wire: that size is what the visitor downloads.
        const gzip = enc && enc !== 'identity' && Number.isFinite(len) ? len : gzipSync(body, { level: 9 }).length;
        return { url: req.url(), raw: body.length, gzip, atMs };
      } catch { return null; }
    })());
  });
  const res = await page.goto(url, { waitUntil: 'load' });
  const html = (await res?.body().catch(() => null))?.length ?? 0;
  last = Math.max(last, Date.now());
  const deadline = Date.now() + 20_000;
  while (Date.now() - last < IDLE_MS && Date.now() < deadline) await page.waitForTimeout(100);
  const scripts = (await Promise.all(seen.values())).filter((s): s is Script => s !== null).sort((a, b) => a.atMs - b.atMs);
  // Inline scripts run too (Astro's island loaders and directives): counted apart, JSON-LD and other data left out.
  const inline = await page.locator('script:not([src])').evaluateAll((els) => els
    .filter((e) => { const t = (e.getAttribute('type') ?? '').trim(); return t === '' || t === 'module' || /javascript/.test(t); })
    .map((e) => e.textContent ?? ''));
  await ctx.close();
  return { status: res?.status() ?? 0, html, scripts, inline };
}

try {
  // 1. Scripts before the first interaction.
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_ARGS });
  try {
    for (const { slug, pack } of PACKS) {
      for (const p of await pagesOf(slug)) {
        const { status, html, scripts, inline } = await scriptsOf(browser, baseUrl + p.path);
        const inlineText = inline.join('\n');
        rows.push({
          pack, page: p.page, path: p.path, status, html, scripts,
          jsRaw: scripts.reduce((s, x) => s + x.raw, 0), jsGzip: scripts.reduce((s, x) => s + x.gzip, 0),
          inlineRaw: Buffer.byteLength(inlineText), inlineGzip: inlineText ? gzipSync(inlineText, { level: 9 }).length : 0,
        });
      }
    }
  } finally {
    await browser.close();
  }

  // 2. Lighthouse, mobile, performance only, default throttling.
  if (skipLighthouse) lighthouseNote = 'Lighthouse skipped (--no-lighthouse).';
  else {
    let chrome: Awaited<ReturnType<typeof launchDebugChrome>> | null = null;
    try {
      const { default: lighthouse } = await import('lighthouse');
      chrome = await launchDebugChrome();
      for (const r of rows) {
        try {
          const result = await lighthouse(baseUrl + r.path, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
          const lhr = result?.lhr;
          if (!lhr) throw new Error('no result');
          if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
          const a = lhr.audits;
          r.lh = {
            score: lhr.categories.performance?.score ?? null,
            lcp: a['largest-contentful-paint']?.numericValue ?? NaN,
            tbt: a['total-blocking-time']?.numericValue ?? NaN,
            cls: a['cumulative-layout-shift']?.numericValue ?? NaN,
          };
        } catch (e) {
          r.lh = { error: (e as Error).message.split('\n')[0]!.slice(0, 120) };
        }
      }
    } catch (e) {
      lighthouseNote = `Lighthouse could not run: ${(e as Error).message.split('\n')[0]}`;
    } finally {
      await chrome?.stop();
    }
  }

  // 3. Server throughput of each home page beside a static file.
  // Failures (resets, timeouts, non-2xx) are counted by kind and printed, never abort the run (tests/bench/stats.ts).
  const measure = async (p: string) => {
    await autocannon({ url: baseUrl + p, connections: 4, duration: 1 });
    const r = await load({ url: baseUrl + p, connections, duration: seconds });
    if (r.errors > 0) { console.error(`${p}: ${r.errors} failed requests (${r.failures})`); process.exitCode = 1; }
    return r;
  };
  staticRps = (await measure('/favicon.svg')).rps;
  for (const r of rows.filter((x) => x.page === 'home')) {
    const m = await measure(r.path);
    Object.assign(r, { rps: m.rps, p50: m.p50, p95: m.p95, p99: m.p99, failures: m.failures, ratio: m.rps / staticRps });
  }
} finally {
  await server?.stop();
}

const kb = (n: number) => (n / 1024).toFixed(1);
console.log(`\nStorefront pages: anonymous, phone-size Chromium; JS = scripts requested until load + ${IDLE_MS / 1000}s idle (gzip -9);`);
console.log(`Lighthouse 12 mobile, performance only, simulated throttling; throughput: autocannon ${connections} connections, ${seconds}s,`);
console.log(`static file /favicon.svg = ${staticRps.toFixed(0)} req/s. JS columns: external scripts; inline gz: inline <script> text (gzip -9).`);
console.log(`HTML KB: the document as received (decoded). Node ${process.version}, ${os.cpus().length} CPUs.\n`);
const head = ['page', 'status', 'HTML KB', 'scripts', 'JS KB', 'JS gz KB', 'inline gz', 'LH perf', 'LCP ms', 'TBT ms', 'CLS', 'req/s', 'vs static', 'p50 ms', 'p95 ms', 'p99 ms', 'errors'];
const widths = [16, 6, 7, 7, 7, 8, 9, 7, 7, 6, 6, 6, 9, 6, 6, 6, 6];
const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' ');
console.log(line(head));
for (const r of rows) {
  const lh = r.lh && 'score' in r.lh ? r.lh : null;
  console.log(line([
    `${r.pack} ${r.page}`, String(r.status), kb(r.html), String(r.scripts.length), kb(r.jsRaw), kb(r.jsGzip), kb(r.inlineGzip),
    lh ? (lh.score === null ? '-' : String(Math.round(lh.score * 100))) : r.lh ? 'error' : '-',
    lh ? lh.lcp.toFixed(0) : '-', lh ? lh.tbt.toFixed(0) : '-', lh ? lh.cls.toFixed(3) : '-',
    r.rps !== undefined ? r.rps.toFixed(0) : '', r.ratio !== undefined ? `${r.ratio.toFixed(2)}x` : '',
    r.p50 !== undefined ? r.p50.toFixed(1) : '', r.p95 !== undefined ? r.p95.toFixed(1) : '', r.p99 !== undefined ? r.p99.toFixed(1) : '',
    r.failures ? String(r.failures.total) : '',
  ]));
}
if (lighthouseNote) console.log(`\n${lighthouseNote}`);
for (const r of rows) if (r.lh && 'error' in r.lh) console.log(`Lighthouse ${r.path}: ${r.lh.error}`);

console.log('\nScripts before the first interaction (ms after navigation start, raw / gzip KB):');
for (const r of rows) {
  console.log(`  ${r.path}${r.scripts.length === 0 ? '  (none)' : ''}`);
  for (const s of r.scripts) {
    const u = new URL(s.url);
    console.log(`    ${String(s.atMs).padStart(5)} ms  ${kb(s.raw).padStart(7)} / ${kb(s.gzip).padStart(6)}  ${u.origin === baseUrl ? u.pathname : s.url}`);
  }
}
if (rows.some((r) => r.status !== 200)) { console.error('\nSome pages did not answer 200.'); process.exitCode = 1; }
