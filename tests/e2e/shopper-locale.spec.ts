// The shopper's pages in one language (issue 10): the cart (empty and with a line), the purchases list and the
// supplier's sales list read in Spanish for a Mexican browser and in English for a US one, with no raw codes; the
// product page's name, price and add-to-cart are in a phone's first screen (390 x 844) in every pack; 'Buy now'
// leads a guest to the guest checkout start. Screenshots at 390 and 1280 px in test-results/screens/.
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { PACKS, SCREENS_DIR, VIEWPORTS, firstProduct, imagesInViewSettled, signIn, waitForIsland, signUp } from './helpers.ts';

mkdirSync(SCREENS_DIR, { recursive: true });
const SHOP = 'demo-03';

const LANGS = [
  {
    browser: 'es-MX', tag: 'es',
    myCart: 'Mi carrito', empty: 'Tu carrito está vacío', pay: 'Pagar pedido', added: 'Se agregó al carrito',
    purchases: 'Mis compras', delivered: 'Entregado', paid: 'Pago: Pagado', sales: 'Mis ventas', buyNow: 'Comprar ahora',
    addToCart: 'Agregar al carrito', other: ['My cart', 'Your cart is empty', 'My purchases', 'Delivered', 'Payment:'],
  },
  {
    browser: 'en-US', tag: 'en',
    myCart: 'My cart', empty: 'Your cart is empty', pay: 'Pay for this order', added: 'Added to cart',
    purchases: 'My purchases', delivered: 'Delivered', paid: 'Payment: Paid', sales: 'My sales', buyNow: 'Buy now',
    addToCart: 'Add to cart', other: ['Mi carrito', 'Tu carrito', 'Mis compras', 'Entregado', 'Pagar pedido', 'Pago:', 'Actualizado'],
  },
] as const;

/** Codes that must never reach the screen. */
const RAW_CODES = /\b(sent_to_supplier|seller_confirmed|customer_confirmed|in_process|ready_to_deliver|partially_refunded|str_card|openpay_store|openpay_bank|fixed_delivery|dssupplier)\b/;

