// Accessibility with axe-core: home, catalogue detail and product detail of every pack at desktop size, as an
// anonymous Spanish-speaking shopper. Fails on any violation of impact serious or critical and lists them
// compactly (rule id, impact, the first targets); minor and moderate ones are printed but do not fail.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { PACKS, VIEWPORTS, imagesInViewSettled, openPack, packPages } from './helpers.ts';

test.use({ locale: 'es-MX', viewport: VIEWPORTS.desktop });

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

function compact(vs: Violation[]): string {
  return vs.map((v) => {
    const targets = v.nodes.slice(0, 4).map((n) => {
      // color-contrast says which colours and ratio: enough to find the token to change.
      const d = n.any.find((c) => c.id === 'color-contrast')?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number; expectedContrastRatio?: string } | undefined;
      const why = d?.fgColor ? ` (${d.fgColor} on ${d.bgColor}: ${d.contrastRatio}, needs ${d.expectedContrastRatio})` : '';
      return `${n.target.join(' ')}${why}`;
    }).join(' ; ');
    const more = v.nodes.length > 4 ? ` (+${v.nodes.length - 4} more)` : '';
    return `  [${v.impact}] ${v.id}: ${targets}${more}\n      ${v.help}`;
  }).join('\n');
}

for (const { slug, pack } of PACKS) {
  for (const name of ['home', 'catalogue', 'product'] as const) {
    test(`${pack} ${name} has no serious or critical axe violations`, async ({ page }) => {
      const p = (await packPages(page.request, slug)).find((x) => x.name === name)!;
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await openPack(page, p.path, pack);
      await imagesInViewSettled(page, 5000);
      // Islands hydrate on idle/visible: give them a moment so the audited DOM is what a shopper gets.
      await page.waitForLoadState('networkidle').catch(() => {});
      const { violations } = await new AxeBuilder({ page }).analyze();
      const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      const minor = violations.filter((v) => !bad.includes(v));
      if (minor.length) console.log(`${p.path}: ${minor.length} minor/moderate\n${compact(minor)}`);
      expect(bad.length, `${p.path}: serious/critical axe violations\n${compact(bad)}`).toBe(0);
    });
  }
}
