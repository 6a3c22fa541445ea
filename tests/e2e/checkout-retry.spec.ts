// A checkout people trust (issue 10), in Spanish (es-MX) and English (en-US): a new buyer's name and e-mail are
// prefilled; a wrong phone is shown at its field and the pay button waits until nothing is missing; one 'continue'
// saves the steps; a declined card shows the bank's answer on the checkout, and another card pays the same order at
// once; the order page shows the card and no old failure; the print preview prints only the order. Screenshots at
// 390 and 1280 px in both languages (test-results/screens/checkout-retry-*).
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { demoPicks } from '../integration/checkout.fixtures.ts';
import { SCREENS_DIR, VIEWPORTS, waitForIsland, signUp } from './helpers.ts';

const SHOP = 'demo-03';

const LANGS = {
  es: {
    locale: 'es-MX', contact: '1. Contacto', email: 'Correo electrónico', name: 'Nombre', continue: 'Continuar', phoneError: 'Escribe un teléfono de 10 dígitos', missing: 'Para pagar falta',
    receiver: 'Nombre de quien recibe', phone: 'Teléfono', street: 'Calle', city: 'Ciudad', state: 'Estado', postal: 'Código postal',
    chosen: 'Elegido:', cardName: 'Nombre en la tarjeta', cardNumber: 'Número de tarjeta', expiry: 'Vencimiento (MM/AA)', pay: /^Pagar /,
    declined: 'El pago con tu banco falló, comunícate con tu banco', card: 'Visa terminación 4242', summary: 'Resumen del pedido', showSummary: 'Ver resumen del pedido',
    foreign: [/\bPay\b/, /Shipping/, /Delivery/, /Continue/],
    store: 'Efectivo en tiendas', reference: 'Referencia de pago', expires: 'Vence el', copy: 'Copiar', stores: 'farmacias, tiendas de conveniencia',
  },
  en: {
    locale: 'en-US', contact: '1. Contact', email: 'E-mail', name: 'Name', continue: 'Continue', phoneError: 'Enter a 10-digit phone number', missing: 'Before paying',
    receiver: "Recipient's name", phone: 'Phone', street: 'Street', city: 'City', state: 'State', postal: 'Postal code',
    chosen: 'Chosen:', cardName: 'Name on the card', cardNumber: 'Card number', expiry: 'Expiry (MM/YY)', pay: /^Pay /,
    declined: 'The bank payment failed, contact your bank', card: 'Visa ending in 4242', summary: 'Order summary', showSummary: 'Show order summary',
    foreign: [/Pagar/, /Envío/, /Entrega/, /Continuar/, /Tarjeta/, /Contacto/],
    store: 'Cash at a store', reference: 'Payment reference', expires: 'Expires on', copy: 'Copy', stores: 'pharmacies, convenience stores',
  },
} as const;

