// Issue 11 end to end, all through the UI: a new user signs up, becomes a supplier at /proveedores, creates a product
// with two variants (own stock each) and a photo, publishes it, enables card payments and fixed delivery; demo-03's
// admin adds it to the store from the store menu; a shopper buys one unit of a variant with a sandbox card; the
// supplier sees the sale and the variant's stock went down by one.
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signIn, SCREENS_DIR, USERS, VIEWPORTS, waitForIsland, enterMailedCode } from './helpers.ts';

const SHOP = 'demo-03';
const PHOTO = path.resolve(import.meta.dirname, '../fixtures/uploads/valid.png');
test.use({ locale: 'es-MX' });

async function shot(page: Page, name: string) {
  for (const [size, vp] of [['1280', VIEWPORTS.desktop], ['390', VIEWPORTS.phone]] as const) {
    await page.setViewportSize(vp);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.screenshot({ path: `${SCREENS_DIR}/supplier-journey-${name}-${size}.png`, fullPage: true });
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}

test('sign up, become a supplier, list a product with variants and a photo, sell it through demo-03', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36);
  const productName = `Sarape de lana ${tag}`;
  const supplierCtx = await browser.newContext({ baseURL, locale: 'es-MX' });
  const supplier = await supplierCtx.newPage();
  await supplier.setViewportSize(VIEWPORTS.desktop);

  // 1. Sign up from the supplier landing and become a supplier.
  await supplier.goto('/proveedores');
  await supplier.getByRole('link', { name: 'Crear una cuenta' }).click();
  await supplier.getByLabel('Nombre', { exact: true }).fill('Marta Telar');
  await supplier.getByLabel('Correo electrónico').fill(`telar-${tag}@test.example`);
  await supplier.getByLabel('Contraseña').fill('a-long-password-1');
  await supplier.getByRole('button', { name: 'Crear cuenta' }).click();
  await enterMailedCode(supplier, `telar-${tag}@test.example`);
  await expect(supplier).toHaveURL(/\/proveedores$/);
  await supplier.getByLabel('Nombre del proveedor').fill(`Telares Marta ${tag}`);
  await supplier.getByRole('button', { name: 'Hacerme proveedor' }).click();
  await expect(supplier).toHaveURL(/\/apps\/me\/products$/);

  // 2. A product with a photo and two sizes, each with its own stock, published.
  await supplier.goto('/apps/me/products/create');
  await waitForIsland(supplier, '.sp-editor');
  await supplier.getByLabel('Nombre', { exact: true }).fill(productName);
  await supplier.getByLabel('Precio', { exact: true }).fill('850.00');
  await supplier.getByLabel('Margen de contribución').fill('170.00');
  await supplier.locator('.sp-drop input[type=file]').setInputFiles(PHOTO);
  await expect(supplier.locator('.sp-photo')).toHaveCount(1);
  await supplier.getByLabel('Nueva variante').fill('Talla');
  await supplier.getByRole('button', { name: 'Agregar variante' }).click();
  const values = supplier.getByRole('textbox', { name: 'Valores de Talla' });
  for (const v of ['Chico', 'Grande']) { await values.fill(v); await values.press('Enter'); }
  await supplier.getByLabel('Cada variante tiene sus propias existencias').check();
  await supplier.getByLabel('Unidades de Talla: Chico').fill('2');
  await supplier.getByLabel('Unidades de Talla: Grande').fill('5');
  await supplier.getByText('Publicado (las tiendas pueden ofrecerlo)').click();
  await supplier.getByRole('button', { name: 'Crear', exact: true }).click();
  await expect(supplier).toHaveURL(/\/apps\/me\/products\/[0-9a-f-]{36}\?created=1$/);
  const productId = /products\/([0-9a-f-]{36})/.exec(supplier.url())![1]!;
  await shot(supplier, 'product');

  // 3. Card payments and fixed delivery: ready to sell.
  await supplier.goto('/apps/me/supplier');
  await supplier.getByLabel('Tarjeta de crédito o débito', { exact: true }).check();
  await supplier.getByLabel('Costo (MXN)').fill('120.00');
  await supplier.getByLabel('Días de entrega').fill('4');
  await supplier.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(supplier.getByRole('heading', { name: 'Listo para vender' })).toBeVisible();

  // 4. demo-03's admin adds it to the store from the store menu.
  const adminCtx = await browser.newContext({ baseURL, locale: 'es-MX' });
  const admin = await adminCtx.newPage();
  await admin.setViewportSize(VIEWPORTS.desktop);
  await signIn(admin.request, USERS.admin03);
  await admin.goto(`/${SHOP}/`);
  await waitForIsland(admin, '.adm-bar');
  await admin.getByRole('navigation', { name: 'Menú de la tienda' }).getByRole('button', { name: 'Agregar productos' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Agregar productos' });
  await dialog.getByLabel('Buscar').fill(productName);
  // The window's rows are the resale list's (issue 26): 'Agregar a mi tienda: …', then 'Quitar de mi tienda: …'.
  await dialog.locator('.rs-actions[data-hydrated="true"]').first().waitFor({ timeout: 15_000 });
  await dialog.getByRole('button', { name: `Agregar a mi tienda: ${productName}` }).click();
  await expect(dialog.getByRole('button', { name: `Quitar de mi tienda: ${productName}` })).toBeVisible();
  await adminCtx.close();

  // 5. A shopper buys one 'Grande' with a sandbox card.
  const buyerCtx = await browser.newContext({ baseURL, locale: 'es-MX' });
  const buyer = await buyerCtx.newPage();
  await buyer.setViewportSize(VIEWPORTS.desktop);
  await signIn(buyer.request, USERS.cliente);
  const owner = (await (await supplier.request.get(`/api/supplier/products/${productId}`)).json()).owner as string;
  await buyer.goto(`/${SHOP}/productos/${owner}/${productId}`);
  await expect(buyer.getByRole('heading', { level: 1, name: productName })).toBeVisible();
  await buyer.getByRole('radio', { name: 'Grande' }).check();
  await buyer.getByRole('button', { name: 'Comprar ahora' }).click();
  await buyer.waitForURL(`**/${SHOP}/comprar/**`);
  await waitForIsland(buyer, '.checkout');
  await buyer.getByLabel('Nombre', { exact: true }).fill('Rosa Martínez');
  await buyer.locator('.co-step').first().getByLabel('Teléfono').fill('5512345678');
  const step = buyer.locator('.co-step').filter({ hasText: 'Dirección de entrega' });
  const saved = step.locator('input[name=address]');
  if (await saved.count() > 1) await saved.first().check();
  if (await step.getByLabel('Calle').count()) {
    await step.getByLabel('Nombre de quien recibe').fill('Rosa Martínez');
    await step.getByLabel('Teléfono').fill('5512345678');
    await step.getByLabel('Calle').fill('Av. Juárez 10');
    await step.getByLabel('Ciudad').fill('León');
    await step.getByLabel('Estado').fill('Guanajuato');
    await step.getByLabel('Código postal').fill('37000');
  }
  await buyer.getByRole('button', { name: 'Continuar' }).click();
  const fixed = buyer.locator('input[name=delivery]').first();
  await expect(fixed).toBeVisible();
  await fixed.check();
  await expect(buyer.getByTestId('checkout-missing')).toHaveCount(0);
  await buyer.locator('input[name=payment]').first().check();
  await buyer.getByLabel('Nombre en la tarjeta').fill('Rosa Martínez');
  await buyer.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
  await buyer.getByLabel('Vencimiento (MM/AA)').fill('1230');
  await buyer.getByLabel('CVC').fill('123');
  await buyer.getByRole('button', { name: /^Pagar / }).click();
  await buyer.waitForURL(`**/${SHOP}/mis-compras/**`);
  await expect(buyer.locator('[data-payment-status]')).toHaveAttribute('data-payment-status', 'paid');
  await expect(buyer.getByText(productName).first()).toBeVisible();
  await shot(buyer, 'order');
  await buyerCtx.close();

  // 6. The supplier's list shows the variant's stock gone down by one (7 units, 6 free after the sale).
  await supplier.goto(`/apps/me/products?text=${encodeURIComponent(productName)}`);
  await expect(supplier.locator(`tr[data-product-id="${productId}"]`)).toContainText('6 disponibles de 6');
  const stock = (await (await supplier.request.get(`/api/supplier/products/${productId}`)).json()) as { variant_stock: { variant: Record<string, string>; stock_on_hand: number }[] };
  expect(stock.variant_stock.find((v) => v.variant.Talla === 'Grande')?.stock_on_hand).toBe(4);
  expect(stock.variant_stock.find((v) => v.variant.Talla === 'Chico')?.stock_on_hand).toBe(2);
  await supplierCtx.close();
});
