// Issue 28: every supplier step in the interface. A buyer pays (through the API: the checkout has its own specs), then
// the supplier's sale page and the buyer's order page take the order to delivered with clicks only: on a phone in
// Spanish a bank-deposit order of Aventura MX (the supplier marks the deposit received), on a desktop in English a
// cash order of Textiles del Bajío; both go by courier, so each is shipped with a carrier and a tracking number and
// the buyer's page links to the carrier's tracking page. Sign-in through the API.
import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { buildDemoData, demoId } from '../../src/db/seed/demo.ts';
import { SCREENS_DIR, signIn, signUp, VIEWPORTS, type ViewportName } from './helpers.ts';

const SHOP = 'demo-03';
const TEXT = {
  es: { confirm: 'Confirmar fecha y costo', paid: 'Marcar pago recibido', process: 'Empezar a preparar el pedido', ready: 'Marcar como listo para entregar', ship: 'Marcar como enviado', deliver: 'Marcar como entregado', date: 'Fecha estimada de entrega', tracking: 'Número de guía', carrier: 'Paquetería', reference: 'Referencia del banco (opcional)', delivered: 'Entregado' },
  en: { confirm: 'Confirm date and cost', paid: 'Mark payment received', process: 'Start preparing the order', ready: 'Mark as ready to deliver', ship: 'Mark as shipped', deliver: 'Mark as delivered', date: 'Estimated delivery date', tracking: 'Tracking number', carrier: 'Carrier', reference: 'Bank reference (optional)', delivered: 'Delivered' },
} as const;

/** A plain, in-stock product of `supplier` that demo-03 sells. */
function productOf(supplier: string, skip = 0): string {
  const d = buildDemoData('x');
  const inShop = new Set(d.shopProducts.filter((s) => s.shop_id === demoId.shop(SHOP)).map((s) => s.product_id));
  return d.products.filter((p) => inShop.has(p.id!) && p.supplier_id === demoId.supplier(supplier) && p.type === 'product' && p.list_state === 'published'
    && p.currency === 'MXN' && !p.is_free && !p.hide_price && p.stock_type === 'onstock' && p.max_purchase_amount == null
    && Object.keys(p.variants ?? {}).length === 0)[skip]!.id!;
}

const CASES: { vp: ViewportName; lang: 'es' | 'en'; supplier: string; email: string; payment: 'deposit' | 'cash'; carrier: 'dhl' | 'fedex'; link: RegExp }[] = [
  { vp: 'phone', lang: 'es', supplier: 'aventura', email: 'aventura@demo.test', payment: 'deposit', carrier: 'dhl', link: /^https:\/\/www\.dhl\.com\/mx-es\/home\/rastreo\.html\?tracking-id=E2E/ },
  { vp: 'desktop', lang: 'en', supplier: 'textiles', email: 'proveedor@demo.test', payment: 'cash', carrier: 'fedex', link: /^https:\/\/www\.fedex\.com\/fedextrack\/\?trknbr=E2E/ },
];

async function shot(page: Page, name: string) {
  mkdirSync(SCREENS_DIR, { recursive: true });
  await page.screenshot({ path: `${SCREENS_DIR}/supplier-steps-${name}.png`, fullPage: true });
}

/** The buyer pays for one unit sent by courier (the checkout's own pages have their specs). */
async function placeOrder(buyer: APIRequestContext, supplier: APIRequestContext, product: string, payment: string): Promise<string> {
  expect((await supplier.put(`/api/supplier/products/${product}/stock`, { data: { stock_on_hand: 10 } })).status()).toBe(200);
  const ck = await (await buyer.post('/api/checkout', { data: { shop: SHOP, items: [{ product_id: product, amount: 1 }], buy_now: true } })).json();
  await buyer.patch(`/api/checkout/${ck.id}`, { data: {
    contact: { name: 'Rosa Martínez', email: 'rosa@test.example', phone: '5512345678' },
    address: { address_name: 'Casa', address_phone: '5512345678', street_address: 'Av. Insurgentes Sur', street_number: '1000', country: 'MX', locality: 'Ciudad de México', administrative_area_level_1: 'CDMX', postal_code: '03100', save: false },
  } });
  const d = await (await buyer.put(`/api/checkout/${ck.id}/delivery`, { data: { delivery_type: 'shipping', rate_id: 'economica.standard.A.0' } })).json();
  const paid = await buyer.post(`/api/checkout/${ck.id}/pay`, { data: { payment_type: payment, token: d.token } });
  expect(paid.status(), await paid.text()).toBe(200);
  return (await paid.json()).order_id;
}

for (const c of CASES) {
  test(`a ${c.payment} courier order goes from payment to delivered in the interface (${c.vp}, ${c.lang})`, async ({ page, browser, baseURL }) => {
    const t = TEXT[c.lang];
    await page.setViewportSize(VIEWPORTS[c.vp]);
    await page.context().addCookies([{ name: 'lang', value: c.lang, url: baseURL! }]);
    await signIn(page.request, c.email);
    const buyerCtx = await browser.newContext({ baseURL, viewport: VIEWPORTS[c.vp] });
    await buyerCtx.addCookies([{ name: 'lang', value: c.lang, url: baseURL! }]);
    await signUp(buyerCtx.request, `steps-${c.lang}-${Date.now().toString(36)}@test.example`, 'Comprador Pasos');
    const id = await placeOrder(buyerCtx.request, page.request, productOf(c.supplier, c.supplier === 'textiles' ? 24 : 2), c.payment);
    const buyer = await buyerCtx.newPage();

    // Supplier: date and cost.
    await page.goto(`/${SHOP}/mis-compras/ventas/${id}`);
    await page.getByLabel(t.date).fill(new Date(Date.now() + 3 * 86400_000).toISOString().slice(0, 10));
    await page.getByRole('button', { name: t.confirm }).click();
    await expect(page.getByTestId('supplier-next')).toHaveCount(0);
    // Buyer: accepts them.
    await buyer.goto(`/${SHOP}/mis-compras/${id}`);
    await buyer.getByTestId('customer-next').click();
    await expect(buyer.getByTestId('customer-next')).toHaveCount(0);

    await page.reload();
    if (c.payment === 'deposit') {
      // Nothing to prepare before the deposit: the page offers to mark it received, with the amount filled in.
      await expect(page.getByTestId('supplier-next')).toHaveCount(0);
      await page.getByLabel(t.reference).fill('BBVA-E2E-1');
      await shot(page, `deposit-${c.vp}-${c.lang}`);
      await page.getByRole('button', { name: t.paid }).click();
      await expect(page.getByTestId('supplier-paid')).toHaveCount(0);
    }
    await page.getByRole('button', { name: t.process }).click();
    await page.getByRole('button', { name: t.ready }).click();
    const ship = page.getByTestId('supplier-ship');
    await ship.getByLabel(t.carrier).selectOption(c.carrier);
    await ship.getByLabel(t.tracking).fill(`E2E${id.slice(0, 8).toUpperCase()}`);
    await shot(page, `ship-${c.vp}-${c.lang}`);
    await ship.getByRole('button', { name: t.ship }).click();
    await expect(page.getByTestId('supplier-ship')).toHaveCount(0);
    await page.getByRole('button', { name: t.deliver }).click();
    await expect(page.locator('h1 .status')).toHaveText(t.delivered);

    // Buyer: delivered, with the carrier's tracking link.
    await buyer.reload();
    await expect(buyer.getByTestId('carrier-tracking-link')).toHaveAttribute('href', c.link);
    await shot(buyer, `buyer-${c.vp}-${c.lang}`);
    await buyerCtx.close();
  });
}
