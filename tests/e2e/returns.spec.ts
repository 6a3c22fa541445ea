// Returns (seed 001 §2, §4: return flow with question steps, photo attachments, tabs Request / Record / Refunds):
// a freshly signed-up buyer's order of a Textiles del Bajío item is taken to delivered through the API (the demo
// supplier proveedor@demo.test confirms, processes and delivers; cash is collected on delivery); the buyer reads the
// return policy modal and asks for a return in the browser with a photo (drop zone island); the supplier sees the
// request and the photo, adds an internal note, refunds (the form's idempotency key: a second submit refunds
// nothing more) and closes it; the buyer sees the refund and the closed request. Screenshots at 1280 and 390 px.
import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ADDRESS, CONTACT, demoPicks } from '../integration/checkout.fixtures.ts';
import { SCREENS_DIR, signIn, VIEWPORTS, waitForIsland, signUp } from './helpers.ts';

const SHOP = 'demo-03';
const SUPPLIER = 'proveedor@demo.test';
const inDays = (n: number) => new Date(Date.now() + n * 86400_000).toISOString().slice(0, 10);

async function shot(page: Page, name: string, target: Locator) {
  const dir = process.env.RETURNS_SCREENS_DIR ?? SCREENS_DIR;
  mkdirSync(dir, { recursive: true });
  for (const [vp, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    await target.scrollIntoViewIfNeeded();
    await target.screenshot({ path: `${dir}/returns-${name}-${vp}.png` });
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}

const ok = async <T extends { status(): number; text(): Promise<string> }>(res: Promise<T>, status = 200): Promise<T> => {
  const r = await res;
  expect(r.status(), await r.text()).toBe(status);
  return r;
};

/** A Textiles del Bajío item with stock (the supplier tops it up), bought with cash by the buyer of `request`. */
async function placeOrder(buyer: APIRequestContext, supplier: APIRequestContext): Promise<string> {
  const product = demoPicks(SHOP).textiles[24]!;
  await ok(supplier.put(`/api/supplier/products/${product}/stock`, { data: { stock_on_hand: 20 } }));
  const start = await ok(buyer.post('/api/checkout', { data: { shop: SHOP, items: [{ product_id: product, amount: 2 }], buy_now: true } }), 201);
  const { id } = (await start.json()) as { id: string };
  await ok(buyer.patch(`/api/checkout/${id}`, { data: { contact: CONTACT, address: ADDRESS } }));
  const ready = (await (await ok(buyer.put(`/api/checkout/${id}/delivery`, { data: { delivery_type: 'fixed_delivery' } }))).json()) as { token: string };
  const paid = (await (await ok(buyer.post(`/api/checkout/${id}/pay`, { data: { payment_type: 'cash', token: ready.token } }))).json()) as { order_id: string };
  return paid.order_id;
}

async function deliver(buyer: APIRequestContext, supplier: APIRequestContext, id: string) {
  await ok(supplier.post(`/api/supplier/orders/${id}/next`, { data: { estimated_delivery_date: inDays(3), shipping_cost: 9900 } }));
  await ok(buyer.post(`/api/orders/${id}/next`));
  for (let i = 0; i < 3; i++) await ok(supplier.post(`/api/supplier/orders/${id}/next`, { data: {} }));
  const o = (await (await buyer.get(`/api/orders/${id}`)).json()) as { status: string };
  expect(o.status).toBe('delivered');
}

test.describe.configure({ mode: 'serial' });
// The interface speaks the browser's language: Spanish, as the demo shoppers.
test.use({ locale: 'es-MX' });

test('a buyer returns a delivered item with a photo; the supplier refunds and closes the request', async ({ browser, page }) => {
  test.setTimeout(120_000);
  const email = `devolucion-${Date.now().toString(36)}@test.example`;
  await signUp(page.request, email, 'Rosa Devuelve');
  const supplierContext = await browser.newContext({ locale: 'es-MX' });
  const supplierPage = await supplierContext.newPage();
  await signIn(supplierPage.request, SUPPLIER);
  const id = await placeOrder(page.request, supplierPage.request);

  // Before delivery there is no form: returns start only after receipt.
  await page.goto(`/${SHOP}/mis-compras/${id}`);
  const panel = page.locator('#devoluciones');
  await expect(panel.getByTestId('return-refusal')).toHaveText('Las devoluciones se pueden solicitar una vez que recibes el pedido.');
  await deliver(page.request, supplierPage.request, id);

  // The buyer: the policy modal, then the request in four steps with a photo.
  await page.goto(`/${SHOP}/mis-compras/${id}`);
  await expect(panel.getByRole('heading', { name: 'Devoluciones' })).toBeVisible();
  await expect(panel.locator('.rt-deadline')).toContainText(/^Tienes hasta el .+ para solicitar una devolución\.$/);
  await panel.getByTestId('return-policy-link').click();
  const policy = page.getByRole('dialog', { name: /Política de devoluciones de Textiles del Bajío/ });
  await expect(policy).toBeVisible();
  await expect(policy).toContainText('sin usar y completo');
  await shot(page, 'buyer-policy', policy.locator('.rt-modal-box'));
  await policy.getByRole('link', { name: 'Cerrar' }).click();
  await expect(policy).toBeHidden();

  const form = panel.getByTestId('return-form');
  await form.locator('input[type=number]').fill('1');
  // The reason tree: a group opens its reasons.
  const defective = form.getByRole('radio', { name: 'Tiene un defecto o no funciona' });
  await expect(defective).toBeHidden();
  await form.getByRole('radio', { name: 'Llegó dañado o no funciona' }).check();
  await expect(defective).toBeVisible();
  await defective.check();
  await form.getByLabel('Comentarios').fill('La costura del borde está abierta.');
  await waitForIsland(page, '.rp');
  await form.getByTestId('return-photos-input').setInputFiles('tests/fixtures/uploads/valid.png');
  await expect(form.locator('.rp-list li')).toHaveCount(1);
  await expect(form.getByText('1 de 5 fotos')).toBeVisible();
  await form.getByRole('checkbox').check();
  await shot(page, 'buyer-request-form', panel);
  await form.getByTestId('return-submit').click();
  await page.waitForURL(/devolucion_ok=creada/);
  await expect(panel.getByRole('status')).toContainText('Recibimos tu solicitud de devolución DEV-');
  const request = panel.getByTestId('return-request');
  await expect(request).toHaveAttribute('data-status', 'open');
  await expect(request).toContainText('1 × ');
  await expect(request).toContainText('Llegó dañado o no funciona · Tiene un defecto o no funciona');
  const photo = request.locator('.rt-photos img');
  await expect(photo).toHaveCount(1);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await shot(page, 'buyer-request', panel);
  await shot(page, 'buyer-order-page', page.locator('.order-page'));
  await panel.getByRole('link', { name: /Registro/ }).click();
  await expect(panel.getByTestId('returns-tab-record')).toContainText('Solicitud abierta');
  await shot(page, 'buyer-record', panel);

  // The supplier: the request with the photo, an internal note, a refund (submitted twice: one refund), close.
  await supplierPage.goto(`/${SHOP}/mis-compras/ventas/${id}?as=supplier`);
  const sp = supplierPage.locator('#devoluciones');
  await expect(sp.getByTestId('return-request')).toContainText('La costura del borde está abierta.');
  await expect(sp.locator('.rt-photos img')).toHaveCount(1);
  const note = sp.getByTestId('return-note-form');
  await note.getByLabel('Nota').fill('Revisar la costura al recibirla');
  await note.getByLabel('Visible para').selectOption('internal');
  await note.getByRole('button', { name: 'Agregar nota' }).click();
  await expect(sp.getByRole('status')).toHaveText('Nota agregada.');
  await expect(sp.getByTestId('return-request')).toContainText('Revisar la costura al recibirla');
  await shot(supplierPage, 'supplier-request', sp);

  await sp.getByRole('link', { name: /Reembolsos/ }).click();
  const refund = sp.getByTestId('return-refund-form');
  const amountField = refund.getByLabel(/Monto a reembolsar/);
  const suggested = await amountField.inputValue();
  expect(Number(suggested)).toBeGreaterThan(0);
  await shot(supplierPage, 'supplier-refunds-form', sp);
  // The same form sent twice (a double submit): the second finds the first refund.
  const formHtml = await refund.evaluate((f: HTMLFormElement) => Object.fromEntries(new FormData(f).entries()) as Record<string, string>);
  await refund.getByTestId('return-refund-submit').click();
  await expect(sp.getByRole('status')).toContainText('Reembolso de $');
  const replay = await supplierPage.request.post(`/${SHOP}/mis-compras/ventas/${id}/devolucion`, { form: formHtml, maxRedirects: 0 });
  expect(replay.status()).toBe(303);
  expect(replay.headers().location).toContain('devolucion_ok=reembolso_repetido');
  const sales = (await (await supplierPage.request.get(`/api/supplier/orders/${id}`)).json()) as { refunds: { amount: number }[]; payment_status: string };
  expect(sales.refunds).toEqual([expect.objectContaining({ amount: Math.round(Number(suggested) * 100) })]);
  expect(sales.payment_status).toBe('partially_refunded');
  await expect(sp.locator('.rt-table tbody tr')).toHaveCount(1);
  await shot(supplierPage, 'supplier-refunds', sp);

  await sp.getByRole('link', { name: /Solicitud/ }).click();
  const close = sp.getByTestId('return-close-form');
  await close.getByLabel('Nota de cierre (opcional)').fill('Producto recibido en almacén');
  await close.getByRole('button', { name: 'Cerrar solicitud' }).click();
  await expect(sp.getByRole('status')).toHaveText('La solicitud de devolución se cerró.');
  await expect(sp.getByTestId('return-request')).toHaveAttribute('data-status', 'closed');
  await expect(sp.getByTestId('return-close-form')).toHaveCount(0);
  await shot(supplierPage, 'supplier-closed', sp);
  await shot(supplierPage, 'supplier-order-page', supplierPage.locator('.order-page'));

  // The buyer sees the refund and the closed request, never the internal note.
  await page.goto(`/${SHOP}/mis-compras/${id}?devoluciones=reembolsos`);
  await expect(panel.getByTestId('returns-tab-refunds').locator('tbody tr')).toContainText('Exitoso');
  await shot(page, 'buyer-refunds', panel);
  await panel.getByRole('link', { name: /Solicitud/ }).click();
  await expect(panel.getByTestId('return-request')).toHaveAttribute('data-status', 'closed');
  await expect(panel).not.toContainText('Revisar la costura al recibirla');
  await panel.getByRole('link', { name: /Registro/ }).click();
  await expect(panel.getByTestId('returns-tab-record')).toContainText('Solicitud cerrada');
  await shot(page, 'buyer-record-closed', panel);
  await supplierContext.close();
});
