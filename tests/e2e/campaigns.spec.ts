// Campaigns and channels (issue 14; seed 001 §2, §7, §8) in a phone-sized browser: admin03 creates a campaign and a
// channel in the admin screen (the seed's success notices), shares a storefront page through the share widget (the
// clipboard when the browser has no share sheet), an anonymous browser opens that link, and the visit shows on the
// widget's campaign. Screenshots at 390 and 1280 px in Spanish and English (test-results/screens, not committed).
import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { SCREENS_DIR, openFloating, signIn, VIEWPORTS, waitForIsland } from './helpers.ts';

const SHOP = 'demo-03';
const ADMIN = `/${SHOP}/apps/me/referral/campaigns`;
test.use({ locale: 'es-MX', viewport: VIEWPORTS.phone });

async function shots(page: Page, name: string, fullPage = true) {
  mkdirSync(SCREENS_DIR, { recursive: true });
  for (const [vp, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.screenshot({ path: `${SCREENS_DIR}/campaigns-${name}-${vp}.png`, fullPage });
  }
  await page.setViewportSize(VIEWPORTS.phone);
}

/** No horizontal scrolling at the current width. */
async function fitsWidth(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test('admin03 creates a campaign with a channel, shares a page through the widget, and the visit shows', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  // Chromium on Linux has no share sheet; make sure of it, so the widget offers the clipboard.
  await page.addInitScript(() => { Reflect.deleteProperty(Navigator.prototype, 'share'); });
  await signIn(page.request, 'admin03@demo.test');
  const name = `Volantes ${Date.now().toString(36)}`;

  // The campaigns tab of the reseller's workspace: create a campaign.
  await page.goto(`/${SHOP}/apps/me/referral`);
  await page.getByRole('link', { name: 'Campañas' }).click();
  await expect(page).toHaveURL(new RegExp(`${ADMIN}$`));
  await page.getByTestId('campaign-new').click();
  const create = page.getByTestId('campaign-create');
  await create.getByLabel('Nombre').fill(name);
  await create.getByLabel('Página').fill('/productos'); // the field's own example (issue 26)
  await create.getByRole('button', { name: 'Crear campaña' }).click();
  await expect(page.getByTestId('campaign-toast')).toContainText('La campaña se creó correctamente');
  const row = page.getByTestId('campaign-row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await fitsWidth(page);

  // Its channels: add one with a budget and what it has spent.
  await row.getByRole('link', { name }).click();
  await page.getByTestId('channel-new').click();
  const ch = page.getByTestId('channel-create');
  await ch.getByLabel('Nombre').fill('Volantes en mano');
  await ch.getByLabel('Código de origen').fill('volantes');
  await ch.getByLabel('Presupuesto').fill('1500.00');
  await ch.getByLabel('Gastado').fill('450.50');
  await ch.getByLabel('Impresiones').fill('800');
  await ch.getByRole('button', { name: 'Agregar canal' }).click();
  await expect(page.getByTestId('campaign-toast')).toContainText('El canal se creó');
  const channel = page.getByTestId('channel-row').filter({ hasText: 'Volantes en mano' });
  await expect(channel.getByTestId('channel-spend')).toContainText('$450.50 de $1,500.00');
  await expect(channel).toContainText('800 impresiones');
  await fitsWidth(page);
  await shots(page, 'channels-es');

  // The share widget on a storefront page: a campaign with the page's title, its tracked link copied.
  await page.goto(`/${SHOP}/productos`);
  await waitForIsland(page, '[data-testid="share-widget"]');
  await openFloating(page);
  await page.getByTestId('share-widget-button').click();
  const linkInput = page.getByTestId('share-widget-link');
  await expect(linkInput).toHaveValue(/campaign=[0-9a-f-]{36}/);
  const link = new URL(await linkInput.inputValue());
  // At the shop's primary address (its subdomain on the test server).
  expect(`${link.hostname}${link.pathname}`).toBe(`${SHOP}.localhost/productos`);
  expect(link.searchParams.get('referral')).toBe('ana-trevino');
  const campaignId = link.searchParams.get('campaign')!;
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByTestId('share-widget-copy').click();
  await expect(page.getByTestId('share-widget-copy')).toHaveText('Enlace copiado');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link.href);
  await fitsWidth(page);
  await shots(page, 'widget-es', false);

  // An anonymous browser opens the link: no widget for it, and the visit is recorded.
  const stranger = await browser.newContext({ baseURL, locale: 'es-MX', viewport: VIEWPORTS.phone });
  const anon = await stranger.newPage();
  const opened = await anon.goto(link.href);
  expect(opened?.status()).toBe(200);
  await expect(anon.getByTestId('share-widget')).toHaveCount(0);
  expect((await stranger.cookies()).find((c) => c.name === 'campaign')?.value).toBe(campaignId);
  await stranger.close();

  // The widget's campaign shows the visit.
  await page.goto(`${ADMIN}/${campaignId}`);
  await expect(page.getByTestId('campaign-visits')).toHaveText('1');
  await page.goto(ADMIN);
  await expect(page.locator(`[data-campaign="${campaignId}"] [data-testid="campaign-visits"]`)).toHaveText('1');
  await fitsWidth(page);
  await shots(page, 'list-es');

  // English: the same screens read in English.
  await page.context().addCookies([{ name: 'lang', value: 'en', url: baseURL! }]);
  await page.goto(`${ADMIN}?aviso=created`);
  await expect(page.getByTestId('campaign-toast')).toContainText('Campaign was created successful');
  await expect(page.getByRole('link', { name: 'Campaigns' })).toBeVisible();
  await shots(page, 'list-en');
  await page.goto(`${ADMIN}/${campaignId}?aviso=channel-updated`);
  await expect(page.getByTestId('campaign-toast')).toContainText('Channel was updated');
  await shots(page, 'detail-en');
  await page.goto(`/${SHOP}/productos`);
  await waitForIsland(page, '[data-testid="share-widget"]');
  await openFloating(page);
  await page.getByTestId('share-widget-button').click();
  await expect(page.getByTestId('share-widget-copy')).toHaveText('Copy link');
  await shots(page, 'widget-en', false);
});

test('the campaigns screens and the open widget have no serious or critical axe violations', async ({ page }) => {
  await signIn(page.request, 'admin03@demo.test');
  const audit = async (selector: string) => {
    const { violations } = await new AxeBuilder({ page }).include(selector).analyze();
    const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' ; ')}`), selector).toEqual([]);
  };
  await page.goto(ADMIN);
  await page.getByTestId('campaign-new').click();
  await audit('[data-testid="campaigns-page"]');
  await page.getByTestId('campaign-row').filter({ hasText: 'Verano 2026' }).getByRole('link', { name: 'Canales' }).click();
  await page.getByTestId('channel-new').click();
  await audit('[data-testid="campaign-page"]');
  await page.goto(`/${SHOP}/`);
  await waitForIsland(page, '[data-testid="share-widget"]');
  await openFloating(page);
  await page.getByTestId('share-widget-button').click();
  await expect(page.getByTestId('share-widget-link')).toBeVisible();
  await audit('[data-testid="share-widget"]');
});
