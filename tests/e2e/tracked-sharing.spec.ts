// Tracked sharing (issue 13; seed 001 §6, §7) in a browser: admin03 shares demo-03's 'Café y cocina' catalogue with a
// tracked link (the page's POST form, then copy); a fresh buyer opens the link, signs up and buys (API checkout);
// the order's page for the shop's admin says which campaign brought it and who shared it. The 'buy by' button adds
// the item at the net price. Screenshots at 390 and 1280 px in Spanish and English.
import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADDRESS, CONTACT, demoPicks } from '../integration/checkout.fixtures.ts';
import { SCREENS_DIR, signIn, trackedOnBareDomain, VIEWPORTS, signUp } from './helpers.ts';

const SHOP = 'demo-03';
const CATALOGUE = 'cafe-y-cocina';
test.use({ locale: 'es-MX' });

async function shots(page: Page, name: string) {
  mkdirSync(SCREENS_DIR, { recursive: true });
  for (const [vp, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.screenshot({ path: `${SCREENS_DIR}/tracked-sharing-${name}-${vp}.png`, fullPage: true });
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}

async function ok(res: Awaited<ReturnType<APIRequestContext['post']>>, status = 200): Promise<any> {
  expect(res.status(), await res.text()).toBe(status);
  return res.json();
}

/** Signs a new buyer up in this context and buys one on-demand coffee by card: the order id. */
async function buy(request: APIRequestContext): Promise<string> {
  const email = `tracked-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@test.example`;
  await signUp(request, email, 'Compradora Rastreada');
  const items = [{ product_id: demoPicks(SHOP).cafeOnDemand[0]!, amount: 1 }];
  const started = await ok(await request.post('/api/checkout', { data: { shop: SHOP, items, buy_now: true } }), 201);
  await ok(await request.patch(`/api/checkout/${started.id}`, { data: { contact: CONTACT, address: ADDRESS } }));
  const ready = await ok(await request.put(`/api/checkout/${started.id}/delivery`, { data: { delivery_type: 'fixed_delivery' } }));
  const card = await ok(await request.post('/api/payments/cards/tokens', { data: { name: 'Compradora', number: '4242424242424242', cvc: '123', exp: '12/35' } }), 201);
  const paid = await ok(await request.post(`/api/checkout/${started.id}/pay`, { data: { payment_type: 'str_card', token: ready.token, card_token: card.id } }));
  expect(paid.payment_status).toBe('paid');
  return paid.order_id ?? paid.id;
}

test('admin03 shares a catalogue; an order bought through the link shows the campaign', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await signIn(page.request, 'admin03@demo.test');

  // The share button is the catalogue page's plain form; the next page shows the tracked link with a copy button.
  await page.goto(`/${SHOP}/catalogos/${CATALOGUE}`);
  await page.getByRole('button', { name: 'Compartir con enlace de seguimiento' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tu enlace de seguimiento');
  const link = await page.getByTestId('tracked-url').inputValue();
  const url = new URL(link);
  // At the shop's primary address (its subdomain on the test server), the page's path inside the shop.
  expect(url.pathname).toBe(`/catalogos/${CATALOGUE}`);
  expect(url.searchParams.get('referral')).toBe('ana-trevino');
  expect(url.searchParams.get('campaign')).toMatch(/^[0-9a-f-]{36}$/);
  const copy = page.getByRole('button', { name: 'Copiar enlace' });
  await expect(copy).toBeVisible();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await copy.click();
  await expect(page.getByRole('button', { name: 'Enlace copiado' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await shots(page, 'link-es');

  // A fresh buyer opens the link (the cookies are set) and buys.
  const buyer = await browser.newContext({ baseURL, locale: 'es-MX' });
  const shopper = await buyer.newPage();
  await shopper.goto(trackedOnBareDomain(url, SHOP));
  await expect(shopper.getByRole('heading', { level: 1 })).toHaveText('Café y cocina');
  const cookies = Object.fromEntries((await buyer.cookies()).map((c) => [c.name, c.value]));
  expect(cookies).toMatchObject({ referral: 'ana-trevino', campaign: url.searchParams.get('campaign'), click_id: url.searchParams.get('click_id') });
  // Anonymous pages gain no share form.
  await expect(shopper.getByTestId('share-tracked')).toHaveCount(0);
  const orderId = await buy(shopper.request);
  await buyer.close();

  // The shop's admin finds the order in the shop's orders and sees what brought it.
  await page.goto(`/${SHOP}/admin/pedidos`);
  await page.locator(`a[href="/${SHOP}/admin/pedidos/${orderId}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/${SHOP}/admin/pedidos/${orderId}$`));
  await expect(page.getByTestId('order-attribution')).toHaveText('Llegó por la campaña «Café y cocina» (compartida por Ana Sofía Treviño)');
  await shots(page, 'order-es');

  // English.
  await page.context().addCookies([{ name: 'lang', value: 'en', url: baseURL! }]);
  await page.reload();
  await expect(page.getByTestId('order-attribution')).toHaveText('Came through campaign “Café y cocina” (shared by Ana Sofía Treviño)');
  await shots(page, 'order-en');
  await page.goto(`/${SHOP}/catalogos/${CATALOGUE}`);
  await page.getByRole('button', { name: 'Share with a tracked link' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your tracked link');
  await shots(page, 'link-en');
});

test('a level two user buys by the net price from the product page', async ({ page, baseURL }) => {
  await signIn(page.request, 'admin03@demo.test');
  const id = demoPicks(SHOP).cafeOnDemand[1]!;
  const item = await ok(await page.request.get(`/api/shops/${SHOP}/items/${id}`));
  const net = item.list_price - item.resale_earning;
  await page.goto(`/${SHOP}/productos/${item.owner}/${id}`);
  const button = page.getByTestId('buy-by');
  await expect(button).toBeVisible();
  await shots(page, 'product-es');
  await button.click();
  await expect(page).toHaveURL(new RegExp(`/${SHOP}/carrito$`));
  const cart = await ok(await page.request.get(`/api/cart?shop=${SHOP}`));
  const line = cart.orders.flatMap((o: { products: { product_id: string }[] }) => o.products).find((l: { product_id: string }) => l.product_id === id);
  expect(line).toMatchObject({ unit_price: net, buy_by: true });
  await expect(page.locator('.cart-buy-by')).toHaveText('Precio neto (comprar por)');
  await page.request.delete(`/api/cart/items/${line.item_id}?shop=${SHOP}`);
  await page.context().addCookies([{ name: 'lang', value: 'en', url: baseURL! }]);
  await page.goto(`/${SHOP}/productos/${item.owner}/${id}`);
  await expect(page.getByTestId('buy-by')).toContainText('Buy for');
  await shots(page, 'product-en');
});
