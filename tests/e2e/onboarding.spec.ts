// Issue 26 "Done when" (onboarding), at 390 px: a brand-new person starts at /emprendedores and, with clicks only
// (no address typed after the start), signs up from the header, comes back to the landing, becomes an entrepreneur,
// opens a store and follows the owner's checklist on its home: a look published in the builder, two products, a
// catalogue holding them, a tracked link to it. A buyer opens that link and pays by card; the owner follows the
// finished checklist to the orders and sees the sale attributed to the link. In English the same start and the
// checklist's navigation are walked more briefly. Screenshots of the checklist at 390 and 1280 px in both languages.
// Stateful: it makes people, a shop, a campaign and an order.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { SCREENS_DIR, VIEWPORTS, enterMailedCode, signUp, trackedOnBareDomain, waitForIsland } from './helpers.ts';

const SUPPLIER = 'Textiles del Bajío';

const L = {
  es: {
    locale: 'es-MX', signup: 'Crear cuenta', name: 'Nombre', email: 'Correo electrónico', password: /Contraseña/, storeName: 'Nombre de la tienda',
    tour: 'Conoce tus herramientas', tourDone: 'Entendido', look: 'Elige el estilo de tu tienda', products: 'Agrega productos', catalogue: 'Arma un catálogo',
    share: 'Comparte un enlace', progress: (d: number, n: number) => `${d} de ${n} pasos listos`, publish: 'Guardar ahora', published: /Publicado/,
  },
  en: {
    locale: 'en-US', signup: 'Create account', name: 'Name', email: 'E-mail', password: /Password/, storeName: /Store name/,
    tour: 'Get to know your tools', tourDone: 'Got it', look: 'Choose your store\'s look', products: 'Add products', catalogue: 'Make a catalogue',
    share: 'Share a link', progress: (d: number, n: number) => `${d} of ${n} steps done`, publish: 'Save now', published: /Published/,
  },
} as const;
type Lang = keyof typeof L;

const checklist = (page: Page) => page.getByTestId('owner-checklist');
const step = (page: Page, id: string) => checklist(page).locator(`[data-step="${id}"]`);

/** /emprendedores -> header 'Create account' -> back on the landing -> entrepreneur -> a new store's home, by clicks. */
async function openStoreFromLanding(page: Page, lang: Lang, tag: string): Promise<string> {
  const l = L[lang];
  await page.goto('/emprendedores');
  await page.getByRole('banner').getByRole('link', { name: l.signup }).click();
  await expect(page).toHaveURL(/\/signup\?next=%2Femprendedores$/);
  const email = `onb-${lang}-${tag}@test.example`;
  await page.getByLabel(l.name, { exact: true }).fill(lang === 'es' ? 'Mariana Guía' : 'Maggie Guide');
  await page.getByLabel(l.email).fill(email);
  await page.getByLabel(l.password).fill('a-long-password-1');
  await page.locator('main').getByRole('button', { name: l.signup }).click();
  await enterMailedCode(page, email);
  await expect(page).toHaveURL(/\/emprendedores$/);
  await page.getByTestId('become-entrepreneur').click();
  await expect(page).toHaveURL(/\/asistentes\/emprendedores$/);
  await page.getByLabel(l.storeName).fill(`Guia ${lang} ${tag}`);
  const slug = `guia-${lang}-${tag}`;
  // The address follows the name once the page's script runs; typed here so a slow start cannot race it.
  await page.locator('input[name="slug"]').fill(slug);
  await page.getByTestId('pack-03').click();
  await page.getByTestId('open-store-submit').click();
  await expect(page).toHaveURL(new RegExp(`/${slug}/admin/editor$`));
  // The builder's way back to the store.
  await page.locator('.bf-back').click();
  await expect(page).toHaveURL(new RegExp(`/${slug}/$`));
  // A new admin's first visit starts the tour of the tools; it closes.
  const tour = page.getByRole('dialog', { name: l.tour });
  await expect(tour).toBeVisible();
  await tour.getByRole('button', { name: l.tourDone }).click();
  await expect(tour).toBeHidden();
  return slug;
}

async function shots(browser: Browser, page: Page, lang: Lang, name: string) {
  const ctx = await browser.newContext({ locale: L[lang].locale, viewport: VIEWPORTS.desktop, storageState: await page.context().storageState(), baseURL: test.info().project.use.baseURL });
  const p = await ctx.newPage();
  await p.goto(page.url());
  await expect(checklist(p)).toBeVisible();
  await p.screenshot({ path: `${SCREENS_DIR}/onboarding-${name}-${lang}-desktop.png`, fullPage: true });
  await ctx.close();
  await page.screenshot({ path: `${SCREENS_DIR}/onboarding-${name}-${lang}-phone.png`, fullPage: true });
}

const noSideScroll = async (page: Page) => {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), page.url()).toBeLessThanOrEqual(VIEWPORTS.phone.width);
};

