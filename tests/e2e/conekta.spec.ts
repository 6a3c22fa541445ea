// Paying through Conekta in a browser (issue 28): a server of its own with the Conekta keys set, talking to the local
// server that answers as Conekta's test API (tests/support/conekta-fake.ts). A buyer pays by cash at a store and by
// SPEI: the order page shows the reference / CLABE and its expiry, the store's and the bank's webhooks mark them paid.
// A card through Conekta's component (pay.conekta.com, played by a stand-in served with page.route: the real script
// cannot be fetched here) with its 3-D Secure page at the "bank", then the supplier's refund shows on the order.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ADDRESS, CONTACT, demoPicks } from '../integration/checkout.fixtures.ts';
import { CONEKTA_COMPONENT_STANDIN, startFakeConekta, type FakeConekta } from '../support/conekta-fake.ts';
import { freePort } from '../support/server.ts';
import { SCREENS_DIR, screenPair, signIn, signUp, waitForIsland } from './helpers.ts';

const SHOP = 'demo-03';
const picks = demoPicks(SHOP);
test.describe.configure({ mode: 'serial' });

let conekta: FakeConekta;
let child: ChildProcess;
let base = '';
let dataDir = '';

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  conekta = await startFakeConekta();
  const port = await freePort();
  const name = `conekta-${port}`;
  dataDir = path.join(process.env.E2E_DATA_DIR!, name);
  child = spawn(process.execPath, ['tests/e2e/serve.ts', name], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: '', DEMO_MODE: '1', ASTRO_TELEMETRY_DISABLED: '1',
      LOGIN_LIMIT_PER_ADDRESS: '1000', CHECKOUT_LIMIT_PER_ADDRESS: '1000', CHECKOUT_LIMIT_PER_SHOPPER: '1000',
      CONEKTA_PRIVATE_KEY: 'key_test_private', CONEKTA_WEBHOOK_KEY: conekta.publicKey, CONEKTA_PUBLIC_KEY: 'key_test_public', CONEKTA_API_BASE: conekta.base,
    },
  });
  let errors = '';
  child.stderr!.on('data', (d) => { errors += d; });
  base = `http://127.0.0.1:${port}`;
  try {
    await expect.poll(async () => (await fetch(`${base}/api/openapi.json`).catch(() => null))?.status ?? 0, { timeout: 170_000, intervals: [250] }).toBe(200);
  } catch (err) { throw new Error(`the server with Conekta's keys did not start:\n${errors}`, { cause: err }); }
  conekta.target = `${base}/api/payments/webhooks/conekta`;
  // Textiles del Bajío takes Conekta's three methods; three of its items in stock.
  const ctx = await browser.newContext({ baseURL: base });
  await signIn(ctx.request, 'proveedor@demo.test');
  const settings = await (await ctx.request.get('/api/supplier/settings')).json();
  expect((await ctx.request.put('/api/supplier/settings', { data: { ...settings, enabled_payment_types: ['openpay_store', 'openpay_bank', 'conekta_card', 'cash'] } })).status()).toBe(200);
  for (const p of picks.textiles.slice(-3)) expect((await ctx.request.put(`/api/supplier/products/${p}/stock`, { data: { stock_on_hand: 20 } })).status()).toBe(200);
  await ctx.close();
});

