// The money flow of issue 12 end to end: cliente@demo.test buys a Textiles del Bajío item that demo-03 resells and
// pays cash on collection; the supplier (proveedor@demo.test) delivers; admin03 (the reseller, owner of demo-03)
// sees exactly margin x 0.5 more pending on the wallet page; the supplier ends the return window (demo-only hook)
// and the commission becomes available; admin03 cashes it out through the page's form and sees it paid.
// Screenshots of the wallet page at 390 and 1280 px in Spanish and English.
import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { buildDemoData } from '../../src/db/seed/demo.ts';
import { resaleEarning } from '../../src/domain/catalog/schema.ts';
import { formatMoney } from '../../src/lib/shared/money.ts';
import { demoPicks } from '../integration/checkout.fixtures.ts';
import { SCREENS_DIR, signIn, VIEWPORTS } from './helpers.ts';

const SHOP = 'demo-03';
test.use({ locale: 'es-MX' });

interface Wallet { pending: number; available_for_cashout: number; balance: number }

async function wallet(request: APIRequestContext): Promise<Wallet> {
  const res = await request.get('/api/me/wallets');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { results: Wallet[] }).results[0]!;
}

async function ok(res: Awaited<ReturnType<APIRequestContext['post']>>, status = 200): Promise<any> {
  expect(res.status(), await res.text()).toBe(status);
  return res.json();
}

/** cliente buys one unit of `productId` for collection, paying cash: the order id. */
async function buy(request: APIRequestContext, productId: string): Promise<string> {
  const cart = (await (await request.get(`/api/cart?shop=${SHOP}`)).json()) as { orders: { products: { item_id: string }[] }[] };
  for (const l of cart.orders.flatMap((o) => o.products)) await request.delete(`/api/cart/items/${l.item_id}?shop=${SHOP}`);
  const added = await request.post('/api/cart/items', { data: { shop: SHOP, product_id: productId, amount: 1 } });
  expect(added.status(), await added.text()).toBeLessThan(300);
  const now = (await (await request.get(`/api/cart?shop=${SHOP}`)).json()) as { orders: { supplier: { id: string }; currency: string }[] };
  const started = await ok(await request.post('/api/checkout', { data: { shop: SHOP, supplier_id: now.orders[0]!.supplier.id, currency: now.orders[0]!.currency } }), 201);
  await ok(await request.patch(`/api/checkout/${started.id}`, { data: { contact: { name: 'Rosa Martínez', email: 'cliente@demo.test', phone: '5512345678' } } }));
  const rates = await ok(await request.post(`/api/checkout/${started.id}/rates`, { data: {} }));
  const branch = (rates.options as { delivery_type: string; branch_id?: string }[]).find((o) => o.delivery_type === 'collection')!;
  const ready = await ok(await request.put(`/api/checkout/${started.id}/delivery`, { data: { delivery_type: 'collection', branch_id: branch.branch_id } }));
  const paid = await ok(await request.post(`/api/checkout/${started.id}/pay`, { data: { payment_type: 'cash', token: ready.token } }));
  return paid.order_id as string;
}

async function shots(page: Page, name: string) {
  mkdirSync(SCREENS_DIR, { recursive: true });
  for (const [vp, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.screenshot({ path: `${SCREENS_DIR}/wallet-${name}-${vp}.png`, fullPage: true });
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}

test('a resold sale credits the reseller\'s wallet: pending, released after the return window, cashed out', async ({ page, playwright, baseURL }) => {
  test.setTimeout(120_000);
  const as = async (email: string) => { const ctx = await playwright.request.newContext({ baseURL }); await signIn(ctx, email); return ctx; };
  const [buyer, supplier] = await Promise.all([as('cliente@demo.test'), as('proveedor@demo.test')]);
  await signIn(page.request, 'admin03@demo.test');

  const item = demoPicks(SHOP).textiles[0]!;
  const margin = buildDemoData('x').products.find((p) => p.id === item)!.contribution_margin!;
  const commission = resaleEarning(margin, '0.5');
  expect(commission).toBeGreaterThan(0);
  const before = await wallet(page.request);

  // The sale: paid cash when collected, so the money is in once the supplier delivers.
  const orderId = await buy(buyer, item);
  const today = new Date().toISOString().slice(0, 10);
  await ok(await supplier.post(`/api/supplier/orders/${orderId}/next`, { data: { estimated_delivery_date: today, shipping_cost: 0 } }));
  await ok(await buyer.post(`/api/orders/${orderId}/next`));
  for (let i = 0; i < 3; i++) await ok(await supplier.post(`/api/supplier/orders/${orderId}/next`, { data: {} }));

  const pending = await wallet(page.request);
  expect(pending.pending - before.pending).toBe(commission);
  expect(pending.available_for_cashout).toBe(before.available_for_cashout);
  await page.goto(`/${SHOP}/monedero`);
  await expect(page.locator('[data-figure="pending"]')).toHaveText(formatMoney(pending.pending, 'MXN', 'es'));
  const sale = page.locator('.movements li').filter({ hasText: 'Venta pagada' }).first();
  await expect(sale).toContainText(`+${formatMoney(commission, 'MXN', 'es')}`);
  await expect(sale).toContainText('Pendiente');
  await shots(page, 'pending-es');

  // The return window ends (demo hook, the supplier's): the commission is released, and the buyer can no longer
  // open a return of what was paid out.
  expect((await ok(await buyer.get(`/api/orders/${orderId}/returns`))).eligibility.can_request).toBe(true);
  const released = await ok(await supplier.post(`/api/orders/${orderId}/escrow/sandbox`));
  expect(released.released).toBe(true);
  expect((await ok(await buyer.get(`/api/orders/${orderId}/returns`))).eligibility).toMatchObject({ can_request: false, reason: 'expired' });
  const after = await wallet(page.request);
  expect(after.pending).toBe(before.pending);
  expect(after.available_for_cashout - before.available_for_cashout).toBe(commission);
  await page.reload();
  await expect(page.locator('[data-figure="available"]')).toHaveText(formatMoney(after.available_for_cashout, 'MXN', 'es'));

  // Cash out exactly the commission through the form.
  const amount = `${Math.floor(commission / 100)}.${String(commission % 100).padStart(2, '0')}`;
  await page.getByLabel('Monto (MXN)').fill(amount);
  await page.getByLabel('CLABE (18 dígitos)').fill('012180001234567891');
  await page.getByRole('button', { name: 'Solicitar retiro' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Retiro solicitado' })).toHaveText('Retiro solicitado: llegará a tu cuenta en breve.');
  const first = page.locator('.payouts li').first();
  await expect(first).toContainText('Pagado');
  await expect(first).toContainText(formatMoney(commission, 'MXN', 'es'));
  expect((await wallet(page.request)).available_for_cashout).toBe(before.available_for_cashout);
  await shots(page, 'cashed-out-es');

  // The same page in English.
  await page.context().addCookies([{ name: 'lang', value: 'en', url: baseURL! }]);
  await page.goto(`/${SHOP}/monedero`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My wallet');
  await expect(page.getByRole('heading', { name: 'Cash-outs' })).toBeVisible();
  await shots(page, 'en');
  await Promise.all([buyer.dispose(), supplier.dispose()]);
});
