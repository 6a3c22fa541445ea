// Stripe for `str_card` in a real browser (issue 28), and a guest behind a busy address. This file runs its own app
// server with the Stripe keys set and STRIPE_API_BASE at the local fake Stripe API (tests/support/stripe-fake.ts),
// so str_card stays the sandbox's on the shared e2e servers; the browser's Stripe.js is a stand-in answered by
// page.route (tests/support/stripe-js-standin.ts). The server runs with the real per-address checkout limit.
//  - A shopper pays by Stripe card: a declined card shows the bank's reason in the page's language, a 3-D Secure
//    card goes to the challenge page and back to the order page, paid by Stripe's signed webhook; a duplicate
//    webhook changes nothing; the supplier cancels the sale from its page and the refund shows as given back.
//  - A new guest from an address that already holds more than ten checkouts (older than the address window) buys
//    from an empty cart, on a Spanish page; past the window's limit the refusal is in Spanish.
// Spanish on a phone, English on a desktop (helpers.ts screenPair); screenshots in test-results/screens/.
import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { expect, test as base, type Page } from '@playwright/test';
import { openDb } from '../../src/db/client.ts';
import { CHECKOUT_OPEN_PER_ADDRESS } from '../../src/lib/shared/constants.ts';
import { ADDRESS, CONTACT, demoPicks } from '../integration/checkout.fixtures.ts';
import { PGLITE_TEMPLATE_ENV } from '../support/seeded.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startFakeStripe, type FakeStripe } from '../support/stripe-fake.ts';
import { routeStripeJs } from '../support/stripe-js-standin.ts';
import { DEMO_PASSWORD, SCREENS_DIR, VIEWPORTS, screenPair, signIn, signUp, waitForIsland } from './helpers.ts';