test.afterAll(async () => {
  child?.kill('SIGTERM');
  await conekta?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A new buyer on the pay step of one Textiles item (contact, address and delivery answered through the API). */
async function payStep(browser: Browser, product: string): Promise<{ page: Page; id: string }> {
  const ctx = await browser.newContext({ baseURL: base, locale: 'es-MX' });
  const page = await ctx.newPage();
  await signUp(page.request, `conekta-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@test.example`, CONTACT.name);
  const start = await page.request.post('/api/checkout', { data: { shop: SHOP, items: [{ product_id: product, amount: 1 }], buy_now: true } });
  expect(start.status()).toBe(201);
  const { id } = (await start.json()) as { id: string };
  expect((await page.request.patch(`/api/checkout/${id}`, { data: { contact: CONTACT, address: ADDRESS } })).status()).toBe(200);
  expect((await page.request.put(`/api/checkout/${id}/delivery`, { data: { delivery_type: 'fixed_delivery' } })).status()).toBe(200);
  await page.goto(`/${SHOP}/comprar/${id}`);
  await waitForIsland(page, '.checkout');
  return { page, id };
}

/** The order page's reference box, looked at: Spanish on a phone (and on a desktop with SCREENSHOTS=1). */
async function shot(page: Page, name: string) {
  mkdirSync(SCREENS_DIR, { recursive: true });
  for (const [vp, width] of [['phone', 390], ['desktop', 1280]] as const) {
    if (!screenPair('es', vp)) continue;
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SCREENS_DIR}/conekta-${name}-es-${vp}.png`, fullPage: true });
  }
}

const conektaOrderOf = (orderId: string) => [...conekta.orders.values()].find((o) => o.metadata.order_id === orderId)!;

test('cash at a store: the reference and its expiry on the order page; the store\'s webhook pays it', async ({ browser }) => {
  const { page } = await payStep(browser, picks.textiles.at(-1)!);
  await page.getByRole('radio', { name: 'Efectivo en tiendas' }).check();
  await page.getByRole('button', { name: /^Pagar / }).click();
  await expect(page).toHaveURL(/\/mis-compras\//);
  const orderId = page.url().split('/mis-compras/')[1]!.split(/[?#]/)[0]!;
  const cash = conektaOrderOf(orderId).charges.data[0].payment_method;
  await expect(page.getByTestId('reference-number')).toHaveText(cash.reference);
  await expect(page.getByTestId('reference-expiry')).toBeVisible();
  await expect(page.getByTestId('payment-reference')).toContainText('OXXO');
  await shot(page, 'cash');
  await conekta.payReference(conektaOrderOf(orderId).id);
  await page.reload();
  await expect(page.locator('[data-payment-status]').first()).toHaveAttribute('data-payment-status', 'paid');
  await expect(page.getByTestId('payment-reference')).toHaveCount(0);
});

test('SPEI: the CLABE, bank and expiry on the order page; the transfer\'s webhook pays it', async ({ browser }) => {
  const { page } = await payStep(browser, picks.textiles.at(-2)!);
  await page.getByRole('radio', { name: 'Transferencia bancaria (SPEI)' }).check();
  await page.getByRole('button', { name: /^Pagar / }).click();
  await expect(page).toHaveURL(/\/mis-compras\//);
  const orderId = page.url().split('/mis-compras/')[1]!.split(/[?#]/)[0]!;
  const spei = conektaOrderOf(orderId).charges.data[0].payment_method;
  const ref = page.getByTestId('payment-reference');
  await expect(ref).toContainText(spei.clabe);
  await expect(ref).toContainText('STP');
  await expect(page.getByTestId('reference-expiry')).toBeVisible();
  await shot(page, 'spei');
  await conekta.payReference(conektaOrderOf(orderId).id);
  await page.reload();
  await expect(page.locator('[data-payment-status]').first()).toHaveAttribute('data-payment-status', 'paid');
});

test('a card through Conekta\'s component with 3-D Secure at the bank, then the supplier\'s refund on the order', async ({ browser }) => {
  const { page } = await payStep(browser, picks.textiles.at(-3)!);
  await page.route('https://pay.conekta.com/**', (route) => route.fulfill({ contentType: 'text/javascript', body: CONEKTA_COMPONENT_STANDIN }));
  await page.getByRole('radio', { name: 'Tarjeta de crédito o débito (Conekta)' }).check();
  // Conekta's own field, never ours: no card number input on the page.
  await expect(page.locator('input[autocomplete="cc-number"]')).toHaveCount(0);
  await page.evaluate(() => { (window as unknown as { __conektaTestToken: string }).__conektaTestToken = 'tok_test_3ds'; });
  await page.getByTestId('conekta-standin-card').click();
  // The bank's challenge page, then back to the order, paid by the webhook.
  await expect(page).toHaveURL(new RegExp(`^${conekta.base}/3ds/`));
  await page.getByRole('button', { name: 'Autorizar' }).click();
  await expect(page).toHaveURL(/\/mis-compras\//);
  const orderId = page.url().split('/mis-compras/')[1]!.split(/[?#]/)[0]!;
  await expect(page.locator('[data-payment-status]').first()).toHaveAttribute('data-payment-status', 'paid');

  const sup = await browser.newContext({ baseURL: base });
  await signIn(sup.request, 'proveedor@demo.test');
  expect((await sup.request.post(`/api/supplier/orders/${orderId}/refund`, { data: { amount: 1000 } })).status()).toBe(200);
  await sup.close();
  await page.reload();
  await expect(page.getByTestId('order-refunds')).toContainText('$10.00');
  expect(conekta.requests.some((q) => q.path === `/orders/${conektaOrderOf(orderId).id}/refunds`)).toBe(true);
});
