// Issue 14 "Done when", in one run at 390 px: a new person signs up, becomes an entrepreneur, opens a free store
// from the level-one call to action on a storefront, buys a package, creates a campaign with a channel in the new
// store, shares a page of it through the share widget, and a visit through that link shows on the campaign.
import { expect, test } from '@playwright/test';
import { SCREENS_DIR, VIEWPORTS, waitForIsland, openFloating, enterMailedCode } from './helpers.ts';

test.use({ viewport: VIEWPORTS.phone, locale: 'es-MX' });

test('sign up, open a store from the call to action, buy a package, run a campaign and see its visit', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  // Chromium on Linux has no share sheet; make sure of it, so the widget offers the link to copy.
  await page.addInitScript(() => { Reflect.deleteProperty(Navigator.prototype, 'share'); });
  const tag = Date.now().toString(36);

  // 1. Sign up from the entrepreneurs' landing and become level one there.
  await page.goto('/emprendedores');
  await page.locator('.next').getByRole('link', { name: 'Crear cuenta' }).click();
  await page.getByLabel('Nombre', { exact: true }).fill('Renata Solís');
  await page.getByLabel('Correo electrónico').fill(`crece-${tag}@test.example`);
  await page.getByLabel(/Contraseña/).fill('a-long-password-1');
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await enterMailedCode(page, `crece-${tag}@test.example`);
  await expect(page).toHaveURL(/\/emprendedores$/);
  await page.getByTestId('become-entrepreneur').click();
  await expect(page).toHaveURL(/\/asistentes\/emprendedores$/);

  // 2. The level-one call to action on a storefront opens the assistant; the store opens in its builder.
  await page.goto('/demo-03/');
  await openFloating(page);
  await page.getByTestId('earn-commissions').click();
  await expect(page).toHaveURL(/\/asistentes\/emprendedores$/);
  await page.getByLabel('Nombre de la tienda').fill(`Renata ${tag}`);
  const slug = `renata-${tag}`;
  await expect(page.locator('input[name="slug"]')).toHaveValue(slug);
  await expect(page.locator('[data-slug-status]')).toHaveText('¡Disponible!');
  await page.getByTestId('pack-04').click();
  await page.getByTestId('open-store-submit').click();
  await expect(page).toHaveURL(new RegExp(`/${slug}/admin/editor$`));
  await expect(page.getByRole('list', { name: /Secciones/ })).toBeVisible({ timeout: 20_000 });

  // 3. A package paid with a sandbox card.
  await page.goto('/apps/paquetes');
  await page.getByRole('radio', { name: /Tienda en Línea/ }).check();
  await page.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
  await page.getByLabel('Vencimiento').fill('12/39');
  await page.getByLabel('CVC').fill('123');
  await page.getByTestId('package-submit').click();
  await expect(page.getByTestId('package-outcome')).toHaveText('¡Pago aprobado! Tu plan está activo.');
  await expect(page.getByTestId('subscription')).toContainText(`Renata ${tag}`);

  // 4. A campaign with a channel, in the new store's workspace.
  const admin = `/${slug}/apps/me/referral/campaigns`;
  await page.goto(admin);
  await page.getByTestId('campaign-new').click();
  const create = page.getByTestId('campaign-create');
  await create.getByLabel('Nombre').fill('Lanzamiento');
  await create.getByLabel('Página').fill(`/${slug}/`);
  await create.getByRole('button', { name: 'Crear campaña' }).click();
  await expect(page.getByTestId('campaign-toast')).toContainText('La campaña se creó correctamente');
  await page.getByTestId('campaign-row').filter({ hasText: 'Lanzamiento' }).getByRole('link', { name: 'Lanzamiento' }).click();
  await page.getByTestId('channel-new').click();
  const channel = page.getByTestId('channel-create');
  await channel.getByLabel('Nombre').fill('Grupo de vecinos');
  await channel.getByLabel('Código de origen').fill('vecinos');
  await channel.getByLabel('Presupuesto').fill('300.00');
  await channel.getByRole('button', { name: 'Agregar canal' }).click();
  await expect(page.getByTestId('campaign-toast')).toContainText('El canal se creó');
  await expect(page.getByTestId('channel-row').filter({ hasText: 'Grupo de vecinos' })).toHaveCount(1);

  // 5. Share the store's home through the widget: a campaign named after the page, its tracked link.
  await page.goto(`/${slug}/`);
  // A new admin's first visit to their storefront starts the tour of the admin tools; 'Entendido' closes it.
  const tour = page.getByRole('dialog', { name: 'Conoce tus herramientas' });
  await expect(tour).toBeVisible();
  await tour.getByRole('button', { name: 'Entendido' }).click();
  await expect(tour).toBeHidden();
  await waitForIsland(page, '[data-testid="share-widget"]');
  await openFloating(page);
  await page.getByTestId('share-widget-button').click();
  const linkInput = page.getByTestId('share-widget-link');
  await expect(linkInput).toHaveValue(/campaign=[0-9a-f-]{36}/);
  const link = new URL(await linkInput.inputValue());
  expect(`${link.hostname}${link.pathname}`).toBe(`${slug}.localhost/`);
  const campaignId = link.searchParams.get('campaign')!;
  await page.screenshot({ path: `${SCREENS_DIR}/growth-journey-widget-phone.png` });

  // 6. Someone opens the link; the visit shows on that campaign.
  const stranger = await browser.newContext({ baseURL, locale: 'es-MX', viewport: VIEWPORTS.phone });
  const anon = await stranger.newPage();
  expect((await anon.goto(link.href))?.status()).toBe(200);
  await stranger.close();
  await page.goto(`${admin}/${campaignId}`);
  await expect(page.getByTestId('campaign-visits')).toHaveText('1');
  await page.screenshot({ path: `${SCREENS_DIR}/growth-journey-campaign-phone.png`, fullPage: true });
});