const SHOP = 'demo-03';
const WHSEC = 'whsec_test_e2e_secret';
const picks = demoPicks(SHOP);
// An office's shared address (the server trusts X-Forwarded-For, as behind the platform's proxy).
const BUSY = `10.252.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

interface StripeApp { server: RunningServer; stripe: FakeStripe }

/**
 * One app server per worker for this file. The busy address's holds are made through the API on a first start, aged
 * past the address window in the stopped server's database (as the integration test does at service level), and the
 * same database served again: no other way to move a PGlite server's clock.
 */
const test = base.extend<object, { app: StripeApp }>({
  app: [async ({}, use) => {
    // The e2e web servers seeded the run's template already (tests/e2e/serve.ts).
    process.env[PGLITE_TEMPLATE_ENV] ??= path.join(process.env.E2E_DATA_DIR!, 'template');
    const stripe = await startFakeStripe();
    const env = { STRIPE_SECRET_KEY: 'sk_test_e2e', STRIPE_WEBHOOK_SECRET: WHSEC, STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e', STRIPE_API_BASE: stripe.base, STRIPE_TIMEOUT_MS: '3000' };
    const first = await startServer({ db: 'pglite', env });
    await holdFromBusyAddress(first.baseUrl);
    first.signal('SIGTERM');
    await first.exited;
    const handle = await openDb({ dataDir: path.join(first.dataDir!, 'pglite') });
    await handle.db.execute(sql`update checkouts set created_at = now() - interval '2 hours', expires_at = now() + interval '46 hours' where client_address = ${BUSY}`);
    await handle.close();
    const server = await startServer({ db: 'pglite', env, dataDir: first.dataDir! });
    stripe.target = { url: `${server.baseUrl}/api/payments/webhooks/stripe`, secret: WHSEC };
    await use({ server, stripe });
    await server.stop();
    await first.stop(); // removes the data folder
    await stripe.close();
  }, { scope: 'worker', timeout: 120_000 }],
  baseURL: async ({ app }, use) => use(app.server.baseUrl),
});

// Against an outside server (E2E_BASE_URL) there is no local build to start with the Stripe keys.
test.skip(Boolean(process.env.E2E_BASE_URL), 'starts its own app server');

const json = { 'content-type': 'application/json' };

/** The address's limit of guests' checkouts holding stock, made through the API; the next one is refused. */
async function holdFromBusyAddress(baseUrl: string): Promise<void> {
  const login = await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ email: 'proveedor@demo.test', password: DEMO_PASSWORD }) });
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  for (const product of [picks.textiles.at(-13)!, picks.textiles.at(-14)!]) {
    const stock = await fetch(`${baseUrl}/api/supplier/products/${product}/stock`, { method: 'PUT', headers: { ...json, cookie }, body: JSON.stringify({ stock_on_hand: 100 }) });
    expect(stock.status).toBe(200);
  }
  const statuses: number[] = [];
  for (let i = 0; i <= CHECKOUT_OPEN_PER_ADDRESS; i++) {
    const r = await fetch(`${baseUrl}/api/checkout`, {
      method: 'POST', headers: { ...json, 'x-forwarded-for': BUSY },
      body: JSON.stringify({ shop: SHOP, items: [{ product_id: picks.textiles.at(-13), amount: 1 }], buy_now: true, start_as_anonymous: true, guest: { email: `office-${i}-${Date.now().toString(36)}@test.example` } }),
    });
    statuses.push(r.status);
  }
  expect(statuses).toEqual([...Array(CHECKOUT_OPEN_PER_ADDRESS).fill(201), 429]);
}

const LANGS = {
  es: {
    locale: 'es-MX', cardNumber: 'Número de tarjeta', pay: /^Pagar /, declined: 'El pago con tu banco falló, comunícate con tu banco', card: 'Visa terminación 4242',
    reason: 'Motivo', reasonOther: 'Otro motivo', description: 'Explica al cliente qué pasó', cancel: 'Cancelar la venta', refunded: /Reembolsado: \$/,
    buyNow: 'Comprar ahora', email: 'Correo electrónico', guest: 'Continuar como invitado', busy: /^Ya tienes compras en curso/,
  },
  en: {
    locale: 'en-US', cardNumber: 'Card number', pay: /^Pay /, declined: 'The bank payment failed, contact your bank', card: 'Visa ending in 4242',
    reason: 'Reason', reasonOther: 'Other reason', description: 'Tell the customer what happened', cancel: 'Cancel the sale', refunded: /Refunded: \$/,
    buyNow: 'Buy now', email: 'E-mail', guest: 'Continue as a guest', busy: /^You already have purchases in progress/,
  },
} as const;
type Lang = (typeof LANGS)[keyof typeof LANGS];

async function shot(page: Page, name: string) {
  mkdirSync(SCREENS_DIR, { recursive: true });
  await page.screenshot({ path: `${SCREENS_DIR}/stripe-${name}.png`, fullPage: true });
}

/** Types a card into the stand-in's frame (Stripe's own frame in production) and pays. */
async function payByCard(page: Page, L: Lang, number: string) {
  const frame = page.locator('#stripe-card iframe').contentFrame();
  await frame.getByLabel(L.cardNumber).fill(number);
  await frame.getByLabel('CVC').fill('123');
  await page.getByTestId('stripe-card-form').getByRole('button', { name: L.pay }).click();
}

/** Contact, address and delivery through the API: these tests are about paying. Answers the checkout's id. */
async function readyCheckout(page: Page, product: string): Promise<string> {
  const start = await page.request.post('/api/checkout', { data: { shop: SHOP, items: [{ product_id: product, amount: 1 }], buy_now: true } });
  expect(start.status(), await start.text()).toBe(201);
  const { id } = (await start.json()) as { id: string };
  await fillContactAndDelivery(page, id);
  return id;
}

async function fillContactAndDelivery(page: Page, id: string) {
  const patch = await page.request.patch(`/api/checkout/${id}`, { data: { contact: CONTACT, address: ADDRESS } });
  expect(patch.status(), await patch.text()).toBe(200);
  const delivery = await page.request.put(`/api/checkout/${id}/delivery`, { data: { delivery_type: 'fixed_delivery' } });
  expect(delivery.status(), await delivery.text()).toBe(200);
}

for (const [lang, L] of Object.entries(LANGS)) {
  for (const vp of ['phone', 'desktop'] as const) {
    if (!screenPair(lang, vp)) continue;
    test.describe(`Stripe card in ${lang} on a ${vp}`, () => {
      test.use({ locale: L.locale, viewport: VIEWPORTS[vp] });

      test('declined, then 3-D Secure and the webhook pay the order; a duplicate webhook changes nothing; the supplier refunds', async ({ page, app, browser }) => {
        const { stripe } = app;
        await routeStripeJs(page);
        await signUp(page.request, `stripe-${lang}-${Date.now().toString(36)}@test.example`, 'Rosa Martínez');
        const id = await readyCheckout(page, picks.textiles.at(lang === 'es' ? -15 : -16)!);
        await page.goto(`/${SHOP}/comprar/${id}`);
        await waitForIsland(page, '.checkout');
        // Stripe's field, in its frame, in the page's language; none of our card inputs.
        await expect(page.locator('#stripe-card iframe').contentFrame().getByLabel(L.cardNumber)).toBeVisible();
        await expect(page.locator('input[autocomplete="cc-number"]')).toHaveCount(0);

        await payByCard(page, L, '4000 0000 0000 0002');
        await expect(page.getByTestId('payment-failure')).toHaveText(L.declined);
        expect(page.url()).toContain(`/comprar/${id}`);
        await shot(page, `declined-${lang}-${vp}`);
        // The card field (our group around Stripe's frame) passes the accessibility audit the other pages do.
        const audit = await new AxeBuilder({ page }).include('[data-testid="stripe-card-form"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
        expect(audit.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

        // 3-D Secure: Stripe's challenge page, then back to the order page. Stripe's webhook may come after the
        // shopper: here it does, and the order page reads the intent from Stripe meanwhile.
        await payByCard(page, L, '4000 0027 6000 3184');
        await page.waitForURL(`${stripe.base}/3ds/**`);
        await stripe.holdEvents(true);
        await page.getByRole('button', { name: 'Complete authentication' }).click();
        await page.waitForURL(`**/${SHOP}/mis-compras/**`);
        await expect(page.locator('[data-payment-status]')).toHaveAttribute('data-payment-status', 'paid');
        await expect(page.getByTestId('payment-card')).toHaveText(L.card);
        await expect(page.getByTestId('payment-failure')).toHaveCount(0);
        await shot(page, `paid-${lang}-${vp}`);
        const orderId = new URL(page.url()).pathname.split('/').at(-1)!;
        const before = await (await page.request.get(`/api/orders/${orderId}`)).json() as { amount_paid: number; order_total: number };
        expect(before.amount_paid).toBe(before.order_total);

        // The signed webhook arrives (received, the order was paid once), then Stripe delivers it again: nothing moves.
        await stripe.holdEvents(false);
        await stripe.idle();
        const event = stripe.events.filter((e) => e.event.type === 'payment_intent.succeeded' && e.event.data.object.metadata.order_id === orderId).at(-1)!;
        expect(event.status).toBe(200);
        expect(JSON.parse(event.answer)).toMatchObject({ received: true });
        expect(JSON.parse((await stripe.resend(event.event.id)).answer)).toMatchObject({ duplicate: true });
        expect(await (await page.request.get(`/api/orders/${orderId}`)).json()).toMatchObject({ amount_paid: before.amount_paid, amount_refunded: 0, payment_status: 'paid' });

        // The supplier cancels the sale from its page: Stripe refunds the card, and both sides read it as given back.
        const supplier = await browser.newContext({ locale: L.locale, viewport: VIEWPORTS[vp] });
        const sp = await supplier.newPage();
        await signIn(sp.request, 'proveedor@demo.test');
        await sp.goto(`/${SHOP}/mis-compras/ventas/${orderId}`);
        const cancel = sp.getByTestId('supplier-cancel');
        await cancel.getByLabel(L.reason).selectOption({ label: L.reasonOther });
        await cancel.getByLabel(L.description).fill('Sin existencias del color pedido');
        await cancel.getByRole('button', { name: L.cancel }).click();
        await sp.waitForURL(/\/mis-compras\/ventas\?/);
        await sp.goto(`/${SHOP}/mis-compras/ventas/${orderId}`);
        await expect(sp.getByTestId('order-refunds').locator('li[data-refund-status="success"]')).toContainText(L.refunded);
        await shot(sp, `refunded-supplier-${lang}-${vp}`);
        await supplier.close();
        const refund = stripe.requests.filter((q) => q.path === '/v1/refunds').at(-1)!;
        expect(refund.key).toMatch(new RegExp(`^cancel:${orderId}:`));
        await page.reload();
        await expect(page.getByTestId('order-refunds').locator('li[data-refund-status="success"]')).toContainText(L.refunded);
        expect(await (await page.request.get(`/api/orders/${orderId}`)).json()).toMatchObject({ amount_refunded: before.amount_paid });
      });
    });
  }
}

test.describe('a guest behind a busy address', () => {
  test.use({ locale: 'es-MX', viewport: VIEWPORTS.phone, extraHTTPHeaders: { 'x-forwarded-for': BUSY } });

  test('buys from an empty cart on a Spanish page while the address holds ten older checkouts', async ({ page }) => {
    await routeStripeJs(page);
    const product = picks.textiles.at(-14)!;
    const p = await (await page.request.get(`/api/shops/${SHOP}/items/${product}`)).json() as { id: string; owner: string };
    await page.goto(`/${SHOP}/productos/${p.owner}/${p.id}?lang=es`);
    await page.locator('form.pd-buy').getByRole('button', { name: LANGS.es.buyNow }).click();
    await expect(page).toHaveURL(/\/comprar\/nuevo\?/);
    await waitForIsland(page, '.guest-start');
    await page.getByLabel(LANGS.es.email).fill(`nuevo-${Date.now().toString(36)}@test.example`);
    await page.getByRole('button', { name: LANGS.es.guest }).click();
    await page.waitForURL(/\/comprar\/[0-9a-f-]{36}/);
    const id = new URL(page.url()).pathname.split('/').at(-1)!;
    await fillContactAndDelivery(page, id);
    await page.reload();
    await waitForIsland(page, '.checkout');
    await payByCard(page, LANGS.es, '4242 4242 4242 4242');
    await page.waitForURL(`**/${SHOP}/mis-compras/**`);
    await expect(page.locator('[data-payment-status]')).toHaveAttribute('data-payment-status', 'paid');
    await shot(page, 'busy-address-paid-es-phone');
  });

  test('past the limit within the hour, the refusal reads in the Spanish page\'s language in an English browser', async ({ browser }) => {
    const product = picks.textiles.at(-13)!;
    const ctx = await browser.newContext({ locale: 'en-US', viewport: VIEWPORTS.phone, extraHTTPHeaders: { 'x-forwarded-for': BUSY } });
    const page = await ctx.newPage();
    // The address's limit within the hour, through the API; the older holds no longer count.
    for (let i = 0; i < CHECKOUT_OPEN_PER_ADDRESS; i++) {
      const r = await ctx.request.post('/api/checkout', { data: { shop: SHOP, items: [{ product_id: product, amount: 1 }], buy_now: true, start_as_anonymous: true, guest: { email: `now-${i}-${Date.now().toString(36)}@test.example` } } });
      if (r.status() === 429) break; // the guest who bought above may count: the limit is reached either way
      expect(r.status(), await r.text()).toBe(201);
    }
    await page.goto(`/${SHOP}/comprar/nuevo?lang=es&items=${encodeURIComponent(JSON.stringify([{ product_id: product, amount: 1 }]))}`);
    await waitForIsland(page, '.guest-start');
    await page.getByLabel(LANGS.es.email).fill(`otro-${Date.now().toString(36)}@test.example`);
    await page.getByRole('button', { name: LANGS.es.guest }).click();
    await expect(page.locator('#guest-email-error')).toHaveText(LANGS.es.busy);
    await ctx.close();
  });
});
