// Issue 13 "Done when", in one run at 390 px: admin03 creates a catalogue from 'Mis catálogos', opens it from the
// list, adds a coffee by search and every product of a category by filter, moves one to the top, removes one with
// undo (kept) and one without (gone), duplicates the root store's 'novedades', and shares the new catalogue with a
// tracked link; a new buyer opens that link on a phone, buys the coffee by card through the pages, and the order
// the shop's admin sees says which campaign brought it and who shared it.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { SCREENS_DIR, USERS, VIEWPORTS, signIn, waitForIsland, signUp, trackedOnBareDomain } from './helpers.ts';

const SHOP = 'demo-03';
const CT = JSON.parse(readFileSync('src/locales/es.json', 'utf8')).catalogueTools as Record<string, string>;
const fill = (s: string, vars: Record<string, string | number>) => s.replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? ''));
test.use({ locale: 'es-MX' });

const made: string[] = [];
test.afterAll(async ({ playwright, baseURL }) => {
  const req = await playwright.request.newContext({ baseURL });
  await signIn(req, USERS.admin03);
  for (const id of made) await req.delete(`/api/shops/${SHOP}/admin/catalogues/${id}`);
  await req.dispose();
});

const dialog = (page: Page) => page.getByRole('dialog');
const organised = (page: Page) => dialog(page).getByTestId('catalogue-item');
const organisedNames = async (page: Page) => (await organised(page).locator('.adm-grow').allInnerTexts()).map((t) => t.split('\n')[0]!.trim());
const tools = (page: Page) => page.getByRole('navigation', { name: CT.toolbar });
async function waitOverlayCycle(page: Page) {
  await expect(dialog(page).getByTestId('position-overlay')).toContainText(CT.positionUpdated!);
  await expect(dialog(page).getByTestId('position-overlay')).toHaveCount(0, { timeout: 15_000 });
}

