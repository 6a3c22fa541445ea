// The floating stack (issue 15): 'Mi asesor', 'Compartir', 'Gana comisiones' and the WhatsApp / chat buttons stand in
// one bottom-right column; on a 390 px phone more than one fold into one launcher. As the shop's owner (advisor and
// share) and as a level-one accountant (advisor and earn), no floating widget covers the product page's buy buttons,
// the cart's pay button or the footer's links once scrolled to; pages with their own bottom bar hide the stack. On
// desktop one or two widgets stand in a row and three or more fold, so the page ends at most one button's height
// below the footer. At 390 px the admin side bar's toggle keeps to a gutter: never on a price, a total or a link.
// Stateful: it puts a product in admin03's cart (and takes it out again).
import { expect, test, type Locator, type Page } from '@playwright/test';
import { SCREENS_DIR, USERS, VIEWPORTS, firstProduct, signIn, waitForIsland, screenPair } from './helpers.ts';

test.use({ locale: 'es-MX' });
const SHOP = 'demo-03';
type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The boxes of the floating widgets as they stand (closed): the launcher on phones, the widgets themselves otherwise. */
async function floatingBoxes(page: Page): Promise<Box[]> {
  const boxes: Box[] = [];
  const widgets = '.fs-launcher, .fab, [data-testid="advisor-button"], [data-testid="share-widget"], [data-testid="earn-commissions"]';
  for (const el of await page.locator(widgets).all()) {
    if (!(await el.isVisible())) continue;
    const b = await el.boundingBox();
    if (b && b.width > 0 && b.height > 0) boxes.push(b);
  }
  return boxes;
}

/** Scrolls each target to the middle of the window (as far as the page goes) and checks no floating widget is on it. */
async function expectClear(page: Page, targets: Locator, what: string): Promise<number> {
  const all = await targets.all();
  let checked = 0;
  for (const target of all) {
    if (!(await target.isVisible())) continue;
    await target.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await expect.poll(() => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(true))))).toBe(true);
    const t = (await target.boundingBox())!;
    for (const f of await floatingBoxes(page)) expect(overlap(t, f), `${what}: '${(await target.textContent())?.trim()}' under a floating widget`).toBe(false);
    checked++;
  }
  return checked;
}

/** Empties admin03's cart at demo-03 (the tests put one line in it). */
async function clearCart(page: Page) {
  const cart = (await (await page.request.get(`/api/cart?shop=${SHOP}`)).json()) as { orders: { products: { item_id: string }[] }[] };
  for (const line of cart.orders.flatMap((o) => o.products)) await page.request.delete(`/api/cart/items/${line.item_id}?shop=${SHOP}`);
}

const footerLinks = (page: Page) => page.locator('.shop-footer .links a, .shop-footer .prefs select, .shop-footer .prefs button, .shop-footer li > a');
const productButtons = (page: Page) => page.locator('.pd-add, .pd-buy-now, [data-testid="buy-by"], [data-testid="ask-about-item"] ');

async function expectFooterClear(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
  const floating = await floatingBoxes(page);
  expect(floating.length, 'a floating widget shows').toBeGreaterThan(0);
  for (const link of await footerLinks(page).all()) {
    const b = await link.boundingBox();
    if (!b) continue;
    for (const f of floating) expect(overlap(b, f), `footer '${(await link.textContent())?.trim()}' under a floating widget`).toBe(false);
  }
}

for (const who of [{ email: USERS.admin03, items: ['advisor-button', 'share-widget'] }, { email: USERS.emprendedor, items: ['advisor-button', 'earn-commissions'] }]) {
  test(`390 px, ${who.email}: one launcher, and no widget on the buy buttons, the cart or the footer`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(VIEWPORTS.phone);
    await signIn(page.request, who.email);
    const p = await firstProduct(page.request, SHOP);
    await page.goto(`/${SHOP}/productos/${p.owner}/${p.id}`);

    // Folded: only the launcher shows; it opens the widgets above it, and Escape folds them again.
    const launcher = page.getByTestId('floating-launcher');
    await expect(launcher).toBeVisible();
    for (const id of who.items) await expect(page.getByTestId(id)).toBeHidden();
    await launcher.click();
    for (const id of who.items) await expect(page.getByTestId(id)).toBeVisible();
    const items = page.locator('.fs-items');
    const [l, list] = [(await launcher.boundingBox())!, (await items.boundingBox())!];
    expect(list.y + list.height, 'the widgets open above the launcher').toBeLessThanOrEqual(l.y + 1);
    expect(list.x + list.width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await page.screenshot({ path: `${SCREENS_DIR}/floating-open-${who.items[1]}-390.png` });
    await page.keyboard.press('Escape');
    await expect(page.getByTestId(who.items[0]!)).toBeHidden();

    expect(await expectClear(page, productButtons(page), 'product page'), 'the product page has buy buttons').toBeGreaterThan(1);
    await expectFooterClear(page);

    await page.goto(`/${SHOP}/carrito`);
    await expectFooterClear(page);
  });
}

