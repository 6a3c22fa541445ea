// Level two in the search overlay (issue 13): the shop's owner (an entrepreneur with a store) sees on each resellable
// result what they earn and 'En tu tienda'; an anonymous shopper sees the plain list. Screens in es and en.
import { expect, test, type Page } from '@playwright/test';
import { SCREENS_DIR, USERS, VIEWPORTS, signIn } from './helpers.ts';
import { formatMoney } from '../../src/lib/shared/money.ts';

test.use({ locale: 'es-MX' });

async function searchFor(page: Page, path: string, text: string) {
  await page.goto(path);
  await page.locator('.shop-header .so-toggle').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('searchbox').fill(text);
  await expect(dialog.locator('.so-results li').first()).toBeVisible();
  return dialog;
}

test('the owner of demo-03 sees the earning and "in your store" on resellable results; anonymous shoppers do not', async ({ page, browser }) => {
  await signIn(page.request, USERS.admin03);
  const api = (await (await page.request.get('/api/shops/demo-03/search?type=product&text=franela&limit=5')).json()) as
    { results: { name: string; currency: string; level_two?: { resellable: boolean; earning: number | null; in_my_store: boolean } }[] };
  const resellable = api.results.filter((r) => r.level_two?.resellable && r.level_two.earning !== null);
  expect(resellable.length, 'demo-03 offers resellable franela items').toBeGreaterThan(0);

  for (const lang of ['es', 'en'] as const) {
    for (const [vp, size] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(size);
      const dialog = await searchFor(page, `/demo-03/?lang=${lang}`, 'franela');
      const row = dialog.locator('.so-results li', { hasText: resellable[0]!.name });
      // The item's currency, as the product page writes it (e.g. 'Ganas €15.12').
      const amount = formatMoney(resellable[0]!.level_two!.earning!, resellable[0]!.currency, lang);
      await expect(row.locator('.so-earning')).toHaveText(lang === 'es' ? `Ganas ${amount}` : `You earn ${amount}`);
      if (resellable[0]!.level_two!.in_my_store) await expect(row.locator('.so-mine')).toHaveText(lang === 'es' ? 'En tu tienda' : 'In your store');
      await expect(dialog.locator('.so-l2')).toHaveCount(api.results.filter((r) => r.level_two?.resellable).length);
      await page.screenshot({ path: `${SCREENS_DIR}/search-level-two-${vp}-${lang}.png` });
    }
  }

  const anon = await (await browser.newContext({ locale: 'es-MX', viewport: VIEWPORTS.phone })).newPage();
  const plain = await searchFor(anon, '/demo-03/', 'franela');
  await expect(plain.locator('.so-results li')).not.toHaveCount(0);
  await expect(plain.locator('.so-l2')).toHaveCount(0);
  await anon.context().close();
});
