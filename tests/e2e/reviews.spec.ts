// Reviews (seed 001 §2 review modal: rating, title, text, photos; §6 signed-in customers write reviews): a freshly
// signed-up buyer's cash order of a Textiles del Bajío item is taken to delivered through the API (the demo supplier
// proveedor@demo.test moves its steps); on the order page the buyer opens the review modal (an island hydrated on
// first interaction), rates, writes and attaches a photo; an anonymous visitor then sees the review, its photo as a
// lazy thumbnail and the verified-purchase mark on the product page, which ships no review script. Screenshots of the
// modal and of the product page's reviews at 1280 and 390 px.
import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ADDRESS, CONTACT, demoPicks } from '../integration/checkout.fixtures.ts';
import { SCREENS_DIR, signIn, VIEWPORTS, signUp } from './helpers.ts';

const SHOP = 'demo-03';
const SUPPLIER = 'proveedor@demo.test';
const PRODUCT = demoPicks(SHOP).textiles[5]!;
const inDays = (n: number) => new Date(Date.now() + n * 86400_000).toISOString().slice(0, 10);

async function shot(page: Page, name: string, target: Locator) {
  const dir = process.env.REVIEWS_SCREENS_DIR ?? SCREENS_DIR;
  mkdirSync(dir, { recursive: true });
  for (const [vp, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    await page.waitForTimeout(200);
    await target.scrollIntoViewIfNeeded();
    await target.screenshot({ path: `${dir}/reviews-${name}-${vp}.png` });
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}

/** axe-core on one part of the page: no serious or critical violation. */
async function accessible(page: Page, selector: string) {
  const { violations } = await new AxeBuilder({ page }).include(selector).analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `[${v.impact}] ${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' ; ')}`);
  expect(bad, `${selector}: serious/critical axe violations`).toEqual([]);
}

const ok = async <R extends { status(): number; text(): Promise<string> }>(res: Promise<R>, status = 200): Promise<R> => {
  const r = await res;
  expect(r.status(), await r.text()).toBe(status);
  return r;
};

async function deliveredOrder(buyer: APIRequestContext, supplier: APIRequestContext): Promise<string> {
  await ok(supplier.put(`/api/supplier/products/${PRODUCT}/stock`, { data: { stock_on_hand: 20 } }));
  const start = await ok(buyer.post('/api/checkout', { data: { shop: SHOP, items: [{ product_id: PRODUCT, amount: 1 }], buy_now: true } }), 201);
  const { id } = (await start.json()) as { id: string };
  await ok(buyer.patch(`/api/checkout/${id}`, { data: { contact: CONTACT, address: ADDRESS } }));
  const ready = (await (await ok(buyer.put(`/api/checkout/${id}/delivery`, { data: { delivery_type: 'fixed_delivery' } }))).json()) as { token: string };
  const { order_id: orderId } = (await (await ok(buyer.post(`/api/checkout/${id}/pay`, { data: { payment_type: 'cash', token: ready.token } }))).json()) as { order_id: string };
  await ok(supplier.post(`/api/supplier/orders/${orderId}/next`, { data: { estimated_delivery_date: inDays(3), shipping_cost: 9900 } }));
  await ok(buyer.post(`/api/orders/${orderId}/next`));
  for (let i = 0; i < 3; i++) await ok(supplier.post(`/api/supplier/orders/${orderId}/next`, { data: {} }));
  expect(((await (await buyer.get(`/api/orders/${orderId}`)).json()) as { status: string }).status).toBe('delivered');
  return orderId;
}

test.describe.configure({ mode: 'serial' });
test.use({ locale: 'es-MX' });

test('a buyer reviews a delivered item with a photo; anonymous shoppers see it on the product page', async ({ browser, page }) => {
  test.setTimeout(120_000);
  const email = `opinion-${Date.now().toString(36)}@test.example`;
  await signUp(page.request, email, 'Marta Opina');
  const supplierContext = await browser.newContext({ locale: 'es-MX' });
  const supplier = await supplierContext.newPage();
  await signIn(supplier.request, SUPPLIER);
  const orderId = await deliveredOrder(page.request, supplier.request);
  const product = (await (await page.request.get(`/api/products/${PRODUCT}`)).json()) as { owner: string; name: string };
  const productPath = `/${SHOP}/productos/${product.owner}/${PRODUCT}`;

  // The order page: one entry per delivered item; the modal's code loads when the buyer reaches for it.
  await page.goto(`/${SHOP}/mis-compras/${orderId}`);
  const entry = page.locator('.rv-entry');
  await expect(entry).toHaveCount(1);
  await entry.getByRole('button', { name: 'Escribir una opinión' }).click();
  const dialog = page.getByRole('dialog', { name: `Tu opinión sobre ${product.name}` });
  await expect(dialog).toBeVisible();

  // The modal's own rules first: a rating is required.
  await dialog.getByRole('button', { name: 'Publicar opinión' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Elige una calificación de 1 a 5 estrellas');

  await dialog.locator('label', { hasText: '4 estrellas' }).click();
  await expect(dialog.getByLabel(/4 estrellas – Bueno$/)).toBeChecked();
  await expect(dialog.locator('.rv-rating-word')).toHaveText('Bueno');
  await dialog.getByLabel('Título (opcional)').fill('La tela es suave y la costura firme');
  await dialog.getByLabel('Tu opinión (opcional)').fill('Llegó bien doblado y en la fecha prometida.\nLa talla corresponde a la tabla.');
  await dialog.getByTestId('review-photo-input').setInputFiles('tests/fixtures/uploads/valid.png');
  const thumb = dialog.getByRole('img', { name: 'Foto 1' });
  await expect(thumb).toHaveAttribute('src', /^\/media\/[0-9a-f-]{36}\.png$/);
  await expect(dialog.getByRole('button', { name: 'Quitar foto 1' })).toBeVisible();
  await expect(dialog.getByText('35 de 120 caracteres')).toBeVisible();
  await shot(page, 'modal', dialog);
  await accessible(page, '.rv-modal');

  await dialog.getByRole('button', { name: 'Publicar opinión' }).click();
  await expect(dialog).toBeHidden();
  await expect(entry.getByRole('status')).toContainText('¡Gracias! Tu opinión ya aparece en la página del producto.');
  await expect(entry.getByRole('button', { name: 'Editar tu opinión' })).toBeVisible();
  await expect(entry.getByRole('link', { name: 'Ver en la página del producto' })).toHaveAttribute('href', `${productPath}#opiniones`);
  // Reopened, the modal shows what was saved.
  await page.reload();
  await page.locator('.rv-entry').getByRole('button', { name: 'Editar tu opinión' }).click();
  const again = page.getByRole('dialog');
  await expect(again.getByLabel('Título (opcional)')).toHaveValue('La tela es suave y la costura firme');
  await expect(again.getByRole('img', { name: 'Foto 1' })).toBeVisible();
  await again.getByRole('button', { name: 'Cancelar' }).click();
  await expect(again).toBeHidden();

  // An anonymous visitor: the review, its photo (lazy thumbnail linking to the photo), stars and JSON-LD; no review script.
  const anon = await browser.newContext({ locale: 'es-MX', viewport: VIEWPORTS.desktop });
  const visitor = await anon.newPage();
  const res = await visitor.goto(productPath);
  expect(res?.status()).toBe(200);
  const section = visitor.locator('#opiniones');
  const review = section.locator('.rv-review').filter({ hasText: 'La tela es suave y la costura firme' });
  await expect(review).toBeVisible();
  await expect(review).toContainText('Marta O.');
  await expect(review).toContainText('Compra verificada');
  await expect(review).toContainText('La talla corresponde a la tabla.');
  await expect(review.getByRole('img', { name: '4 de 5 estrellas' })).toBeVisible();
  await expect(section.getByRole('heading', { name: 'Opiniones de compradores' })).toBeVisible();
  const photo = review.getByRole('img', { name: 'Foto 1 de la opinión de Marta O.' });
  await expect(photo).toHaveAttribute('loading', 'lazy');
  await photo.scrollIntoViewIfNeeded();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(review.locator('.rv-photos a')).toHaveAttribute('href', /^\/media\/[0-9a-f-]{36}\.png$/);
  await expect(visitor.locator('.pd-info .rv-rating-link')).toContainText('1 opinión');
  // The page's JSON-LD blocks (Product, BreadcrumbList): the product's carries the rating.
  const blocks = (await visitor.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t) as { '@type'?: string; aggregateRating?: { ratingValue: number; reviewCount: number } });
  const ld = blocks.find((b) => b['@type'] === 'Product')!;
  expect(ld.aggregateRating).toMatchObject({ ratingValue: 4, reviewCount: 1 });
  await expect(visitor.locator('astro-island[component-url*="Review"]')).toHaveCount(0);
  const scripts = await visitor.locator('script[src]').evaluateAll((els) => els.map((e) => e.getAttribute('src') ?? ''));
  expect(scripts.filter((s) => /review/i.test(s))).toEqual([]);
  await shot(visitor, 'product-page', section);
  await accessible(visitor, '#opiniones');
  await accessible(visitor, '.pd-info');
  await anon.close();
  await supplierContext.close();
});
