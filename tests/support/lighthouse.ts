// Lighthouse on Debian's Chromium (/usr/bin/chromium) with a debugging port: shared by the page benchmark
// (tests/bench/pages.ts, performance) and the integration test of SEO, best practices and accessibility
// (tests/integration/lighthouse.test.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './server.ts';

export const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
export const CHROME_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update'];

/** Debian's Chromium, headless, with a debugging port for Lighthouse to drive. */
export async function launchDebugChrome(extraArgs: string[] = []): Promise<{ port: number; stop: () => Promise<void> }> {
  if (!CHROMIUM) throw new Error('no Chromium at /usr/bin/chromium');
  const port = await freePort();
  const profile = mkdtempSync(path.join(os.tmpdir(), 'lh-chrome-'));
  const child: ChildProcess = spawn(CHROMIUM, [
    '--headless=new', `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, '--no-first-run', '--no-default-browser-check',
    ...CHROME_ARGS, ...extraArgs, 'about:blank',
  ], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (d) => { err += d; });
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`chromium exited (${child.exitCode}): ${err.slice(-500)}`);
    try { if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) break; } catch { /* not yet */ }
    if (Date.now() > deadline) { child.kill('SIGKILL'); throw new Error(`chromium did not open port ${port}: ${err.slice(-500)}`); }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    port,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => { if (child.exitCode !== null) r(null); else child.once('exit', r); setTimeout(r, 5000); });
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export const QUALITY_CATEGORIES = ['seo', 'best-practices', 'accessibility'] as const;

export interface FailingAudit { category: string; id: string; title: string; score: number | null; weight: number; detail: string }
export interface QualityRun { scores: Record<string, number | null>; failing: FailingAudit[] }

/** The first few failing items of an audit (selectors, URLs, messages), for the failure message. */
function detailOf(audit: { details?: unknown }): string {
  const items = (audit.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
  return items.slice(0, 4).map((it) => {
    const node = it.node as { selector?: string; snippet?: string } | undefined;
    return String(node?.selector ?? node?.snippet ?? it.url ?? it.description ?? it.source ?? JSON.stringify(it).slice(0, 160));
  }).join(' | ');
}

/** One Lighthouse run of the SEO, best-practices and accessibility categories (no performance). */
export async function qualityRun(url: string, port: number, formFactor: 'mobile' | 'desktop'): Promise<QualityRun> {
  const { default: lighthouse, desktopConfig } = await import('lighthouse');
  const config = formFactor === 'desktop' ? desktopConfig : undefined;
  const result = await lighthouse(url, {
    // Default (simulated) throttling: nothing is slowed while gathering, and the quiet windows stay at 1 s ('provided'
    // or 'devtools' would stretch them to 5.25 s for timings these categories do not use).
    // No full-page screenshot: it only illustrates the HTML report.
    port, output: 'json', logLevel: 'error', onlyCategories: [...QUALITY_CATEGORIES], disableFullPageScreenshot: true,
  }, config);
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`${url}: Lighthouse gave no result`);
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  const scores: Record<string, number | null> = {};
  const failing: FailingAudit[] = [];
  for (const cat of QUALITY_CATEGORIES) {
    const c = lhr.categories[cat];
    scores[cat] = c?.score ?? null;
    for (const ref of c?.auditRefs ?? []) {
      const a = lhr.audits[ref.id];
      if (a?.scoreDisplayMode === 'error') { failing.push({ category: cat, id: a.id, title: a.title, score: null, weight: ref.weight, detail: a.errorMessage ?? 'audit error' }); continue; }
      if (!a || a.score === null || a.score >= 1) continue;
      if (a.scoreDisplayMode !== 'binary' && a.scoreDisplayMode !== 'numeric' && a.scoreDisplayMode !== 'metricSavings') continue;
      failing.push({ category: cat, id: a.id, title: a.title, score: a.score, weight: ref.weight, detail: detailOf(a) });
    }
  }
  return { scores, failing };
}
