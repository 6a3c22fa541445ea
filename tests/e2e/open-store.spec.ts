// Opening a store and buying a package (issue 14), at 390 px: a new person signs up from the entrepreneurs' landing,
// becomes an entrepreneur (level one), follows the floating 'earn commissions' call from a storefront, opens a free
// store (address checked live, theme pack picked from the previews), lands in its builder, then buys a package at
// /apps/paquetes with a sandbox card and sees the subscription, turns auto-renewal off and on, screenshots the page
// (390/1280, es/en), refunds the month, then buys again with a 3-D Secure card through the sandbox challenge.
// Stateful: it creates a person, a shop and payments.
import { expect, test, type Page } from '@playwright/test';
import { SCREENS_DIR, VIEWPORTS, openFloating, enterMailedCode } from './helpers.ts';

test.use({ viewport: VIEWPORTS.phone, locale: 'es-MX' });

const noSideScroll = async (page: Page) => {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), page.url()).toBeLessThanOrEqual(VIEWPORTS.phone.width);
};

test('sign up, become level one, open a free store from the call to action, land in the builder, buy a package', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  await page.goto('/emprendedores');
  await noSideScroll(page);
  await page.screenshot({ path: `${SCREENS_DIR}/open-store-landing-390.png`, fullPage: true });
  await page.locator('.next').getByRole('link', { name: 'Crear cuenta' }).click();
  await expect(page).toHaveURL(/\/signup\?next=%2Femprendedores/);
  await page.getByLabel('Nombre', { exact: true }).fill('Valentina Prueba');
  await page.getByLabel('Correo electrónico').fill(`abre-${tag}@test.example`);
  await page.getByLabel(/Contraseña/).fill('a-long-password-1');
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await enterMailedCode(page, `abre-${tag}@test.example`);
  await expect(page).toHaveURL(/\/emprendedores$/);

  // Level 0 -> 1: the landing's call.
  await page.getByTestId('become-entrepreneur').click();
  await expect(page).toHaveURL(/\/asistentes\/emprendedores$/);
  expect((await (await page.request.get('/api/me')).json()).user.user_level).toBe('ul1');

  // The level-one call to action on a storefront.
  await page.goto('/demo-03/');
  await openFloating(page);
  const fab = page.getByTestId('earn-commissions');
  await expect(fab).toBeVisible();
  await expect(fab).toContainText('Gana comisiones');
  await page.screenshot({ path: `${SCREENS_DIR}/open-store-fab-390.png` });
  await fab.click();
  await expect(page).toHaveURL(/\/asistentes\/emprendedores$/);

  // The assistant: the address follows the name and is checked live; a taken one is said so.
  const slugInput = page.locator('input[name="slug"]');
  const status = page.locator('[data-slug-status]');
  await slugInput.fill('demo-03');
  await expect(status).toHaveText('Esa dirección ya la usa otra tienda');
  await slugInput.fill('');
  await page.getByLabel('Nombre de la tienda').fill(`Tienda Valentina ${tag}`);
  const slug = `tienda-valentina-${tag}`;
  await expect(slugInput).toHaveValue(slug);
  await expect(status).toHaveText('¡Disponible!');
  await page.getByTestId('pack-03').click();
  await noSideScroll(page);
  await page.screenshot({ path: `${SCREENS_DIR}/open-store-form-390.png`, fullPage: true });
  await page.getByTestId('open-store-submit').click();

  // The builder of the new store.
  await expect(page).toHaveURL(new RegExp(`/${slug}/admin/editor$`));
  await expect(page.getByRole('list', { name: /Secciones/ })).toBeVisible({ timeout: 20_000 });
  const me = await (await page.request.get('/api/me')).json();
  expect(me.user.user_level).toBe('ul2');
  expect(me.shops).toContainEqual(expect.objectContaining({ slug, is_owner: true }));

  // A package with a sandbox card.
  await page.goto('/apps/paquetes');
  await page.getByRole('radio', { name: /Negocio Digital/ }).check();
  await page.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
  await page.getByLabel('Vencimiento').fill('12/39');
  await page.getByLabel('CVC').fill('123');
  await page.getByTestId('package-submit').click();
  await expect(page).toHaveURL(/\/apps\/paquetes\?pago=ok$/);
  await expect(page.getByTestId('package-outcome')).toHaveText('¡Pago aprobado! Tu plan está activo.');
  const sub = page.getByTestId('subscription');
  await expect(sub).toHaveCount(1);
  await expect(sub).toHaveAttribute('data-plan', 'negocio_digital');
  await expect(sub).toContainText(`Tienda Valentina ${tag}`);
  await noSideScroll(page);
  await page.screenshot({ path: `${SCREENS_DIR}/open-store-packages-390.png`, fullPage: true });
  const subs = await (await page.request.get('/api/me/subscriptions')).json();
  expect(subs.results[0]).toMatchObject({ plan_id: 'negocio_digital', state: 'active', shop: { slug } });

  // Package billing: the plan renews by itself with the card kept on file; auto-renewal can be turned off (the plan
  // stays until its date) and back on, all with plain forms.
  await expect(sub.getByTestId('renewal')).toContainText('Se renueva automáticamente el');
  await sub.getByTestId('renewal-toggle').click();
  await expect(page).toHaveURL(/\/apps\/paquetes\?hecho=renewOff$/);
  await expect(page.getByTestId('billing-done')).toHaveText('Renovación automática desactivada. Tu plan sigue hasta el fin del periodo.');
  await expect(sub.getByTestId('renewal')).toContainText('La renovación automática está desactivada: el plan termina el');
  await sub.getByTestId('renewal-toggle').click();
  await expect(page).toHaveURL(/\/apps\/paquetes\?hecho=renewOn$/);
  expect((await (await page.request.get('/api/me/subscriptions')).json()).results[0]).toMatchObject({ auto_renew: true, past_due: false, refundable_until: expect.any(String) });
  // Someone else's (unknown) subscription: a JSON 404 in the request's language.
  const bad = await page.request.put(`/api/me/subscriptions/${crypto.randomUUID()}/auto-renew`, { data: { auto_renew: false }, headers: { 'accept-language': 'en-US' } });
  expect(bad.status()).toBe(404);
  expect((await bad.json()).error).toMatchObject({ code: 'not_found', message: 'Subscription not found among your shops.' });

  // Screenshots of the page with the active plan: 390 and 1280 px, es and en.
  const state = await page.context().storageState();
  for (const locale of ['es-MX', 'en-US']) {
    for (const vp of ['phone', 'desktop'] as const) {
      const ctx = await browser.newContext({ locale, viewport: VIEWPORTS[vp], storageState: state });
      const p = await ctx.newPage();
      await p.goto('/apps/paquetes');
      await expect(p.getByTestId('renewal')).toContainText(locale === 'en-US' ? 'Renews automatically on' : 'Se renueva automáticamente el');
      await p.screenshot({ path: `${SCREENS_DIR}/packages-billing-${locale}-${vp}.png`, fullPage: true });
      await ctx.close();
    }
  }

  // A full refund of this month within 14 days ends the plan.
  await sub.getByTestId('refund').click();
  await expect(page).toHaveURL(/\/apps\/paquetes\?hecho=refunded$/);
  await expect(page.getByTestId('billing-done')).toHaveText('Reembolsado. El plan terminó y el dinero vuelve a tu tarjeta.');
  await expect(page.getByTestId('subscription')).toHaveCount(0);
  expect((await (await page.request.get('/api/me/subscriptions')).json()).results[0]).toMatchObject({ state: 'canceled' });

  // A card that asks for 3-D Secure: the sandbox challenge page, then the plan opens.
  await page.goto('/apps/paquetes');
  await page.getByRole('radio', { name: /Tienda en Línea/ }).check();
  await page.getByLabel('Número de tarjeta').fill('4000 0000 0000 3220');
  await page.getByLabel('Vencimiento').fill('12/39');
  await page.getByLabel('CVC').fill('123');
  await page.getByTestId('package-submit').click();
  await expect(page).toHaveURL(/\/sandbox\/3ds\/paquete\/[0-9a-f-]{36}$/);
  await expect(page.locator('[data-amount]')).toContainText('199');
  await page.screenshot({ path: `${SCREENS_DIR}/packages-3ds-390.png`, fullPage: true });
  await page.getByRole('button', { name: 'Autorizar pago' }).click();
  await expect(page).toHaveURL(/\/apps\/paquetes\?pago=ok$/);
  await expect(page.getByTestId('subscription')).toHaveAttribute('data-plan', 'tienda_en_linea');
});