test('390 px, the cart with a line: the pay button stays clear of the launcher', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.phone);
  await signIn(page.request, USERS.admin03);
  const p = await firstProduct(page.request, SHOP);
  const clear = () => clearCart(page);
  await clear();
  try {
    expect((await page.request.post('/api/cart/items', { data: { shop: SHOP, product_id: p.id, amount: 1 } })).status()).toBeLessThan(300);
    await page.goto(`/${SHOP}/carrito`);
    await waitForIsland(page, '.cart-pay');
    // Issue 28: the total too (the chat bubble once stood on it).
    expect(await expectClear(page, page.locator('.cart-total, .cart-pay, .cart-page .btn, main a.btn'), 'cart'), 'the cart has its total and pay button').toBeGreaterThan(1);
    await page.screenshot({ path: `${SCREENS_DIR}/floating-cart-390.png`, fullPage: true });
  } finally {
    await clear();
  }
});

test('pages with a bottom bar of their own hide the stack (catalogue tools)', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.phone);
  await signIn(page.request, USERS.admin03);
  await page.goto(`/${SHOP}/catalogos/novedades`);
  await expect(page.locator('.ct-bar')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('floating-stack')).toBeHidden();
});

/** How far the document runs on below the footer (the floating stack's room at the page's end). */
const stripBelowFooter = (page: Page) => page.evaluate(() => {
  const footer = document.querySelector('.shop-footer')!.getBoundingClientRect();
  return document.scrollingElement!.scrollHeight - (footer.bottom + window.scrollY);
});
/** One button (54 px on desktop) and its 16 px edge. */
const ONE_BUTTON = 72;

test('desktop: three widgets or more fold into the launcher and open in one column; the page ends one button below the footer', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await signIn(page.request, USERS.admin03);
  await page.goto(`/${SHOP}/`);
  const launcher = page.getByTestId('floating-launcher');
  await expect(launcher).toBeVisible();
  await expect(page.getByTestId('advisor-button')).toBeHidden();
  await expectFooterClear(page);
  expect(await stripBelowFooter(page), 'no tall blank strip below the footer').toBeLessThanOrEqual(ONE_BUTTON);
  expect(await stripBelowFooter(page)).toBeGreaterThan(0);

  await launcher.click();
  const boxes = await Promise.all(['advisor-button', 'share-widget-button'].map(async (id) => (await page.getByTestId(id).boundingBox())!));
  const fabs = await Promise.all((await page.locator('.floating .fab').all()).map(async (f) => (await f.boundingBox())!));
  const all = [...boxes, ...fabs];
  expect(all.length).toBeGreaterThanOrEqual(3);
  for (let i = 1; i < all.length; i++) {
    expect(all[i]!.y, 'stacked top to bottom').toBeGreaterThanOrEqual(all[i - 1]!.y + all[i - 1]!.height);
    expect(Math.round(all[i]!.x + all[i]!.width), 'one right edge').toBe(Math.round(all[0]!.x + all[0]!.width));
  }
  const l = (await launcher.boundingBox())!;
  expect(all.at(-1)!.y + all.at(-1)!.height, 'the column opens above the launcher').toBeLessThanOrEqual(l.y + 1);
  await page.screenshot({ path: `${SCREENS_DIR}/floating-open-desktop.png` });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('advisor-button')).toBeHidden();
});

