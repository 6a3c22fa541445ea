// Anonymous shoppers' pages must not gain JavaScript: the scripts each pack's home, catalogue and product pages load
// before the first interaction (every script requested by the load event, and the carousel's once it has attached), sized as
// gzip -9 of what was received, stay within a budget. The homes with a header carousel (packs 03, 04) carry Swiper's
// core with its fade and autoplay modules (25.2 KB gzip -9 in all on those homes; 27.1 KB while Swiper's A11y module
// and CSS in the script as before); tests/bench/pages.ts prints the same figures in full.
import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { firstProduct, PACKS } from './helpers.ts';

const KB = 1024;
const BUDGET = { home: 26 * KB, catalogue: 3 * KB, product: 1 * KB } as const;

async function scriptBytes(page: Page, path: string): Promise<{ total: number; scripts: string[] }> {
  const sizes = new Map<string, Promise<number>>();
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script' || sizes.has(res.url())) return;
    sizes.set(res.url(), res.body().then((b) => gzipSync(b, { level: 9 }).length, () => 0));
  });
  const res = await page.goto(path, { waitUntil: 'load' });
  expect(res?.status(), path).toBe(200);
  // The carousel's script is imported by a small bootstrap once the page has loaded: wait until it has run.
  if (await page.locator('.hc').count()) await expect(page.locator('.hc.swiper-initialized')).toHaveCount(await page.locator('.hc').count());
  const all = await Promise.all([...sizes.values()]);
  return { total: all.reduce((a, b) => a + b, 0), scripts: [...sizes.keys()].map((u) => new URL(u).pathname) };
}

for (const { slug, pack } of PACKS) {
  test(`pack ${pack}: anonymous pages stay within their script budget`, async ({ page }) => {
    const product = await firstProduct(page.request, slug);
    const pages = {
      home: `/${slug}/`,
      catalogue: `/${slug}/catalogos/novedades`,
      product: `/${slug}/productos/${product.owner}/${product.id}`,
    } as const;
    for (const [kind, path] of Object.entries(pages) as [keyof typeof BUDGET, string][]) {
      const { total, scripts } = await scriptBytes(page, path);
      expect(total, `${path}: ${scripts.join(', ')}`).toBeLessThanOrEqual(BUDGET[kind]);
    }
  });
}
