// The cart-to-order journey (issue 5 "Done when", seed 001 §2, §4, §8): an anonymous shopper adds items from two
// suppliers, signs in (the local cart is merged into the server cart), pays one order by sandbox card with
// installments through the 3-D Secure page and the other by bank transfer; the supplier confirms date and cost;
// the customer confirms; the order moves on. Screenshots of the drawer, cart, checkout and orders at 390 and 1280 px.
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, SCREENS_DIR, VIEWPORTS, waitForIsland } from './helpers.ts';

// The pages speak the visitor's language (the sandbox bank's page too); these steps read the Spanish texts.
test.use({ locale: 'es-MX' });

const SHOP = 'demo-03';
// The journey in Spanish (the browser asks for es-MX); tests/e2e/checkout-retry.spec.ts runs one in English too.
test.use({ locale: 'es-MX' });
const CUSTOMER = 'cliente@demo.test';
const SUPPLIER = 'proveedor@demo.test';

interface Item { id: string; owner: string; name: string; available: number; stock_type: string; type: string }

async function pickItems(page: Page): Promise<{ card: Item; bank: Item }> {
  const res = await page.request.get(`/api/shops/${SHOP}/products?type=product&limit=100`);
  const items = ((await res.json()) as { results: Item[] }).results;
  // Café de Altura (cards) and Textiles del Bajío (bank transfer): found through the cart API's supplier names later.
  const ok = items.filter((i) => i.stock_type === 'ondemand' || i.available > 2);
  const byName = (re: RegExp) => ok.find((i) => re.test(i.name));
  const card = byName(/café/i);
  const bank = byName(/pantal|camisa|rebozo|franela|manta|blusa/i);
  expect(card, 'a coffee product').toBeTruthy();
  expect(bank, 'a textile product').toBeTruthy();
  return { card: card!, bank: bank! };
}

