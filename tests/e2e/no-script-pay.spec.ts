// Paying before the islands run (issue 9, finding 3, and the checkout-extras flake): with JavaScript off, as on a slow
// phone before hydration, the cart's 'Pagar pedido' starts the checkout, the checkout's card form pays when Enter is
// pressed, and the order page's pay form pays through 3-D Secure. Every one is a POST answered by a redirect: the
// card number and CVC never reach an address (bar, history, server logs). With script, a card typed before the
// island runs is kept when it does.
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { demoPicks } from '../integration/checkout.fixtures.ts';
import { waitForIsland, signUp } from './helpers.ts';

const SHOP = 'demo-03';
const CONTACT = { name: 'Rosa Martínez', email: 'rosa@test.example', phone: '5512345678' };
const ADDRESS = {
  address_name: 'Casa', address_phone: '5512345678', street_address: 'Av. Insurgentes Sur', street_number: '1000', country: 'MX',
  locality: 'Ciudad de México', administrative_area_level_1: 'CDMX', postal_code: '03100', save: false,
};
/** What a GET of the card form would put in the address: field names, the numbers however encoded, the CVC field. */
const SECRETS = ['cc-number', 'cc-csc', 'cc-exp', '4242424242424242', '4242+4242', '4242%204242', '3220+', '3220%20', '0000+3220', '0000%203220'];

/** A browser without JavaScript, signed in as a new buyer, that remembers every address it requested or showed. */
async function noScript(browser: Browser, baseURL: string | undefined, locale = 'es-MX', javaScriptEnabled = false) {
  const ctx = await browser.newContext({ baseURL, javaScriptEnabled, locale });
  const page = await ctx.newPage();
  const seen: string[] = [];
  page.on('request', (r) => seen.push(r.url()));
  page.on('framenavigated', (f) => seen.push(f.url()));
  const email = `sin-js-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@test.example`;
  await signUp(page.request, email, 'Rosa Martínez');
  return { ctx, page, seen };
}

/** A plain Textiles del Bajío item of demo-03 with units left (its cards are paid by str_card, the first method). */
async function textileItem(request: APIRequestContext, skip = 0): Promise<string> {
  const plain = new Set(demoPicks(SHOP).textiles);
  const items = ((await (await request.get(`/api/shops/${SHOP}/products?type=product&limit=100`)).json()) as { results: { id: string; available: number; stock_type: string }[] }).results;
  const ok = items.filter((i) => plain.has(i.id) && (i.stock_type === 'ondemand' || i.available > 2));
  expect(ok.length).toBeGreaterThan(skip);
  return ok[ok.length - 1 - skip]!.id;
}

/** A buy-now checkout of one Textiles del Bajío item, ready to pay. */
async function startCheckout(request: APIRequestContext, skip = 0) {
  const start = await request.post('/api/checkout', { data: { shop: SHOP, items: [{ product_id: await textileItem(request, skip), amount: 1 }], buy_now: true } });
  expect(start.status(), await start.text()).toBe(201);
  const id = ((await start.json()) as { id: string }).id;
  return { id, ...(await readyCheckout(request, id)) };
}

/** Contact, address and fixed delivery through the API: the page then offers the payment step. */
async function readyCheckout(request: APIRequestContext, id: string) {
  expect((await request.patch(`/api/checkout/${id}`, { data: { contact: CONTACT, address: ADDRESS } })).status()).toBe(200);
  const d = await request.put(`/api/checkout/${id}/delivery`, { data: { delivery_type: 'fixed_delivery' } });
  expect(d.status(), await d.text()).toBe(200);
  return (await d.json()) as { token: string };
}

const CARD_LABELS = { es: ['Nombre en la tarjeta', 'Número de tarjeta', 'Vencimiento (MM/AA)'], en: ['Name on the card', 'Card number', 'Expiry (MM/YY)'] } as const;
async function fillCard(page: Page, number: string, lang: keyof typeof CARD_LABELS = 'es') {
  const [name, num, exp] = CARD_LABELS[lang];
  await page.getByLabel(name).fill('Rosa Martínez');
  await page.getByLabel(num).fill(number);
  await page.getByLabel(exp).fill('12/34');
  await page.getByLabel('CVC').fill('123');
}

/** Submits a card form (`how`), waits for the page it leads to and checks no address so far carried card data. */
async function submitCard(page: Page, seen: string[], how: () => Promise<void>) {
  const navigated = page.waitForEvent('framenavigated', (f) => f === page.mainFrame());
  await how();
  await navigated;
  expectNoCardData(seen);
}

function expectNoCardData(seen: string[]) {
  expect(seen.length).toBeGreaterThan(0);
  for (const url of seen) for (const s of SECRETS) expect(url, 'an address the browser went to').not.toContain(s);
}