async function shot(page: Page, name: string) {
  const dir = process.env.CHECKOUT_SCREENS_DIR ?? SCREENS_DIR;
  mkdirSync(dir, { recursive: true });
  for (const [vp, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.screenshot({ path: `${dir}/checkout-retry-${name}-${vp}.png`, fullPage: true });
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}

for (const [lang, L] of Object.entries(LANGS)) {
  test.describe(`checkout in ${lang}`, () => {
    test.use({ locale: L.locale });

    test('prefilled, field errors, one continue, declined then approved card, the order with its card, print only the order', async ({ page }) => {
      test.setTimeout(90_000);
      await page.setViewportSize(VIEWPORTS.desktop);
      const email = `retry-${lang}-${Date.now().toString(36)}@test.example`;
      await signUp(page.request, email, 'Rosa Martínez');
      const product = demoPicks(SHOP).cafeOnDemand[lang === 'es' ? 0 : 1]!;
      const start = await page.request.post('/api/checkout', { data: { shop: SHOP, items: [{ product_id: product, amount: 1 }], buy_now: true } });
      expect(start.status()).toBe(201);
      const { id } = (await start.json()) as { id: string };

      await page.goto(`/${SHOP}/comprar/${id}`);
      await waitForIsland(page, '.checkout');
      // One language on the page, and the buyer's own details already there.
      await expect(page.getByRole('heading', { name: L.contact })).toBeVisible();
      const main = (await page.locator('main').innerText());
      for (const word of L.foreign) expect(main, `no ${word} on the ${lang} checkout`).not.toMatch(word);
      await expect(page.locator('.co-step').first().getByLabel(L.email)).toHaveValue(email);
      await expect(page.getByLabel(L.name, { exact: true })).toHaveValue('Rosa Martínez');
      await expect(page.getByRole('complementary', { name: L.summary })).toBeVisible();
      // Paying waits for the steps.
      await expect(page.getByTestId('checkout-missing')).toContainText(L.missing);
      await expect(page.getByRole('button', { name: L.pay })).toBeDisabled();

      // A wrong phone: the message at the field, nothing saved.
      const contact = page.locator('.co-step').first();
      await contact.getByLabel(L.phone).fill('123');
      await page.getByRole('button', { name: L.continue }).click();
      await expect(contact.getByLabel(L.phone)).toHaveAttribute('aria-invalid', 'true');
      await expect(contact.locator('.field-error')).toHaveText(L.phoneError);
      await shot(page, `errors-${lang}`);

      await contact.getByLabel(L.phone).fill('5512345678');
      const address = page.locator('.co-step').nth(1);
      await address.getByLabel(L.receiver).fill('Rosa Martínez');
      await address.getByLabel(L.phone).fill('5512345678');
      await address.getByLabel(L.street).fill('Av. Insurgentes Sur 1000');
      await address.getByLabel(L.city).fill('Ciudad de México');
      await address.getByLabel(L.state).fill('CDMX');
      await address.getByLabel(L.postal).fill('03100');
      const patch = page.waitForResponse((r) => r.url().endsWith(`/api/checkout/${id}`) && r.request().method() === 'PATCH');
      await page.getByRole('button', { name: L.continue }).click();
      expect((await patch).status()).toBe(200);
      await expect(contact.locator('.field-error')).toHaveCount(0);
      await page.locator('input[name=delivery]').first().check();
      await expect(page.getByText(L.chosen)).toBeVisible();
      await expect(page.getByTestId('checkout-missing')).toHaveCount(0);

      // A declined card: the bank's answer on the checkout, and the checkout still takes another card.
      await page.getByLabel(L.cardName).fill('Rosa Martínez');
      await page.getByLabel(L.cardNumber).fill('4000 0000 0000 0002');
      await page.getByLabel(L.expiry).fill('1230');
      await page.getByLabel('CVC').fill('123');
      await page.getByRole('button', { name: L.pay }).click();
      await expect(page.getByTestId('payment-failure')).toHaveText(L.declined);
      await expect(page.getByTestId('checkout-retry')).toBeVisible();
      expect(page.url()).toContain(`/comprar/${id}`);
      await shot(page, `declined-${lang}`);
      await page.getByLabel(L.cardNumber).fill('4242 4242 4242 4242');
      await page.getByRole('button', { name: L.pay }).click();
      await page.waitForURL(`**/${SHOP}/mis-compras/**`);
      await expect(page.locator('[data-payment-status]')).toHaveAttribute('data-payment-status', 'paid');
      await expect(page.getByTestId('payment-card')).toHaveText(L.card);
      await expect(page.getByTestId('payment-failure')).toHaveCount(0);
      await expect(page.locator('main')).not.toContainText(L.declined);
      await shot(page, `order-${lang}`);

      // Print preview: only the order (no shop header, footer or chat button).
      await page.goto(`${new URL(page.url()).pathname}?imprimir=1`);
      await page.emulateMedia({ media: 'print' });
      await expect(page.locator('.receipt')).toBeVisible();
      await expect(page.locator('header.shop-header')).toBeHidden();
      await expect(page.locator('footer.shop-footer')).toBeHidden();
      await expect(page.locator('.floating')).toBeHidden();
      await expect(page.locator('.breadcrumb')).toBeHidden();
      await page.emulateMedia({ media: 'screen' });
    });

    test('store cash: the reference with its real expiry, a QR code and copy buttons, in words', async ({ page }) => {
      await page.setViewportSize(VIEWPORTS.desktop);
      await signUp(page.request, `store-${lang}-${Date.now().toString(36)}@test.example`, 'Rosa Martínez');
      const start = await page.request.post('/api/checkout', { data: { shop: SHOP, items: [{ product_id: demoPicks(SHOP).cafeOnDemand[0]!, amount: 1 }], buy_now: true } });
      const { id } = (await start.json()) as { id: string };
      // Contact and a branch pick-up through the API: this test is about the reference.
      expect((await page.request.patch(`/api/checkout/${id}`, { data: { contact: { name: 'Rosa Martínez', email: 'rosa@test.example', phone: '5512345678' } } })).status()).toBe(200);
      const options = (await (await page.request.post(`/api/checkout/${id}/rates`, { data: {} })).json()) as { options: { delivery_type: string; branch_id?: string }[] };
      const branch = options.options.find((o) => o.delivery_type === 'collection')!;
      expect((await page.request.put(`/api/checkout/${id}/delivery`, { data: { delivery_type: 'collection', branch_id: branch.branch_id } })).status()).toBe(200);
      await page.goto(`/${SHOP}/comprar/${id}`);
      await waitForIsland(page, '.checkout');
      await page.getByLabel(L.store).check();
      await page.getByRole('button', { name: L.pay }).click();
      await page.waitForURL(`**/${SHOP}/mis-compras/**`);
      const ref = page.getByTestId('payment-reference');
      await expect(ref).toContainText(L.reference);
      await expect(ref).toContainText(L.stores);
      await expect(page.getByTestId('reference-expiry')).toContainText(L.expires);
      await expect(ref.locator('svg[role=img]')).toBeVisible();
      await expect(ref.getByRole('button', { name: L.copy }).first()).toBeVisible();
      await expect(ref).not.toContainText(/barcode_format|stores:|clabe:/);
      await shot(page, `store-reference-${lang}`);
    });
  });
}

test.describe('checkout summary on a phone', () => {
  test.use({ locale: 'es-MX' });
  test('collapsed above the steps, opened by its button', async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.phone);
    await signUp(page.request, `phone-${Date.now().toString(36)}@test.example`, 'Rosa');
    const start = await page.request.post('/api/checkout', { data: { shop: SHOP, items: [{ product_id: demoPicks(SHOP).cafeOnDemand[0]!, amount: 1 }], buy_now: true } });
    const { id } = (await start.json()) as { id: string };
    await page.goto(`/${SHOP}/comprar/${id}`);
    await waitForIsland(page, '.checkout');
    const body = page.locator('#co-summary-body');
    await expect(body).toBeHidden();
    await page.getByRole('button', { name: LANGS.es.showSummary }).click();
    await expect(body).toBeVisible();
    const summaryTop = (await page.locator('.co-summary').boundingBox())!.y;
    const stepsTop = (await page.locator('.co-step').first().boundingBox())!.y;
    expect(summaryTop).toBeLessThan(stepsTop);
    await shot(page, 'summary-phone');
  });
});
