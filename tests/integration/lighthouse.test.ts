// Lighthouse 12 on every pack's home and product page (issue 16): SEO, best practices and accessibility score 100.
// Mobile form factor (Lighthouse's default): it is the stricter one (legible font sizes and the viewport apply only
// there) and the phone layout is where the header and slides differ most. One Chromium (Debian's, as in CI), pages
// in sequence. The browser asks for reduced motion, so the header carousel stands still (as it does for visitors who
// ask for it): mid cross-fade, both slides are half transparent and axe would measure the blend of their colours,
// a transient state that would make the contrast audit fail at random. Performance is left to tests/bench/pages.ts
// (noisy). The pages do not depend on the database engine, so this runs in one project (tests/support/once.ts).
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { engineIndependentElsewhere, engineIndependentHere } from '../support/once.ts';
import { launchDebugChrome, qualityRun, QUALITY_CATEGORIES, type QualityRun } from '../support/lighthouse.ts';

/** One demo shop per pack, and the franchise shop (its home lists the franchise's stores). */
const PACK_SHOPS = ['demo-03', 'demo-04', 'demo-fifth', 'demo-basic'];
const HOME_ONLY = ['demo-franquicia'];

const base = inject('baseUrl');
let chrome: Awaited<ReturnType<typeof launchDebugChrome>> | null = null;

async function firstProduct(slug: string): Promise<string> {
  const r = await fetch(`${base}/api/shops/${slug}/products?type=product&limit=1`);
  const first = ((await r.json()) as { results: { id: string; owner: string }[] }).results[0];
  if (!first) throw new Error(`${slug} has no product`);
  return `/${slug}/productos/${first.owner}/${first.id}`;
}

const report = (run: QualityRun) => run.failing.map((f) => `${f.category} ${f.id}: ${f.title}${f.detail ? ` [${f.detail}]` : ''}`);

describe('Lighthouse (mobile): SEO, best practices, accessibility', () => {
  beforeEach((ctx) => ctx.skip(!engineIndependentHere, engineIndependentElsewhere));
  beforeAll(async () => {
    if (!engineIndependentHere) return;
    chrome = await launchDebugChrome(['--force-prefers-reduced-motion']);
  });
  afterAll(async () => { await chrome?.stop(); });

  const pages = [
    ...PACK_SHOPS.flatMap((slug) => [{ name: `${slug} home`, path: async () => `/${slug}/` }, { name: `${slug} product`, path: () => firstProduct(slug) }]),
    ...HOME_ONLY.map((slug) => ({ name: `${slug} home`, path: async () => `/${slug}/` })),
  ];

  it.each(pages)('$name scores 100 in each category', async ({ path }) => {
    const run = await qualityRun(base + (await path()), chrome!.port, 'mobile');
    expect(report(run)).toEqual([]);
    for (const cat of QUALITY_CATEGORIES) expect(run.scores[cat], cat).toBe(1);
  }, 90_000);
});