test('without script: the cart\'s pay button starts the checkout', async ({ browser, baseURL }) => {
  const { ctx, page } = await noScript(browser, baseURL);
  const item = await textileItem(page.request);
  expect((await page.request.post('/api/cart/items', { data: { shop: SHOP, product_id: item, amount: 1 } })).status()).toBeLessThan(300);
  await page.goto(`/${SHOP}/carrito`);
  await page.locator('.cart-order').filter({ hasText: 'Textiles' }).getByRole('button', { name: 'Pagar pedido' }).click();
  await page.waitForURL(new RegExp(`/${SHOP}/comprar/[0-9a-f-]{36}$`));
  await expect(page.getByRole('heading', { name: /^Comprar · Textiles/ })).toBeVisible();
  // The steps before paying are the island's: the page says so plainly instead of a dead end.
  await expect(page.getByTestId('checkout-needs-script')).toContainText('Esta página necesita JavaScript');
  await ctx.close();
});

test('without script: Enter in the checkout\'s card form pays by POST, and the card never reaches an address', async ({ browser, baseURL }) => {
  const { ctx, page, seen } = await noScript(browser, baseURL);
  const { id: checkoutId } = await startCheckout(page.request);
  await page.goto(`/${SHOP}/comprar/${checkoutId}`);
  await fillCard(page, '4242 4242 4242 4242');
  await submitCard(page, seen, () => page.getByLabel('CVC').press('Enter'));
  await page.waitForURL(new RegExp(`/${SHOP}/mis-compras/[0-9a-f-]{36}$`));
  await expect(page.locator('[data-payment-status]')).toHaveAttribute('data-payment-status', 'paid');
  expectNoCardData(seen);
  await ctx.close();
});

test('without script: the order page\'s pay form refuses a bad card in the visitor\'s language, then pays through 3-D Secure', async ({ browser, baseURL }) => {
  const { ctx, page, seen } = await noScript(browser, baseURL, 'en-US');
  const { id: checkoutId, token } = await startCheckout(page.request, 1);
  // A first attempt declined by the bank (through the JSON API, as the island would): the order owes its total.
  const tok = await page.request.post('/api/payments/cards/tokens', { data: { name: 'Rosa Martínez', number: '4000000000000002', cvc: '123', exp_month: 12, exp_year: 2034 } });
  const paid = await page.request.post(`/api/checkout/${checkoutId}/pay`, { data: { payment_type: 'str_card', token, card_token: ((await tok.json()) as { id: string }).id } });
  const orderId = ((await paid.json()) as { order_id: string }).order_id;

  await page.goto(`/${SHOP}/mis-compras/${orderId}`);
  const pay = page.locator('.order-pay');
  // The page and its pay form in the visitor's language (English here).
  await fillCard(page, '4242 4242 4242 4241', 'en');
  await submitCard(page, seen, () => pay.getByRole('button', { name: /^Pay / }).click());
  await expect(page.getByTestId('pay-form-outcome')).toHaveText('Check the card details: name, number, expiry (MM/YY) and CVC.');

  await fillCard(page, '4000 0000 0000 3220', 'en');
  await submitCard(page, seen, () => pay.getByRole('button', { name: /^Pay / }).click());
  await page.waitForURL(/\/sandbox\/3ds\//);
  await page.getByRole('button', { name: /^(Autorizar pago|Authorize payment)$/ }).click();
  await page.waitForURL(new RegExp(`/${SHOP}/mis-compras/${orderId}`));
  await expect(page.locator('[data-payment-status]')).toHaveAttribute('data-payment-status', 'paid');
  expectNoCardData(seen);
  await ctx.close();
});

test('with script: a card typed before the checkout island runs is kept, and Enter then pays through the island', async ({ browser, baseURL }) => {
  const { ctx, page, seen } = await noScript(browser, baseURL, 'es-MX', true);
  const { id } = await startCheckout(page.request, 2);
  // The island's code is held back until the card is typed: a slow phone.
  let release!: () => void;
  const held = new Promise<void>((r) => { release = r; });
  await page.route(/\/_astro\/Checkout\.[\w-]+\.js$/, async (route) => { await held; await route.continue(); });
  await page.goto(`/${SHOP}/comprar/${id}`);
  await fillCard(page, '4242 4242 4242 4242');
  await expect(page.locator('astro-island[ssr]', { has: page.locator('.checkout') })).toHaveCount(1);
  release();
  await waitForIsland(page, '.checkout');
  await expect(page.getByLabel('Número de tarjeta')).toHaveValue('4242424242424242');
  await expect(page.getByLabel('CVC')).toHaveValue('123');
  // The island reloads the delivery rates when it starts; until they are back its pay button (and Enter) waits.
  await expect(page.locator('.card-form button[type=submit]')).toBeEnabled();
  const paid = page.waitForResponse((r) => r.url().endsWith(`/api/checkout/${id}/pay`));
  await page.getByLabel('CVC').press('Enter');
  expect((await paid).status()).toBe(200);
  await page.waitForURL(new RegExp(`/${SHOP}/mis-compras/[0-9a-f-]{36}$`));
  await expect(page.locator('[data-payment-status]')).toHaveAttribute('data-payment-status', 'paid');
  expectNoCardData(seen);
  await ctx.close();
});