test('a reseller curates, forks and shares a catalogue; a buyer through the link is attributed on the order (390 px)', async ({ page, browser, baseURL }) => {
  test.setTimeout(300_000);
  await page.setViewportSize(VIEWPORTS.phone);
  await signIn(page.request, USERS.admin03);

  // 1. Create the catalogue where a merchant would: the store menu's 'Mis catálogos', then open it from the list.
  const name = `Favoritos ${Date.now() % 1_000_000}`;
  await page.goto(`/${SHOP}/`);
  await waitForIsland(page, '.adm-bar');
  await page.getByRole('navigation', { name: 'Menú de la tienda' }).getByRole('button', { name: 'Mis catálogos' }).click();
  const mine = page.getByRole('dialog', { name: 'Mis catálogos' });
  await mine.getByRole('button', { name: 'Crear catálogo' }).click();
  await mine.getByLabel('Nombre').fill(name);
  await mine.getByRole('button', { name: 'Crear', exact: true }).click();
  const row = mine.getByTestId('catalogue-row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await page.screenshot({ path: `${SCREENS_DIR}/reseller-journey-created-phone.png` });
  await row.getByRole('link', { name }).click();
  await page.waitForURL(new RegExp(`/${SHOP}/catalogos/[a-z0-9-]+$`));
  const slug = page.url().split('/').pop()!;
  const listed = await (await page.request.get(`/api/shops/${SHOP}/admin/catalogues?limit=100`)).json() as { results: { id: string; slug: string }[] };
  made.push(listed.results.find((c) => c.slug === slug)!.id);
  await waitForIsland(page, '.ct-bar');
  await expect(page.locator('#catalogue-title')).toHaveText(name);

  // 2. Add a coffee found by search, then every product of a category at once.
  const candidates = (part: string) => page.waitForResponse((r) => r.url().includes('/candidates?') && r.url().includes(part) && r.ok());
  const firstLoad = candidates('type=product');
  await tools(page).getByRole('button', { name: CT.addProducts }).click();
  await firstLoad;
  const searched = candidates('text=caf');
  await dialog(page).getByLabel(CT.search).fill('café');
  await searched;
  const rows = dialog(page).getByTestId('candidate-row');
  await expect(rows.first()).toContainText(/caf/i);
  const coffee = (await rows.first().locator('.adm-grow').innerText()).split('\n')[0]!.trim();
  await rows.first().getByRole('button', { name: `${CT.add} ${coffee}` }).click();
  await expect(rows.first().getByText(CT.inCatalogue!)).toBeVisible();
  const cleared = candidates('limit=10');
  await dialog(page).getByLabel(CT.search).fill('');
  await cleared;
  const filtered = candidates('category=');
  await dialog(page).getByLabel(CT.category).selectOption({ index: 1 });
  await filtered;
  await expect(dialog(page).getByTestId('add-all')).toBeEnabled();
  // 'Add all' asks first with the count, then offers to undo the batch or to see the catalogue (issue 26).
  await dialog(page).getByTestId('add-all').click();
  await dialog(page).getByTestId('add-all-confirm').getByRole('button', { name: /^Sí, agregar \d+$/ }).click();
  await expect(dialog(page).getByText(CT.adding!)).toBeVisible();
  const done = dialog(page).getByTestId('add-all-done');
  await expect(done.getByRole('button', { name: CT.undoAll! })).toBeVisible({ timeout: 15_000 });
  const reloaded = page.waitForEvent('load', { timeout: 20_000 });
  await done.getByRole('button', { name: CT.seeCatalogue! }).click();
  await reloaded;
  await waitForIsland(page, '.ct-bar');
  await expect(page.locator('.catalogue-detail')).toContainText(coffee);
  expect(await page.locator('.catalogue-detail .item-card').count()).toBeGreaterThan(2);

  // 3. Reorder: the last product to the top by its position.
  await tools(page).getByRole('button', { name: CT.organise }).click();
  await expect(organised(page).first()).toBeVisible();
  const before = await organisedNames(page);
  const last = before[before.length - 1]!;
  const position = dialog(page).getByLabel(fill(CT.positionOf!, { name: last }), { exact: true });
  await position.scrollIntoViewIfNeeded();
  await position.fill('0');
  await position.press('Enter');
  await waitOverlayCycle(page);
  await expect(organised(page).first()).toContainText(last);

  // 4. Remove one and undo it (kept), remove another and let it go (the count drops by one).
  const n = await organised(page).count();
  const others = (await organisedNames(page)).filter((x) => x !== coffee);
  const [keep, drop] = [others[1]!, others[2]!];
  await dialog(page).getByRole('button', { name: `${CT.remove} ${keep}`, exact: true }).click();
  await expect(page.getByTestId('toast').filter({ hasText: fill(CT.willRemove!, { name: keep }) })).toBeVisible();
  await dialog(page).getByRole('button', { name: `${CT.undo} ${keep}`, exact: true }).click();
  await dialog(page).getByRole('button', { name: `${CT.remove} ${drop}`, exact: true }).click();
  await expect(organised(page)).toHaveCount(n - 1, { timeout: 10_000 });
  expect(await organisedNames(page)).toContain(keep);
  expect(await organisedNames(page)).not.toContain(drop);
  await page.screenshot({ path: `${SCREENS_DIR}/reseller-journey-organised-phone.png` });
  const closed = page.waitForEvent('load');
  await dialog(page).getByRole('button', { name: CT.close }).first().click();
  await closed;
  await waitForIsland(page, '.ct-bar');
  await expect(page.locator('.catalogue-detail')).not.toContainText(drop);
  await expect(page.locator('.catalogue-detail .item-card').first()).toContainText(last);

  // 5. Duplicate the root store's 'novedades' into demo-03; the copy links back to its origin.
  await page.goto('/red-demo/catalogos/novedades');
  await waitForIsland(page, '.ct-bar');
  await tools(page).getByRole('button', { name: CT.duplicate }).click();
  await expect(dialog(page).getByLabel(CT.forkInto)).toHaveValue(SHOP);
  await dialog(page).getByRole('button', { name: CT.forkConfirm }).click();
  await expect(dialog(page).getByText(CT.forking!)).toBeVisible();
  await page.waitForURL(new RegExp(`/${SHOP}/catalogos/novedades-\\d+$`), { timeout: 20_000 });
  const forkSlug = page.url().split('/').pop()!;
  const all = await (await page.request.get(`/api/shops/${SHOP}/admin/catalogues?limit=100`)).json() as { results: { id: string; slug: string }[] };
  made.push(all.results.find((c) => c.slug === forkSlug)!.id);
  await expect(page.getByTestId('forked-from').getByRole('link')).toHaveAttribute('href', '/red-demo/catalogos/novedades');

  // 6. Share the new catalogue with a tracked link.
  await page.goto(`/${SHOP}/catalogos/${slug}`);
  await page.getByTestId('share-tracked').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tu enlace de seguimiento');
  const link = new URL(await page.getByTestId('tracked-url').inputValue());
  expect(link.pathname).toBe(`/catalogos/${slug}`);
  const campaign = link.searchParams.get('campaign');
  expect(campaign).toMatch(/^[0-9a-f-]{36}$/);
  await page.screenshot({ path: `${SCREENS_DIR}/reseller-journey-link-phone.png` });

  // 7. A new buyer opens the link on a phone, signs up, and buys the coffee by card through the pages.
  const buyerCtx = await browser.newContext({ baseURL, locale: 'es-MX', viewport: VIEWPORTS.phone });
  const buyer = await buyerCtx.newPage();
  await buyer.goto(trackedOnBareDomain(link, SHOP));
  await expect(buyer.getByRole('heading', { level: 1 })).toHaveText(name);
  const email = `journey-${Date.now().toString(36)}@test.example`;
  await signUp(buyer.request, email, 'Lucía Compradora');
  await buyer.reload();
  await buyer.locator('.catalogue-detail .item-card', { hasText: coffee }).first().getByRole('link').first().click();
  await expect(buyer.getByRole('heading', { level: 1 })).toHaveText(coffee);
  const form = buyer.locator('form.pd-buy');
  for (const fs of await form.locator('fieldset.pd-variant').all()) await fs.locator('input[type=radio]').first().check();
  for (const sel of await form.locator('select[name^="variant["]').all()) await sel.selectOption({ index: 1 });
  await form.getByRole('button', { name: 'Comprar ahora' }).click();
  await buyer.waitForURL(`**/${SHOP}/comprar/**`);
  await waitForIsland(buyer, '.checkout');
  await expect(buyer.getByLabel('Correo electrónico')).toHaveValue(email);
  await buyer.locator('.co-step').first().getByLabel('Teléfono').fill('5512345678');
  const address = buyer.locator('.co-step').filter({ hasText: 'Dirección de entrega' });
  if (await address.count()) {
    await address.getByLabel('Nombre de quien recibe').fill('Lucía Compradora');
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
  await expect(buyer.getByTestId('checkout-missing')).toHaveCount(0);
  await buyer.locator('input[name=payment]').first().check();
  await buyer.getByLabel('Nombre en la tarjeta').fill('Lucía Compradora');
  await buyer.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
  await buyer.getByLabel('Vencimiento (MM/AA)').fill('1230');
  await buyer.getByLabel('CVC').fill('123');
  await buyer.screenshot({ path: `${SCREENS_DIR}/reseller-journey-checkout-phone.png` });
  await buyer.getByRole('button', { name: /^Pagar / }).click();
  await buyer.waitForURL(`**/${SHOP}/mis-compras/**`);
  await expect(buyer.locator('[data-payment-status]')).toHaveAttribute('data-payment-status', /paid|authorized/);
  const orderId = new URL(buyer.url()).pathname.split('/').pop()!;
  await buyerCtx.close();

  // 8. The shop's admin sees, on that order, the campaign that brought it and who shared it.
  await page.goto(`/${SHOP}/admin/pedidos/${orderId}`);
  await expect(page.getByTestId('order-attribution')).toHaveText(`Llegó por la campaña «${name}» (compartida por Ana Sofía Treviño)`);
  await page.screenshot({ path: `${SCREENS_DIR}/reseller-journey-order-phone.png`, fullPage: true });
});