async function shot(page: Page, name: string) {
  const dir = process.env.CHECKOUT_SCREENS_DIR ?? SCREENS_DIR;
  mkdirSync(dir, { recursive: true });
  for (const [vp, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${dir}/checkout-${name}-${vp}.png`, fullPage: false });
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}

async function addFromDetail(page: Page, item: Item) {
  await page.goto(`/${SHOP}/productos/${item.owner}/${item.id}`);
  const form = page.locator('form.pd-buy');
  for (const fs of await form.locator('fieldset.pd-variant').all()) await fs.locator('input[type=radio]').first().check();
  for (const sel of await form.locator('select[name^="variant["]').all()) await sel.selectOption({ index: 1 });
  await form.locator('button.pd-add').click();
  // Anonymous: added to the browser's cart without a page load.
  await expect(page.locator('.pd-added')).toContainText(/Se agregó al carrito|Added to cart/);
  expect(page.url()).toContain(item.id);
}

async function fillCheckout(page: Page) {
  // Typing before the island hydrates is lost: React takes over the inputs with its own (empty) state.
  await waitForIsland(page, '.checkout');
  // A signed-in buyer's name and e-mail are filled in already.
  await expect(page.getByLabel('Correo electrónico')).toHaveValue(CUSTOMER);
  await page.getByLabel('Nombre', { exact: true }).fill('Rosa Martínez');
  await page.locator('.co-step').first().getByLabel('Teléfono').fill('5512345678');
  const step = page.locator('.co-step').filter({ hasText: 'Dirección de entrega' });
  if (await step.count()) {
    // A saved address when there is one (the first checkout saves it), else a new one.
    const saved = step.locator('input[name=address]');
    if (await saved.count() > 1) await saved.first().check();
    if (await step.getByLabel('Calle').count()) {
      await step.getByLabel('Nombre de quien recibe').fill('Rosa Martínez');
      await step.getByLabel('Teléfono').fill('5512345678');
      await step.getByLabel('Calle').fill('Av. Juárez 10');
      await step.getByLabel('Ciudad').fill('León');
      await step.getByLabel('Estado').fill('Guanajuato');
      await step.getByLabel('Código postal').fill('37000');
    }
  }
  // One 'continue' saves what changed; then the delivery options.
  await page.getByRole('button', { name: 'Continuar' }).click();
  if (await step.count()) {
    const options = page.locator('input[name=delivery]');
    await expect(options.first()).toBeVisible();
    await options.first().check();
    await expect(page.locator('.co-step').filter({ hasText: 'Elegido:' })).toBeVisible();
  }
  await expect(page.getByTestId('checkout-missing')).toHaveCount(0);
}

test('anonymous cart, merge at sign-in, card with installments + 3-D Secure, bank transfer, supplier and customer confirm, delivered', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(VIEWPORTS.desktop);
  const { card, bank } = await pickItems(page);

  // 1. Anonymous: add from two suppliers; the local cart and the badge count them.
  await addFromDetail(page, card);
  await addFromDetail(page, bank);
  await expect(page.locator('[data-cart-count]')).toHaveText('2');
  await page.goto(`/${SHOP}/carrito`);
  await expect(page.locator('.cart-order')).toHaveCount(2);
  await shot(page, 'cart-anonymous');
  await page.goto(`/${SHOP}/`);
  await expect(page.locator('[data-cart-count]')).toHaveText('2');
  await page.locator('a.tool.cart').click();
  await expect(page.getByRole('dialog', { name: 'Mi carrito' })).toBeVisible();
  await shot(page, 'drawer-anonymous');
  await page.keyboard.press('Escape');

  // 2. Sign in: the first page view merges the local cart into the server cart and clears it.
  const login = await page.request.post('/api/auth/login', { data: { email: CUSTOMER, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  // Start from an empty server cart so the test only sees its own lines.
  const before = await (await page.request.get(`/api/cart?shop=${SHOP}`)).json() as { orders: { products: { item_id: string; product_id: string }[] }[] };
  for (const l of before.orders.flatMap((o) => o.products)) if (l.product_id !== card.id && l.product_id !== bank.id) await page.request.delete(`/api/cart/items/${l.item_id}?shop=${SHOP}`);
  const merged = page.waitForResponse((r) => r.url().endsWith('/api/cart/merge'));
  await page.goto(`/${SHOP}/`);
  expect((await merged).status()).toBe(200);
  expect(await page.evaluate((k) => localStorage.getItem(k), `cart:${SHOP}`)).toBeNull();
  const cart = await (await page.request.get(`/api/cart?shop=${SHOP}`)).json() as { orders: { supplier: { id: string; name: string }; products: { product_id: string }[] }[] };
  const ids = cart.orders.flatMap((o) => o.products.map((p) => p.product_id));
  expect(ids).toEqual(expect.arrayContaining([card.id, bank.id]));

  await page.locator('a.tool.cart').click();
  const dialog = page.getByRole('dialog', { name: 'Mi carrito' });
  await expect(dialog.locator('.cart-order')).toHaveCount(cart.orders.length);
  await expect(dialog.getByRole('link', { name: 'Mis compras' })).toBeVisible();
  await shot(page, 'drawer-signed-in');
  await page.keyboard.press('Escape');
  await page.goto(`/${SHOP}/carrito`);
  await shot(page, 'cart-signed-in');

  // 3. Card order (installments, 3-D Secure).
  const cardOrder = page.locator('.cart-order').filter({ hasText: card.name });
  await cardOrder.getByRole('button', { name: 'Pagar pedido' }).click();
  await page.waitForURL(`**/${SHOP}/comprar/**`);
  await fillCheckout(page);
  // The order summary is a side column on a wide screen.
  await expect(page.getByRole('complementary', { name: 'Resumen del pedido' })).toContainText(card.name);
  const cardLabel = page.locator('input[name=payment]').first();
  await cardLabel.check();
  await page.getByLabel('Nombre en la tarjeta').fill('Rosa Martínez');
  await page.getByLabel('Número de tarjeta').fill('4000 0000 0000 3220');
  await expect(page.getByLabel('Número de tarjeta')).toHaveValue('4000000000003220');
  await page.getByLabel('Vencimiento (MM/AA)').fill('1230');
  await expect(page.getByLabel('Vencimiento (MM/AA)')).toHaveValue('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel(/Meses sin intereses/).selectOption('3');
  await shot(page, 'checkout-card');
  await page.getByRole('button', { name: /^Pagar / }).click();
  await page.waitForURL('**/sandbox/3ds/**');
  await page.getByRole('button', { name: 'Autorizar pago' }).click();
  await page.waitForURL(`**/${SHOP}/mis-compras/**`);
  await expect(page.locator('[data-payment-status]')).toHaveAttribute('data-payment-status', /paid|authorized/);

  // 4. Bank transfer order: its reference, CLABE and expiry (1 hour for SPEI).
  await page.goto(`/${SHOP}/carrito`);
  await page.locator('.cart-order').filter({ hasText: bank.name }).getByRole('button', { name: 'Pagar pedido' }).click();
  await page.waitForURL(`**/${SHOP}/comprar/**`);
  await fillCheckout(page);
  await page.getByLabel(/transfer|SPEI/i).check();
  await page.getByRole('button', { name: /^Pagar / }).click();
  await page.waitForURL(`**/${SHOP}/mis-compras/**`);
  await expect(page.getByTestId('payment-reference')).toBeVisible();
  await expect(page.getByTestId('payment-reference')).toContainText('CLABE');
  await expect(page.getByTestId('payment-reference')).not.toContainText('clabe:');
  await shot(page, 'order-bank-transfer');
  const bankOrderId = new URL(page.url()).pathname.split('/').pop()!;

  // 5. The supplier confirms the date and cost.
  const supplier = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const s = await supplier.request.post('/api/auth/login', { data: { email: SUPPLIER, password: DEMO_PASSWORD } });
  expect(s.status()).toBe(200);
  const sp = await supplier.newPage();
  await sp.setViewportSize(VIEWPORTS.desktop);
  await sp.goto(`/${SHOP}/mis-compras/ventas`);
  await sp.locator(`a[href*="${bankOrderId}"]`).click();
  await sp.getByLabel('Fecha estimada de entrega').fill('2030-01-15');
  await sp.getByLabel('Costo de envío (MXN)').fill('99');
  await sp.getByLabel('Nota para el cliente (opcional)').fill('Entrega por paquetería');
  await shot(sp, 'supplier-order');
  await sp.getByTestId('supplier-next').click();
  await expect(sp.locator('[data-status]').first()).toHaveAttribute('data-status', 'seller_confirmed');
  await supplier.close();

  // 6. The customer confirms; the order moves on.
  await page.reload();
  // The date as a Mexican reader writes it.
  await expect(page.getByTestId('estimated-date')).toHaveText(new Intl.DateTimeFormat('es-MX', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date('2030-01-15T12:00:00Z')));
  await page.getByTestId('customer-next').click();
  await page.waitForURL('**hecho=next');
  await expect(page.locator('[data-status]').first()).toHaveAttribute('data-status', 'customer_confirmed');

  // 7. The transfer arrives (the sandbox bank's signed webhook), then the supplier takes the order to delivered.
  const detail = await (await page.request.get(`/api/orders/${bankOrderId}`)).json() as { payments: { id: string; status: string }[] };
  const transfer = detail.payments.find((p) => p.status !== 'failed')!;
  expect((await page.request.post(`/api/payments/sandbox/${transfer.id}`, { data: { action: 'approve' } })).status()).toBe(200);
  const again = await browser.newContext({ baseURL: new URL(page.url()).origin });
  expect((await again.request.post('/api/auth/login', { data: { email: SUPPLIER, password: DEMO_PASSWORD } })).status()).toBe(200);
  const sp2 = await again.newPage();
  await sp2.setViewportSize(VIEWPORTS.desktop);
  for (const step of ['in_process', 'ready_to_deliver', 'delivered']) {
    await sp2.goto(`/${SHOP}/mis-compras/ventas/${bankOrderId}`);
    await sp2.getByTestId('supplier-next').click();
    await expect(sp2.locator('[data-status]').first()).toHaveAttribute('data-status', step);
  }
  await again.close();
  await page.reload();
  await expect(page.locator('[data-status]').first()).toHaveAttribute('data-status', 'delivered');

  await page.goto(`/${SHOP}/mis-compras`);
  await expect(page.locator('.orders-list li').first()).toBeVisible();
  await shot(page, 'orders');
});