async function shots(page: Page, name: string) {
  for (const [vp, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    await imagesInViewSettled(page);
    await page.screenshot({ path: `${SCREENS_DIR}/${name}-${vp}.png`, fullPage: false, animations: 'disabled' });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} is ${overflow}px wider than the ${vp} viewport`).toBeLessThanOrEqual(0);
  }
}

async function expectNoneOf(page: Page, texts: readonly string[]) {
  const body = await page.locator('main').innerText();
  for (const s of texts) expect(body, `'${s}' on a page in the other language`).not.toContain(s);
  expect(body).not.toMatch(RAW_CODES);
}

for (const L of LANGS) {
  test.describe(`shopper pages in ${L.tag}`, () => {
    test.use({ locale: L.browser });

    test('the empty cart, then a line added from a product page', async ({ page }) => {
      await page.goto(`/${SHOP}/carrito`);
      await waitForIsland(page, '.cart-panel');
      await expect(page.locator('main h1')).toHaveText(L.myCart);
      await expect(page.locator('.cart-empty')).toHaveText(L.empty);
      await expectNoneOf(page, L.other);
      await shots(page, `shopper-${L.tag}-cart-empty`);

      const p = await firstProduct(page.request, SHOP);
      await page.goto(`/${SHOP}/productos/${p.owner}/${p.id}`);
      const form = page.locator('form.pd-buy');
      for (const fs of await form.locator('fieldset.pd-variant').all()) await fs.locator('input[type=radio]').first().check();
      for (const sel of await form.locator('select[name^="variant["]').all()) await sel.selectOption({ index: 1 });
      await form.getByRole('button', { name: L.addToCart }).click();
      await expect(page.locator('.pd-added')).toContainText(L.added);

      await page.goto(`/${SHOP}/carrito`);
      await waitForIsland(page, '.cart-panel');
      const order = page.locator('.cart-order').first();
      // A guest's 'Pagar pedido' is a plain link to the guest checkout (it works before the island runs).
      await expect(order.getByRole('link', { name: L.pay })).toBeVisible();
      await expect(order.locator('.cart-total')).toContainText(/\$\d/);
      await expectNoneOf(page, L.other);
      await shots(page, `shopper-${L.tag}-cart`);
    });

    test('the purchases list: words for states and methods, dates in the shop\'s time zone', async ({ page }) => {
      await signIn(page.request, 'lucia.hernandez@demo.test');
      await page.goto(`/${SHOP}/mis-compras`);
      await expect(page.locator('main h1')).toHaveText(L.purchases);
      const first = page.locator('.orders-list li').first();
      await expect(first).toContainText(L.delivered);
      await expect(first).toContainText(L.paid);
      await expectNoneOf(page, L.other);
      await shots(page, `shopper-${L.tag}-purchases`);
    });

    test('the supplier\'s sales list fits a phone', async ({ page, playwright, baseURL }) => {
      // A buyer orders one unit (cash on delivery) of the shop's first product, a Textiles del Bajío one, so the list
      // has a row.
      const buyer = await playwright.request.newContext({ baseURL });
      const p = await firstProduct(buyer, SHOP);
      const email = `ventas-${L.tag}-${Date.now().toString(36)}@test.example`;
      await signUp(buyer, email, 'Rosa Martínez');
      const start = await buyer.post('/api/checkout', { data: { shop: SHOP, items: [{ product_id: p.id, amount: 1 }], buy_now: true } });
      expect(start.status(), await start.text()).toBe(201);
      const id = (await start.json()).id;
      expect((await buyer.patch(`/api/checkout/${id}`, { data: {
        contact: { name: 'Rosa Martínez', email, phone: '5512345678' },
        address: { address_name: 'Casa', address_phone: '5512345678', street_address: 'Av. Insurgentes Sur', street_number: '1000', country: 'MX',
          locality: 'Ciudad de México', administrative_area_level_1: 'CDMX', postal_code: '03100', save: false },
      } })).status()).toBe(200);
      const ready = await buyer.put(`/api/checkout/${id}/delivery`, { data: { delivery_type: 'fixed_delivery' } });
      expect(ready.status(), await ready.text()).toBe(200);
      const paid = await buyer.post(`/api/checkout/${id}/pay`, { data: { payment_type: 'cash', token: (await ready.json()).token } });
      expect(paid.status(), await paid.text()).toBe(200);
      await buyer.dispose();

      await signIn(page.request, 'proveedor@demo.test');
      await page.goto(`/${SHOP}/mis-compras/ventas`);
      await expect(page.locator('main h1')).toHaveText(L.sales);
      await expect(page.locator('table.sales tbody tr').first()).toContainText(L.tag === 'es' ? 'Enviado al vendedor' : 'Sent to the seller');
      await expectNoneOf(page, L.other);
      await shots(page, `shopper-${L.tag}-sales`);
    });

    test('a guest\'s Buy now goes to the guest checkout start with the line', async ({ page }) => {
      const p = await firstProduct(page.request, SHOP);
      await page.goto(`/${SHOP}/productos/${p.owner}/${p.id}`);
      const form = page.locator('form.pd-buy');
      for (const fs of await form.locator('fieldset.pd-variant').all()) await fs.locator('input[type=radio]').first().check();
      for (const sel of await form.locator('select[name^="variant["]').all()) await sel.selectOption({ index: 1 });
      await form.getByRole('button', { name: L.buyNow }).click();
      await expect(page).toHaveURL(new RegExp(`/${SHOP}/comprar/nuevo\\?items=`));
      expect(JSON.parse(new URL(page.url()).searchParams.get('items')!)[0]).toMatchObject({ product_id: p.id, amount: 1 });
    });

    test.describe('product pages on a phone', () => {
      test.use({ viewport: VIEWPORTS.phone, isMobile: true, hasTouch: true });
      for (const { slug, pack } of PACKS) {
        test(`${pack}: name, price and add to cart in the first screen`, async ({ page }) => {
          const p = await firstProduct(page.request, slug);
          await page.goto(`/${slug}/productos/${p.owner}/${p.id}`);
          await expect(page.locator('html')).toHaveAttribute('data-theme-pack', pack);
          for (const sel of ['main h1', '.pd-price', 'form.pd-buy .pd-add']) {
            const box = await page.locator(sel).first().boundingBox();
            expect(box, sel).not.toBeNull();
            expect(box!.y + box!.height, `${sel} ends at ${box!.y + box!.height}px`).toBeLessThanOrEqual(VIEWPORTS.phone.height);
          }
          await expect(page.locator('form.pd-buy .pd-add')).toHaveText(L.addToCart);
          await imagesInViewSettled(page);
          await page.screenshot({ path: `${SCREENS_DIR}/shopper-${L.tag}-product-${pack}-phone.png`, fullPage: false, animations: 'disabled' });
        });
      }
    });
  });
}
