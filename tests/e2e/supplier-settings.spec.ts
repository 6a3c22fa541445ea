// Becoming a supplier and getting ready to sell (issue 11), in a real browser and in both languages: a fresh user
// signs up from /proveedores, creates the supplier (no script needed: plain forms), opens the settings, enables card
// payments (str_card) and fixed delivery, and reads 'ready to sell'. The franchise supplier packs an order of
// demo-franquicia box by box. Screenshots at 390 and 1280 px (test-results/screens). Stateful: it buys on demo-franquicia.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { SCREENS_DIR, signIn, VIEWPORTS, signUp, enterMailedCode } from './helpers.ts';

const LANGS = {
  es: {
    locale: 'es-MX', signUp: 'Crear una cuenta', name: 'Nombre', email: 'Correo electrónico', password: 'Contraseña', createAccount: 'Crear cuenta',
    supplierName: 'Nombre del proveedor', contactEmail: 'Correo de contacto', submit: 'Hacerme proveedor', missing: 'Lo que falta para que puedas vender',
    card: 'Tarjeta de crédito o débito', cost: 'Costo (MXN)', days: 'Días de entrega', save: 'Guardar', ready: 'Listo para vender',
    packing: 'Listas de empaque', mark: 'Marcar empacado', packed: 'Empacado',
  },
  en: {
    locale: 'en-US', signUp: 'Create an account', name: 'Name', email: 'E-mail', password: 'Password', createAccount: 'Create account',
    supplierName: 'Supplier name', contactEmail: 'Contact e-mail', submit: 'Become a supplier', missing: 'What is missing before you can sell',
    card: 'Credit or debit card', cost: 'Cost (MXN)', days: 'Days to deliver', save: 'Save', ready: 'Ready to sell',
    packing: 'Packing lists', mark: 'Mark packed', packed: 'Packed',
  },
} as const;

async function newPage(browser: Browser, locale: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale });
  return context.newPage();
}

