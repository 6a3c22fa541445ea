// Collection, saved cards and invoicing data (seed 001 §2 checkout "saved cards", order detail "branch address and
// phone", print preview "invoicing data, tax regime, CFDI use"; §3 card_id): cliente@demo.test buys a Textiles del
// Bajío item for collection at a demo branch with a new card saved for later, then a second one for collection paying
// with the saved card, fills the invoicing data on the order page and sees it on the print preview. Screenshots of
// the delivery and payment steps and the invoicing form at 1280 and 390 px.
import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { demoPicks } from '../integration/checkout.fixtures.ts';
import { SCREENS_DIR, signIn, VIEWPORTS, waitForIsland } from './helpers.ts';

const SHOP = 'demo-03';
// In Spanish (the browser asks for es-MX).
test.use({ locale: 'es-MX' });
const CUSTOMER = 'cliente@demo.test';

interface Item { id: string; name: string; available: number; stock_type: string }

/** Plain Textiles del Bajío items of demo-03 (no variants, no purchase limit) that have units left. */
async function textileItems(request: APIRequestContext): Promise<Item[]> {
  const plain = new Set(demoPicks(SHOP).textiles);
  const res = await request.get(`/api/shops/${SHOP}/products?type=product&limit=100`);
  const items = ((await res.json()) as { results: Item[] }).results;
  const ok = items.filter((i) => plain.has(i.id) && (i.stock_type === 'ondemand' || i.available > 2));
  expect(ok.length, 'two plain Textiles del Bajío items with stock').toBeGreaterThanOrEqual(2);
  return ok;
}

async function forgetCards(request: APIRequestContext) {
  const cards = (await (await request.get('/api/payments/cards')).json()) as { results: { id: string }[] };
  for (const c of cards.results) expect((await request.delete(`/api/payments/cards/${c.id}`)).status()).toBe(200);
}

