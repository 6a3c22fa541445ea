// Dashboards (issue 25): the shop admin's panel of demo-03 (a month of demo history) draws its sales and visits
// charts (uPlot, loaded on this admin page only) and the same numbers open as a table, in Spanish and in English, on
// a phone and on a desktop. Read-only. Screenshots at 390 and 1280 px in both languages.
import { expect, test, type Browser } from '@playwright/test';
import { SCREENS_DIR, signIn, USERS, VIEWPORTS } from './helpers.ts';

const LANGS = {
  es: { locale: 'es-MX', title: 'Panel de la tienda', table: 'Ver como tabla', sales: 'Ventas', menu: 'Panel' },
  en: { locale: 'en-US', title: 'Shop dashboard', table: 'Show as a table', sales: 'Sales', menu: 'Dashboard' },
} as const;

async function signedIn(browser: Browser, locale: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale, viewport });
  const page = await context.newPage();
  await signIn(page.request, USERS.admin03);
  return { page, context };
}

for (const [lang, L] of Object.entries(LANGS)) {
  test(`the shop dashboard draws its charts and reads as a table (${lang})`, async ({ browser }) => {
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      const { page, context } = await signedIn(browser, L.locale, viewport);
      const res = await page.goto('/demo-03/admin/panel');
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: L.title })).toBeVisible();
      await expect(page.getByTestId('menu-apps').locator('a[aria-current=page]')).toHaveText(L.menu);
      const sales = page.locator('[data-chart=sales]');
      await sales.scrollIntoViewIfNeeded();
      await expect(sales.locator('[data-chart-ready=true] canvas')).toBeVisible({ timeout: 15_000 });
      await sales.getByText(L.table).click();
      const table = page.getByTestId('sales-table');
      await expect(table).toBeVisible();
      await expect(table.locator('tbody tr')).toHaveCount(30);
      await expect(table.getByRole('columnheader', { name: L.sales })).toBeVisible();
      await page.locator('[data-chart=visits]').scrollIntoViewIfNeeded();
      await expect(page.locator('[data-chart=visits] [data-chart-ready=true] canvas')).toBeVisible({ timeout: 15_000 });
      await page.screenshot({ path: `${SCREENS_DIR}/dashboard-${lang}-${name}.png`, fullPage: true });
      await context.close();
    }
  });
}