async function shoot(page: Page, name: string) {
  for (const [size, vp] of [['1280', VIEWPORTS.desktop], ['390', VIEWPORTS.phone]] as const) {
    await page.setViewportSize(vp);
    // Nothing sticks out sideways at either width.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${name} at ${size} px scrolls sideways`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SCREENS_DIR}/${name}-${size}.png`, fullPage: true });
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}

for (const [lang, L] of Object.entries(LANGS)) {
  test(`${lang}: a new user becomes a supplier, enables card and fixed delivery, and is ready to sell`, async ({ browser }) => {
    test.setTimeout(120_000);
    const page = await newPage(browser, L.locale);
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto('/proveedores');
    await shoot(page, `supplier-landing-${lang}`);
    await page.getByRole('link', { name: L.signUp }).click();
    const email = `proveedora-${lang}-${Date.now().toString(36)}@test.example`;
    await page.getByLabel(L.name, { exact: true }).fill('Paola Ríos');
    await page.getByLabel(L.email).fill(email);
    await page.getByLabel(L.password).fill('a-long-password-1');
    await page.getByRole('button', { name: L.createAccount }).click();
    await enterMailedCode(page, email);
    await expect(page).toHaveURL(/\/proveedores$/);

    await page.getByLabel(L.supplierName).fill(`Cerámica Ríos ${lang}`);
    await expect(page.getByLabel(L.contactEmail)).toHaveValue(email);
    await shoot(page, `supplier-become-${lang}`);
    await page.getByRole('button', { name: L.submit }).click();
    await expect(page).toHaveURL(/\/apps\/me\/products$/);

    await page.goto('/apps/me/supplier');
    await expect(page.getByRole('heading', { name: L.missing })).toBeVisible();
    await expect(page.locator('[data-gap]')).toHaveCount(2);
    await shoot(page, `supplier-settings-missing-${lang}`);
    await page.getByLabel(L.card, { exact: true }).check();
    await page.getByLabel(L.cost).fill('99.00');
    await page.getByLabel(L.days).fill('5');
    await page.getByRole('button', { name: L.save, exact: true }).click();
    await expect(page).toHaveURL(/\/apps\/me\/supplier\?guardado=1$/);
    await expect(page.getByRole('heading', { name: L.ready })).toBeVisible();
    await expect(page.getByLabel(L.card, { exact: true })).toBeChecked();
    await expect(page.getByLabel(L.cost)).toHaveValue('99.00');
    await shoot(page, `supplier-settings-${lang}`);

    // The sandbox's test cards are there to read.
    await page.locator('[data-method="str_card"] summary').click();
    await expect(page.locator('[data-method="str_card"]')).toContainText('4242 4242 4242 4242');
    // Checking 'deposit' shows its bank account fields without any script of ours.
    await page.locator('#m-deposit').check();
    await expect(page.locator('[data-method="deposit"] input[name="deposit_account.clabe"]')).toBeVisible();

    await page.goto('/apps/me/supplier/branches');
    await shoot(page, `supplier-branches-${lang}`);
    await page.goto('/apps/me/supplier/return-policy');
    await shoot(page, `supplier-returns-${lang}`);
    await page.close();
  });
}

test('the franchise supplier packs an order of demo-franquicia box by box', async ({ browser }) => {
  test.setTimeout(120_000);
  // A buyer orders two units on the franchise shop through the API (card in the sandbox).
  const buyer = await newPage(browser, 'es-MX');
  const r = buyer.request;
  await signUp(r, `franq-${Date.now().toString(36)}@test.example`, 'Comprador', 'a-long-password-1');
  const list = await r.get('/api/shops/demo-franquicia/products?type=product&limit=1');
  const product = ((await list.json()).results as { id: string }[])[0]!;
  // Its first value of every variant axis (the coffee comes ground or in beans).
  const detail = (await (await r.get(`/api/products/${product.id}`)).json()) as { variants: Record<string, string[]> };
  const variant = Object.fromEntries(Object.entries(detail.variants).map(([axis, values]) => [axis, values[0]!]));
  const start = await r.post('/api/checkout', { data: { shop: 'demo-franquicia', items: [{ product_id: product.id, variant, amount: 2 }], buy_now: true } });
  expect(start.status(), await start.text()).toBe(201);
  const id = (await start.json()).id as string;
  const address = { address_name: 'Casa', address_phone: '5512345678', street_address: 'Av. Insurgentes Sur', street_number: '1000', locality: 'Ciudad de México', administrative_area_level_1: 'CDMX', postal_code: '03100' };
  expect((await r.patch(`/api/checkout/${id}`, { data: { contact: { name: 'Comprador', email: 'comprador@test.example', phone: '5512345678' }, address } })).status()).toBe(200);
  const delivered = await r.put(`/api/checkout/${id}/delivery`, { data: { delivery_type: 'fixed_delivery' } });
  expect(delivered.status(), await delivered.text()).toBe(200);
  const token = (await delivered.json()).token as string;
  const card = await r.post('/api/payments/cards/tokens', { data: { name: 'Comprador', number: '4242424242424242', cvc: '123', exp: '12/34' } });
  const paid = await r.post(`/api/checkout/${id}/pay`, { data: { payment_type: 'str_card', token, card_token: (await card.json()).id } });
  expect(paid.status(), await paid.text()).toBe(200);
  const orderId = (await paid.json()).order_id as string;
  await buyer.close();

  for (const [lang, L] of Object.entries(LANGS)) {
    const page = await newPage(browser, L.locale);
    await signIn(page.request, 'cafe@demo.test');
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto('/apps/me/supplier/packing');
    await expect(page.getByRole('heading', { name: L.packing, level: 1 })).toBeVisible();
    const order = page.locator(`#o-${orderId}`);
    await expect(order).toBeVisible();
    if (lang === 'es') {
      await order.getByRole('button', { name: L.mark }).first().click();
      await expect(page).toHaveURL(new RegExp(`#o-${orderId}$`));
      await expect(order.locator('.line.packed').first()).toContainText(L.packed);
    }
    await shoot(page, `supplier-packing-${lang}`);
    await page.close();
  }
});