/** Screenshots of `target` (an element, or the viewport) at 1280 and 390 px wide. */
async function shot(page: Page, name: string, target?: Locator) {
  const dir = process.env.CHECKOUT_SCREENS_DIR ?? SCREENS_DIR;
  mkdirSync(dir, { recursive: true });
  for (const [vp, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    // Laid out at the new size: two frames, not a fixed delay.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    if (target) {
      await target.scrollIntoViewIfNeeded();
      await target.screenshot({ path: `${dir}/checkout-extras-${name}-${vp}.png` });
    } else {
      await page.screenshot({ path: `${dir}/checkout-extras-${name}-${vp}.png` });
    }
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}

/**
 * The checkout of the Textiles del Bajío order holding `item`, started from the cart through the API the cart uses
 * (the cart's own button, with and without script, is covered by no-script-pay.spec.ts and checkout.spec.ts; here,
 * after the builder spec republishes demo-03, a click on it sometimes started nothing within the test's time: see
 * the session note).
 */
async function checkoutOf(page: Page, item: Item) {
  const before = (await (await page.request.get(`/api/cart?shop=${SHOP}`)).json()) as { orders: { products: { item_id: string }[] }[] };
  for (const l of before.orders.flatMap((o) => o.products)) await page.request.delete(`/api/cart/items/${l.item_id}?shop=${SHOP}`);
  expect((await page.request.post('/api/cart/items', { data: { shop: SHOP, product_id: item.id, amount: 1 } })).status()).toBeLessThan(300);
  const cart = (await (await page.request.get(`/api/cart?shop=${SHOP}`)).json()) as { orders: { supplier: { id: string }; currency: string }[] };
  const order = cart.orders[0]!;
  const started = await page.request.post('/api/checkout', { data: { shop: SHOP, supplier_id: order.supplier.id, currency: order.currency } });
  expect(started.status(), await started.text()).toBe(201);
  await page.goto(`/${SHOP}/comprar/${((await started.json()) as { id: string }).id}`);
  await waitForIsland(page, '.checkout');
}

async function contactAndCollection(page: Page, branch: string) {
  const contact = page.locator('.co-step').first();
  await contact.getByLabel('Nombre', { exact: true }).fill('Rosa Martínez');
  await contact.getByLabel('Correo').fill(CUSTOMER);
  await contact.getByLabel('Teléfono').fill('5512345678');
  // No delivery address needed to pick the order up at a branch: 'continue' saves the contact and shows the options.
  await page.getByRole('button', { name: 'Continuar' }).click();
  const delivery = page.locator('.co-step').filter({ has: page.getByRole('heading', { name: /Entrega$/ }) });
  const option = delivery.getByRole('radio', { name: new RegExp(`Recoger en ${branch}`) });
  await expect(option).toBeVisible();
  await expect(delivery.getByRole('radio', { name: /Recoger en / })).toHaveCount(2);
  await option.check();
  await expect(delivery.locator('.co-chosen')).toContainText(`Recoger en ${branch}`);
  return delivery;
}

test.describe.configure({ mode: 'serial' });

test.afterAll(async ({ playwright, baseURL }) => {
  // Leave cliente without saved cards: other checkout tests type a new card.
  const ctx = await playwright.request.newContext({ baseURL });
  await signIn(ctx, CUSTOMER);
  await forgetCards(ctx);
  await ctx.dispose();
});

test('collection at a demo branch, a card saved then paid with, invoicing data on the order and its print preview', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(VIEWPORTS.desktop);
  await signIn(page.request, CUSTOMER);
  await forgetCards(page.request);
  const [first, second] = await textileItems(page.request);

  // 1. Collection at Tienda León Centro, invoicing data given at checkout, a new card saved for later.
  await checkoutOf(page, first!);
  await contactAndCollection(page, 'Tienda León Centro');
  const invoice = page.locator('.co-step').filter({ has: page.getByRole('heading', { name: /Facturación/ }) });
  await invoice.getByLabel('Quiero factura').check();
  await invoice.getByLabel('RFC').fill('EKU9003173C9');
  await invoice.getByLabel('Nombre o razón social').fill('Escuela Kemper Urgate');
  await invoice.getByLabel('Régimen fiscal').selectOption('601');
  await invoice.getByLabel('Uso del CFDI').selectOption('G01');
  await invoice.getByLabel('Código postal fiscal').fill('2601');
  await invoice.getByRole('button', { name: 'Guardar datos de facturación' }).click();
  await expect(invoice.getByRole('alert')).toHaveText('Código postal del domicilio fiscal: 5 dígitos');
  await invoice.getByLabel('Código postal fiscal').fill('26015');
  await shot(page, 'checkout-invoicing', invoice);
  await invoice.getByRole('button', { name: 'Guardar datos de facturación' }).click();
  await expect(invoice.getByTestId('invoicing-summary')).toContainText('601 — General de Ley Personas Morales');
  const payment = page.locator('.co-step').filter({ has: page.getByRole('heading', { name: 'Pago' }) });
  await expect(payment.getByRole('group', { name: 'Tarjetas guardadas' })).toHaveCount(0);
  await payment.getByLabel('Nombre en la tarjeta').fill('Rosa Martínez');
  await payment.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
  await payment.getByLabel('Vencimiento (MM/AA)').fill('1234');
  await payment.getByLabel('CVC').fill('123');
  await payment.getByLabel('Guardar esta tarjeta para mis próximas compras').check();
  await shot(page, 'payment-new-card', payment);
  await payment.getByRole('button', { name: /^Pagar / }).click();
  await page.waitForURL(`**/${SHOP}/mis-compras/**`);
  await expect(page.locator('[data-payment-status]')).toHaveAttribute('data-payment-status', 'paid');
  const pickup = page.getByTestId('pickup-branch');
  await expect(pickup).toContainText('Tienda León Centro');
  await expect(pickup).toContainText('Calle Francisco I. Madero 212, Zona Centro, León, Guanajuato, 37000, MX');
  await expect(pickup.getByRole('link', { name: '4777123456' })).toHaveAttribute('href', 'tel:4777123456');
  await shot(page, 'order-collection');
  const firstId = new URL(page.url()).pathname.split('/').pop()!;
  expect(((await (await page.request.get(`/api/orders/${firstId}`)).json()) as { invoicing: Record<string, string> }).invoicing)
    .toEqual({ rfc: 'EKU9003173C9', name: 'Escuela Kemper Urgate', tax_regime: '601', cfdi_use: 'G01', postal_code: '26015' });

  // 2. Collection at Tienda Celaya, paid with the saved card (chosen by default), 3 months without interest.
  await checkoutOf(page, second!);
  const delivery = await contactAndCollection(page, 'Tienda Celaya');
  await expect(delivery).toContainText('Tel. 4616124500');
  await shot(page, 'delivery-collection', delivery);
  const saved = payment.getByRole('radio', { name: /Visa terminación 4242/ });
  await expect(saved).toBeChecked();
  await expect(payment.getByRole('radio', { name: /Visa terminación 4242/ }).locator('xpath=..')).toContainText('Vence 12/34');
  await expect(payment.getByLabel('Número de tarjeta')).toHaveCount(0);
  await payment.getByLabel(/Meses sin intereses/).selectOption('3');
  await shot(page, 'payment-saved-card', payment);
  await payment.getByRole('radio', { name: 'Usar una tarjeta nueva' }).check();
  await expect(payment.getByLabel('Número de tarjeta')).toBeVisible();
  await payment.getByRole('radio', { name: /Visa terminación 4242/ }).check();
  await payment.getByLabel(/Meses sin intereses/).selectOption('3');
  await payment.getByRole('button', { name: /^Pagar / }).click();
  await page.waitForURL(`**/${SHOP}/mis-compras/**`);
  await expect(page.locator('[data-payment-status]')).toHaveAttribute('data-payment-status', 'paid');
  await expect(page.getByTestId('pickup-branch')).toContainText('Av. Benito Juárez 145, Centro, Celaya, Guanajuato, 38000, MX');
  await expect(page.getByTestId('pickup-branch')).toContainText('4616124500');
  const orderId = new URL(page.url()).pathname.split('/').pop()!;
  const order = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as { payments: { card: { last4: string } }[]; payment_method: { last4: string; installments: number } };
  expect(order.payments).toHaveLength(1);
  expect(order.payment_method).toMatchObject({ last4: '4242', installments: 3 });

  // 3. Invoicing data on the order page: the messages first, then saved and shown.
  const box = page.locator('section.box').filter({ has: page.getByRole('heading', { name: 'Datos de facturación' }) });
  await box.scrollIntoViewIfNeeded();
  await waitForIsland(page, '.inv-form');
  await box.getByRole('button', { name: 'Guardar datos de facturación' }).click();
  await expect(box.getByRole('alert')).toHaveCount(5);
  await expect(box.getByText('Elige el régimen fiscal', { exact: true })).toBeVisible();
  await box.getByLabel('RFC').fill('mapr800101ab1');
  await box.getByLabel('Nombre o razón social').fill('Rosa Martínez Pérez');
  await shot(page, 'invoicing-errors', box);
  await box.getByLabel('Régimen fiscal').selectOption('612');
  await box.getByLabel('Uso del CFDI').selectOption('G03');
  await box.getByLabel('Código postal fiscal').fill('03100');
  await box.getByLabel(/Correo para la factura/).fill('facturas@demo.test');
  await expect(box.getByRole('alert')).toHaveCount(0);
  await shot(page, 'invoicing-form', box);
  await box.getByRole('button', { name: 'Guardar datos de facturación' }).click();
  await expect(box.getByRole('status')).toHaveText('Datos de facturación guardados.');
  await expect(box.getByTestId('invoicing-summary')).toContainText('MAPR800101AB1');
  await shot(page, 'invoicing-saved', box);

  // 4. The print preview: delivery (branch, phone) and invoicing data.
  await page.getByRole('link', { name: 'Vista de impresión' }).click();
  await page.waitForURL('**imprimir=1');
  const invoicing = page.getByTestId('receipt-invoicing');
  for (const t of ['MAPR800101AB1', 'Rosa Martínez Pérez', '612 — Personas Físicas con Actividades Empresariales y Profesionales', 'G03 — Gastos en general', '03100', 'facturas@demo.test']) {
    await expect(invoicing).toContainText(t);
  }
  await expect(page.getByTestId('receipt-delivery')).toContainText('Sucursal: Tienda Celaya');
  await expect(page.getByTestId('receipt-delivery')).toContainText('Tel. 4616124500');
  await shot(page, 'print-preview', page.locator('article.receipt'));
});