test.use({ viewport: VIEWPORTS.phone });

test.describe('es', () => {
  test.use({ locale: 'es-MX' });
  test('a new account goes from /emprendedores to a store that sells through its tracked link, guided by the checklist', async ({ page, browser, baseURL }) => {
    test.setTimeout(240_000);
    const l = L.es;
    const tag = Date.now().toString(36);
    const slug = await openStoreFromLanding(page, 'es', tag);
    const home = page.url();
    const backHome = async () => {
      await page.locator('.shop-header .brand').click();
      await expect(page).toHaveURL(home);
    };

    // The checklist under the search bar: four steps, none done.
    await expect(checklist(page)).toBeVisible();
    await expect(page.getByTestId('checklist-progress')).toHaveText(l.progress(0, 4));
    expect(await page.locator('.section[data-section-type="search-bar"] + .owner-checklist').count()).toBe(1);
    await noSideScroll(page);
    await shots(browser, page, 'es', 'start');

    // 1. A look: the builder, published (every edit goes live; 'Guardar ahora' publishes at once).
    await checklist(page).getByRole('link', { name: l.look }).click();
    await expect(page).toHaveURL(new RegExp(`/${slug}/admin/editor$`));
    await page.getByRole('button', { name: l.publish }).click();
    await expect(page.locator('.bf-status')).toHaveText(l.published, { timeout: 20_000 });
    await page.locator('.bf-back').click();
    await expect(step(page, 'look')).toHaveAttribute('data-done', 'true');

    // 2. Two products, from the resale workspace (one supplier's items).
    await checklist(page).getByRole('link', { name: l.products }).click();
    await expect(page).toHaveURL(new RegExp(`/${slug}/apps/me/referral$`));
    await page.getByLabel('Proveedor').selectOption({ label: SUPPLIER });
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect(page).toHaveURL(/supplier=/);
    const rows = page.locator('[data-testid="resale-row"]');
    const picked: string[] = [];
    for (const i of [0, 1]) {
      const row = rows.nth(i);
      const act = row.locator('.rs-actions[data-hydrated="true"]');
      await expect(act).toBeVisible({ timeout: 15_000 });
      await act.getByRole('button', { name: /^Agregar a mi tienda/ }).click();
      await expect(row.getByTestId('resale-toast')).toContainText('Se agregó a tu tienda');
      picked.push((await row.getAttribute('data-product'))!);
    }
    await backHome();
    await expect(step(page, 'products')).toHaveAttribute('data-done', 'true');
    await expect(step(page, 'products')).toContainText('2 productos en tu tienda');

    // 3. A catalogue: made on the catalogue tab, then both products put in it from the products tab.
    await checklist(page).getByRole('link', { name: l.catalogue }).click();
    await expect(page).toHaveURL(new RegExp(`/${slug}/apps/me/referral/resale/catalogues$`));
    await expect(page.getByTestId('network-note')).toHaveAttribute('data-network', 'none');
    const catName = `Lo mejor ${tag}`;
    await page.getByLabel('Nuevo catálogo').fill(catName);
    await page.getByRole('button', { name: 'Crear', exact: true }).click();
    await expect(page.getByTestId('resale-notice')).toContainText(catName);
    await page.locator('.rs-tabs').getByRole('link', { name: 'Productos para revender' }).click();
    await page.getByLabel('Proveedor').selectOption({ label: SUPPLIER });
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect(page).toHaveURL(/supplier=/);
    for (const id of picked) {
      const row = rows.and(page.locator(`[data-product="${id}"]`));
      const act = row.locator('.rs-actions[data-hydrated="true"]');
      await expect(act).toBeVisible({ timeout: 15_000 });
      await act.getByRole('combobox', { name: /^Catálogo:/ }).selectOption({ label: catName });
      await act.getByRole('button', { name: /^Agregar al catálogo/ }).click();
      await expect(row.getByTestId('resale-toast')).toContainText(`Se agregó a «${catName}»`);
    }
    await backHome();
    await expect(step(page, 'catalogue')).toHaveAttribute('data-done', 'true');
    await expect(page.getByTestId('checklist-progress')).toHaveText(l.progress(3, 4));
    await shots(browser, page, 'es', 'three-done');

    // 4. A tracked link to the catalogue, from the checklist's share step.
    await step(page, 'share').getByRole('button', { name: l.share }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tu enlace de seguimiento');
    // The link is at the shop's primary address ({slug}.localhost here); the buyer opens the same page by path.
    const link = new URL(await page.getByTestId('tracked-url').inputValue());
    const opened = trackedOnBareDomain(link, slug);
    expect(opened).toMatch(new RegExp(`^/${slug}/catalogos/`));
    expect(link.searchParams.get('campaign')).toMatch(/^[0-9a-f-]{36}$/);

    // 5. A buyer opens the link on a phone and pays by card.
    const buyerCtx = await browser.newContext({ baseURL, locale: 'es-MX', viewport: VIEWPORTS.phone });
    const buyer = await buyerCtx.newPage();
    await buyer.goto(opened);
    await expect(buyer.getByRole('heading', { level: 1 })).toHaveText(catName);
    await expect(buyer.getByTestId('owner-checklist')).toHaveCount(0);
    const email = `compra-${tag}@test.example`;
    await signUp(buyer.request, email, 'Bruno Comprador');
    await buyer.reload();
    await buyer.locator('.catalogue-detail .item-card').first().getByRole('link').first().click();
    const form = buyer.locator('form.pd-buy');
    await expect(form).toBeVisible();
    for (const fs of await form.locator('fieldset.pd-variant').all()) await fs.locator('input[type=radio]').first().check();
    for (const sel of await form.locator('select[name^="variant["]').all()) await sel.selectOption({ index: 1 });
    await form.getByRole('button', { name: 'Comprar ahora' }).click();
    await buyer.waitForURL(`**/${slug}/comprar/**`);
    await waitForIsland(buyer, '.checkout');
    await buyer.locator('.co-step').first().getByLabel('Teléfono').fill('5512345678');
    const address = buyer.locator('.co-step').filter({ hasText: 'Dirección de entrega' });
    if (await address.count()) {
      await address.getByLabel('Nombre de quien recibe').fill('Bruno Comprador');
      await address.getByLabel('Teléfono').fill('5512345678');
      await address.getByLabel('Calle').fill('Av. Juárez 10');
      await address.getByLabel('Ciudad').fill('León');
      await address.getByLabel('Estado').fill('Guanajuato');
      await address.getByLabel('Código postal').fill('37000');
    }
    await buyer.getByRole('button', { name: 'Continuar' }).click();
    if (await address.count()) {
      await buyer.locator('input[name=delivery]').first().check();
      await expect(buyer.locator('.co-step').filter({ hasText: 'Elegido:' })).toBeVisible();
    }
    await buyer.locator('input[name=payment]').first().check();
    await buyer.getByLabel('Nombre en la tarjeta').fill('Bruno Comprador');
    await buyer.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
    await buyer.getByLabel('Vencimiento (MM/AA)').fill('1230');
    await buyer.getByLabel('CVC').fill('123');
    await buyer.getByRole('button', { name: /^Pagar / }).click();
    await buyer.waitForURL(`**/${slug}/mis-compras/**`);
    const orderId = new URL(buyer.url()).pathname.split('/').pop()!;
    await buyerCtx.close();

    // 6. The owner: the finished checklist leads to the orders; the sale names the link's campaign and its sharer.
    await page.locator('.shop-header .brand').click();
    await expect(page).toHaveURL(home);
    await expect(checklist(page)).toHaveAttribute('data-state', 'complete');
    await page.getByTestId('checklist-orders').click();
    await expect(page).toHaveURL(new RegExp(`/${slug}/admin/pedidos$`));
    await page.locator(`a[href$="/admin/pedidos/${orderId}"]`).click();
    await expect(page.getByTestId('order-attribution')).toHaveText(`Llegó por la campaña «${catName}» (compartida por Mariana Guía)`);
    await noSideScroll(page);

    // The list, done with, is hidden by its button.
    await page.locator('.shop-header .brand').click();
    await page.getByTestId('checklist-hide').click();
    await expect(page).toHaveURL(home);
    await expect(checklist(page)).toHaveCount(0);
  });
});

test.describe('en', () => {
  test.use({ locale: 'en-US' });
  test('the same start in English: back to the landing after sign-up, and the checklist\'s steps lead to their tools', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const l = L.en;
    const slug = await openStoreFromLanding(page, 'en', Date.now().toString(36));
    const home = page.url();
    await expect(page.getByTestId('checklist-progress')).toHaveText(l.progress(0, 4));
    await noSideScroll(page);
    await shots(browser, page, 'en', 'start');
    for (const [name, path] of [[l.look, '/admin/editor'], [l.products, '/apps/me/referral'], [l.catalogue, '/apps/me/referral/resale/catalogues']] as const) {
      await checklist(page).getByRole('link', { name }).click();
      await expect(page).toHaveURL(new RegExp(`/${slug}${path}$`));
      await page.goBack();
      await expect(page).toHaveURL(home);
    }
    // Sharing before a catalogue exists shares the store's home.
    await step(page, 'share').getByRole('button', { name: l.share }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your tracked link');
    expect(trackedOnBareDomain(new URL(await page.getByTestId('tracked-url').inputValue()), slug)).toMatch(new RegExp(`^/${slug}/\\?`));
    await page.locator('.shop-header .brand').click();
    await expect(step(page, 'share')).toHaveAttribute('data-done', 'true');
    await expect(page.getByTestId('checklist-progress')).toHaveText(l.progress(1, 4));
  });
});