test('desktop: two widgets stand in a row (a shopper: WhatsApp and chat), one button high below the footer', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto(`/${SHOP}/`);
  await expect(page.getByTestId('floating-launcher')).toBeHidden();
  const fabs = await Promise.all((await page.locator('.floating .fab').all()).map(async (f) => (await f.boundingBox())!));
  expect(fabs.length, 'demo-03 has WhatsApp and chat').toBe(2);
  expect(Math.abs(fabs[0]!.y - fabs[1]!.y), 'side by side').toBeLessThan(2);
  expect(fabs[1]!.x).toBeGreaterThanOrEqual(fabs[0]!.x + fabs[0]!.width);
  await expectFooterClear(page);
  expect(await stripBelowFooter(page)).toBeLessThanOrEqual(ONE_BUTTON);
  // The level-one accountant (advisor, earn, WhatsApp, chat) on a product page: folded, as short.
  await signIn(page.request, USERS.emprendedor);
  const p = await firstProduct(page.request, SHOP);
  await page.goto(`/${SHOP}/productos/${p.owner}/${p.id}`);
  await expectFooterClear(page);
  expect(await stripBelowFooter(page)).toBeLessThanOrEqual(ONE_BUTTON);
});

/** Scrolls each target level with the admin side bar's toggle (as far as the page goes) and checks the toggle is not on it. */
async function expectToggleClear(page: Page, targets: Locator, what: string): Promise<number> {
  const toggle = page.locator('.adm-bar-toggle');
  let checked = 0;
  for (const target of await targets.all()) {
    if (!(await target.isVisible())) continue;
    const [t0, g0] = [(await target.boundingBox())!, (await toggle.boundingBox())!];
    await page.evaluate((dy) => window.scrollBy(0, dy), t0.y + t0.height / 2 - (g0.y + g0.height / 2));
    await expect.poll(() => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(true))))).toBe(true);
    const [t, g] = [(await target.boundingBox())!, (await toggle.boundingBox())!];
    expect(overlap(t, g), `${what}: '${(await target.textContent())?.trim()}' under the admin toggle`).toBe(false);
    checked++;
  }
  return checked;
}

test('390 px: the admin side bar\'s toggle keeps to its gutter (cart total, price and buy buttons, footer links)', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize(VIEWPORTS.phone);
  await signIn(page.request, USERS.admin03);
  const p = await firstProduct(page.request, SHOP);
  await clearCart(page);
  try {
    expect((await page.request.post('/api/cart/items', { data: { shop: SHOP, product_id: p.id, amount: 1 } })).status()).toBeLessThan(300);
    await page.goto(`/${SHOP}/carrito`);
    await waitForIsland(page, '.adm-bar');
    await waitForIsland(page, '.cart-pay');
    expect(await expectToggleClear(page, page.locator('.cart-total, .cart-line, .cart-pay'), 'cart'), 'the cart shows its total').toBeGreaterThan(1);
    await page.screenshot({ path: `${SCREENS_DIR}/floating-admin-tab-cart-390.png` });
    expect(await expectToggleClear(page, footerLinks(page), 'footer'), 'the footer has links').toBeGreaterThan(3);
    await page.goto(`/${SHOP}/productos/${p.owner}/${p.id}`);
    await waitForIsland(page, '.adm-bar');
    expect(await expectToggleClear(page, page.locator('.pd-price, .pd-price .price').or(productButtons(page)), 'product page'), 'price and buy buttons').toBeGreaterThan(2);
    // Still the admin's bar: it opens its menu and an editor.
    await page.locator('.adm-bar-toggle').click();
    await page.getByRole('navigation', { name: 'Administrar tienda' }).getByRole('button', { name: 'Redes sociales' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.screenshot({ path: `${SCREENS_DIR}/floating-admin-tab-dialog-390.png` });
  } finally {
    await clearCart(page);
  }
});

// Look at it: phone and desktop, Spanish and English, the owner and the level-one accountant, at the page's end.
for (const lang of ['es', 'en'] as const) {
  for (const [vp, size] of Object.entries(VIEWPORTS)) {
    if (!screenPair(lang, vp)) continue;
    test(`screens: ${vp}, ${lang}`, async ({ page }) => {
      await page.setViewportSize(size);
      const p = await firstProduct(page.request, SHOP);
      for (const email of [USERS.admin03, USERS.emprendedor]) {
        await signIn(page.request, email);
        await page.goto(`/${SHOP}/productos/${p.owner}/${p.id}?lang=${lang}`);
        await page.screenshot({ path: `${SCREENS_DIR}/floating-${email.split('@')[0]}-product-${vp}-${lang}.png` });
        await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
        await page.screenshot({ path: `${SCREENS_DIR}/floating-${email.split('@')[0]}-end-${vp}-${lang}.png` });
      }
    });
  }
}
