// The promoted network (issue 12; seed 001 §2, seed 000 §4, §7, §8) in a browser: admin03 reaches {shop}/promoted
// from the user menu, sees the wallet widget and her network's table, switches between every level and the first
// level, drills into Lucía's row, removes the filter tag, follows and unfollows Carlos (optimistic, kept after a
// reload), and sees a failed follow revert with the 'Failed' toast. Screenshots at 390 and 1280 px in es and en,
// also of {shop}/referidos.
import { mkdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { formatMoney } from '../../src/lib/shared/money.ts';
import { SCREENS_DIR, signIn, VIEWPORTS } from './helpers.ts';

const SHOP = 'demo-03';
test.use({ locale: 'es-MX' });

async function shots(page: Page, name: string) {
  mkdirSync(SCREENS_DIR, { recursive: true });
  for (const [vp, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.screenshot({ path: `${SCREENS_DIR}/promoted-${name}-${vp}.png`, fullPage: true });
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}

const rows = (page: Page) => page.locator('.pm-table tbody tr');
const row = (page: Page, name: string) => rows(page).filter({ hasText: name });

/** The follow island of a row once hydrated (Astro drops `ssr` then). */
async function hydratedFollow(scope: Locator): Promise<Locator> {
  const island = scope.locator('astro-island');
  await expect(island).not.toHaveAttribute('ssr', /.*/, { timeout: 15_000 });
  return island.locator('.pm-follow-btn');
}

async function followsCarlos(page: Page): Promise<boolean> {
  const res = await page.request.get('/api/me/promoted');
  const body = (await res.json()) as { results: { name: string; state_follow: boolean }[] };
  return body.results.find((r) => r.name.startsWith('Carlos'))!.state_follow;
}

test('admin03 browses, drills into and follows people of her promoted network', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await signIn(page.request, 'admin03@demo.test');
  const wallet = ((await (await page.request.get('/api/me/wallets')).json()) as { results: { balance: number; pending: number; available_for_cashout: number }[] }).results[0]!;

  // From the user menu.
  await page.goto(`/${SHOP}/`);
  await page.locator('.user-menu summary').click();
  await page.getByRole('link', { name: 'Mi red' }).click();
  await expect(page).toHaveURL(new RegExp(`/${SHOP}/promoted$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Usuarios promovidos');

  // The wallet widget: the ledger's figures, and the way to the wallet.
  const widget = page.locator('[data-widget="wallet"]');
  await expect(widget.locator('[data-figure="balance"]')).toHaveText(formatMoney(wallet.balance, 'MXN', 'es'));
  await expect(widget.locator('[data-figure="pending"]')).toHaveText(formatMoney(wallet.pending, 'MXN', 'es'));
  await expect(widget.locator('[data-figure="available"]')).toHaveText(formatMoney(wallet.available_for_cashout, 'MXN', 'es'));
  await expect(widget.getByRole('link', { name: 'Abrir mi monedero' })).toHaveAttribute('href', `/${SHOP}/monedero`);

  // First level (the default): the three people she brought; every level adds Lucía's two.
  await expect(rows(page)).toHaveCount(3);
  await expect(page.locator('.pm-table thead th')).toHaveText(['Foto', 'Nombre', 'Actualizado', 'Seguir']);
  await expect(page.locator('.pm-switch a[aria-current="true"]')).toHaveText('Primer nivel');
  await shots(page, 'list-es');
  await page.getByRole('link', { name: 'Todos los niveles' }).click();
  await expect(rows(page)).toHaveCount(5);
  await expect(row(page, 'Jorge Ramírez Soto')).toContainText('Nivel 2');
  await page.getByRole('link', { name: 'Primer nivel' }).click();
  await expect(rows(page)).toHaveCount(3);

  // A row drills into that person's children, with a removable filter tag.
  await row(page, 'Lucía Hernández Ruiz').click({ position: { x: 700, y: 20 } });
  await expect(page).toHaveURL(/PromotedList=[0-9a-f-]{36}&PromotedLisLabel=Luc%C3%ADa/);
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).locator('.pm-drill')).toHaveText(['Jorge Ramírez Soto', 'Ana Torres Villalobos']);
  const tag = page.locator('[data-filter-tag]');
  await expect(tag).toContainText('Lucía Hernández Ruiz');
  await shots(page, 'child-es');
  await tag.click();
  await expect(page).toHaveURL(new RegExp(`/${SHOP}/promoted(\\?OnlyChilds=true)?$`));
  await expect(page.locator('[data-filter-tag]')).toHaveCount(0);
  await expect(rows(page)).toHaveCount(3);

  // Follow Carlos (optimistic), kept after a reload; then unfollow.
  expect(await followsCarlos(page)).toBe(false);
  let button = await hydratedFollow(row(page, 'Carlos Mendoza Pérez'));
  await expect(button).toHaveText('Seguir');
  await button.click();
  await expect(button).toHaveText('Dejar de seguir');
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => followsCarlos(page)).toBe(true);
  await page.reload();
  button = await hydratedFollow(row(page, 'Carlos Mendoza Pérez'));
  await expect(button).toHaveText('Dejar de seguir');
  await button.click();
  await expect(button).toHaveText('Seguir');
  await expect.poll(() => followsCarlos(page)).toBe(false);

  // A failed follow reverts, with the 'Failed' toast.
  await page.route('**/api/me/follows/**', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":{"code":"unavailable","message":"down"}}' }));
  await button.click();
  const toast = page.getByRole('alert').filter({ hasText: 'Falló' });
  await expect(toast).toContainText('No se pudo actualizar el seguimiento');
  await expect(button).toHaveText('Seguir');
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await shots(page, 'failed-es');
  await page.unroute('**/api/me/follows/**');
  expect(await followsCarlos(page)).toBe(false);

  // The referred people.
  await page.goto(`/${SHOP}/referidos`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mis referidos');
  await expect(page.locator('.rf-list li')).toHaveCount(3);
  await page.getByLabel('Se registraron con una campaña').check();
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page).toHaveURL(/registered_by_campaign=true/);
  await expect(page.locator('.rf-list li')).toHaveCount(2);
  await shots(page, 'referred-es');

  // English.
  await page.context().addCookies([{ name: 'lang', value: 'en', url: baseURL! }]);
  await page.goto(`/${SHOP}/promoted`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Promoted users');
  await expect(page.locator('.pm-table thead th')).toHaveText(['Photo', 'Name', 'Updated', 'Follow']);
  await hydratedFollow(row(page, 'Carlos Mendoza Pérez'));
  await shots(page, 'list-en');
  await page.goto(`/${SHOP}/referidos?tags=cafe`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('People I referred');
  await expect(page.locator('.rf-list li')).toHaveCount(2);
  await shots(page, 'referred-en');
});
