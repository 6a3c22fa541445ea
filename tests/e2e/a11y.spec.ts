// Accessibility with axe-core against WCAG 2.0, 2.1 and 2.2 A/AA (tags wcag2a … wcag22aa; 2.2 brings target-size):
// every storefront page of every pack (tests/e2e/helpers.ts storePages), at phone and desktop size, signed out and
// as the shop's admin (account and admin pages included), plus the platform pages. Fails on any violation of impact
// serious or critical and lists them compactly (page, rule id, the first targets); minor and moderate ones are
// printed but do not fail. One test per pack, size and visitor walks its pages, so a failure names every bad page.
// On the phone the same walk also checks that no page is wider than the 390 px window (issue 15's layout defect;
// one page load serves both checks instead of a second walk in layout.spec.ts). The admin's own pages (account,
// admin, reseller workspace) are walked at the phone size only, where their layout is tightest and the sideways check
// runs; at the desktop size the admin's walk is the storefront pages carrying the admin's controls (CI time: the
// admin's walks were half of this file's 15 minutes).
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { PACKS, PACK_ADMINS, PLATFORM_PAGES, VIEWPORTS, imagesInViewSettled, islandsSettled, signIn, storePages, type ViewportName } from './helpers.ts';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** One page per signed-in page type (each type is one layout and template): [account, page]. */
const SIGNED_IN_TYPES: readonly (readonly [string, string])[] = [
  // The shop's admin pages: in en here; the admin walk above reads them in es at both sizes.
  ['admin03@demo.test', '/demo-03/admin/pedidos'],
  ['proveedor@demo.test', '/apps/me/supplier/panel'], // the supplier's workspace (its side navigation)
  ['coordinador@demo.test', '/red-demo/apps/me/referral'], // the reseller's workspace
  ['operador@demo.test', '/apps/operador'], // the platform operator's console
  ['lucia.hernandez@demo.test', '/demo-03/mis-compras'], // a buyer's orders
  ['admin03@demo.test', '/apps/paquetes'], // a shop owner's plans and packages on the platform (plan radios)
];

test.use({ locale: 'es-MX' });

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

/** Audits the pages one after the other; answers the serious/critical findings (and, on a phone, pages wider than it), page by page. */
async function audit(page: Page, paths: readonly string[], status = (p: string) => (p.includes('que-no-existe') ? 404 : 200)): Promise<string[]> {
  const failures: string[] = [];
  for (const path of paths) {
    const res = await page.goto(path);
    expect(res?.status(), `GET ${path}`).toBe(status(path));
    await imagesInViewSettled(page, 5000);
    // The audited DOM is what a visitor gets: the islands that hydrate by themselves have.
    await islandsSettled(page);
    const [scroll, inner] = await page.evaluate(() => [document.scrollingElement!.scrollWidth, window.innerWidth]);
    if (inner <= VIEWPORTS.phone.width && scroll > inner) failures.push(`${path}\n  scrolls sideways: ${scroll} px in a ${inner} px window`);
    // The dev server's toolbar (E2E_BASE_URL on `astro dev`) is not the page. Only violations are gathered: axe then
    // skips collecting every passing node, most of its time on a page of 60 cards.
    const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).options({ resultTypes: ['violations'] })
      .exclude('astro-dev-toolbar').analyze();
    const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    const minor = violations.filter((v) => !bad.includes(v));
    if (minor.length) console.log(`${path}: ${minor.length} minor/moderate\n${compact(minor)}`);
    if (bad.length) failures.push(`${path}\n${compact(bad)}`);
  }
  return failures;
}

for (const size of Object.keys(VIEWPORTS) as ViewportName[]) {
  test.describe(`${size}`, () => {
    test.use({ viewport: VIEWPORTS[size], isMobile: size === 'phone', hasTouch: size === 'phone' });

    for (const { slug, pack } of PACKS) {
      for (const who of ['anonymous', 'admin'] as const) {
        test(`${pack} every page, ${who}: no serious or critical WCAG 2.2 AA violations`, async ({ page }) => {
          test.setTimeout(300_000);
          await page.emulateMedia({ reducedMotion: 'reduce' });
          if (who === 'admin') await signIn(page.request, PACK_ADMINS[slug]);
          const failures = await audit(page, await storePages(page.request, slug, who === 'admin', size === 'phone' ? 'all' : 'storefront'));
          expect(failures, `serious/critical axe violations or sideways scrolling:\n${failures.join('\n')}`).toEqual([]);
        });
      }
    }

    // Issue 27: the walks above cover the signed-out pages and the shop admin's; every other signed-in page type is
    // audited here through one representative page (its template), in es on the phone and in en on the desktop, so
    // each type is read in both languages and at both sizes for about two page loads. One sign-in per account.
    test('signed-in page types (admin, supplier, reseller, operator, buyer, shop owner\'s plans): no serious or critical WCAG 2.2 AA violations', async ({ browser }) => {
      test.setTimeout(180_000);
      const lang = size === 'phone' ? 'es' : 'en';
      const failures: string[] = [];
      for (const [email, path] of SIGNED_IN_TYPES) {
        if (lang === 'es' && path.includes('/admin/')) continue;
        const context = await browser.newContext({ viewport: VIEWPORTS[size], isMobile: size === 'phone', hasTouch: size === 'phone', locale: lang === 'en' ? 'en-US' : 'es-MX', reducedMotion: 'reduce' });
        await signIn(context.request, email);
        const url = new URL(test.info().project.use.baseURL!);
        await context.addCookies([{ name: 'lang', value: lang, domain: url.hostname, path: '/' }]);
        failures.push(...(await audit(await context.newPage(), [path])).map((f) => `${email} (${lang}) ${f}`));
        await context.close();
      }
      expect(failures, `serious/critical axe violations or sideways scrolling:\n${failures.join('\n')}`).toEqual([]);
    });

    test('platform pages: no serious or critical WCAG 2.2 AA violations', async ({ page }) => {
      test.setTimeout(120_000);
      const failures = await audit(page, PLATFORM_PAGES);
      expect(failures, `serious/critical axe violations or sideways scrolling:\n${failures.join('\n')}`).toEqual([]);
    });
  });
}
