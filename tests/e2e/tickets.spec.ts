// Experience tickets end to end (seed 001 §2 "My tickets", §4 "Experience tickets can be used or canceled"): a new
// buyer buys an experience for two attendees and pays by sandbox card (through the API), sees the QR codes on Mis
// boletos; the shop's admin (admin03) validates one code on the scanner page (a second scan says it was used); the
// buyer then sees that ticket used. Screenshots of Mis boletos, the order's attendants and the scanner at 390 and
// 1280 px.
import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import decodeQR from 'qr/decode.js';
import { SCREENS_DIR, VIEWPORTS, signIn, waitForIsland, signUp } from './helpers.ts';

const SHOP = 'demo-03';
// The shop speaks Spanish to a Mexican shopper; these steps read the Spanish texts.
test.use({ locale: 'es-MX' });

async function shot(page: Page, name: string) {
  mkdirSync(SCREENS_DIR, { recursive: true });
  for (const [vp, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${SCREENS_DIR}/tickets-${name}-${vp}.png`, fullPage: true });
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}

/** An experience of the shop still to come with units left, and the first value of each of its variant axes. */
async function pickExperience(request: APIRequestContext) {
  const res = await request.get(`/api/shops/${SHOP}/products?type=experience&limit=100`);
  const items = ((await res.json()) as { results: { id: string; name: string; available: number; experience_date: string | null; is_free: boolean; currency: string }[] }).results;
  const ok = items.filter((i) => i.available > 3 && i.experience_date && Date.parse(i.experience_date) > Date.now() && !i.is_free && i.currency === 'MXN');
  expect(ok.length, 'an experience still to come').toBeGreaterThan(0);
  const item = ok[ok.length - 1]!;
  const detail = (await (await request.get(`/api/products/${item.id}`)).json()) as { variants: Record<string, string[]> };
  return { ...item, variant: Object.fromEntries(Object.entries(detail.variants).map(([k, v]) => [k, v[0]!])) };
}

async function buyForTwo(request: APIRequestContext) {
  const exp = await pickExperience(request);
  const start = await request.post('/api/checkout', { data: { shop: SHOP, items: [{ product_id: exp.id, variant: exp.variant, amount: 2 }], buy_now: true } });
  expect(start.status(), await start.text()).toBe(201);
  const { id } = await start.json();
  const filled = await request.patch(`/api/checkout/${id}`, {
    data: {
      contact: { name: 'Valeria Núñez', email: 'valeria@test.example', phone: '5512345678' },
      attendees: [
        { product_id: exp.id, full_name: 'Valeria Núñez Ortega', phone: '5512345678' },
        { product_id: exp.id, full_name: 'Tomás Ibarra', phone: '3312345678' },
      ],
    },
  });
  expect(filled.status(), await filled.text()).toBe(200);
  const card = await (await request.post('/api/payments/cards/tokens', { data: { name: 'Valeria Núñez', number: '4242424242424242', cvc: '123', exp: '12/35' } })).json();
  const paid = await request.post(`/api/checkout/${id}/pay`, { data: { payment_type: 'str_card', token: (await filled.json()).token, card_token: card.id } });
  const body = await paid.json();
  expect(body.payment_status, JSON.stringify(body)).toBe('paid');
  return { orderId: body.order_id as string, experience: exp };
}

test('the buyer shows the QR, the admin validates it once, the buyer sees it used', async ({ browser, page }) => {
  // A fresh buyer (signed in by the code the sign-up mails).
  const email = `boletos-${Date.now().toString(36)}@test.example`;
  await signUp(page.request, email, 'Valeria Núñez');
  const { orderId, experience } = await buyForTwo(page.request);

  await page.goto(`/${SHOP}/mis-boletos`);
  await expect(page.getByRole('heading', { level: 1, name: 'Mis boletos' })).toBeVisible();
  const tickets = page.locator('article.ticket');
  await expect(tickets).toHaveCount(2);
  const first = tickets.filter({ hasText: 'Valeria Núñez Ortega' });
  await expect(first.getByRole('img', { name: /Código QR del boleto \d+/ })).toBeVisible();
  await expect(first.getByTestId('ticket-state')).toHaveText('Vigente');
  await expect(first.getByRole('heading', { level: 3 })).toHaveText(experience.name);
  const qr = await first.locator('.qr svg').boundingBox();
  expect(qr!.width).toBeGreaterThan(150);
  const code = (await first.getByTestId('ticket-code').innerText()).trim();
  expect(code).toMatch(/^\d+-[0-9A-Z ]+$/);
  // The QR as the browser draws it reads back (decoded from the rendered pixels) as the scanner address with this code.
  const pixels = await first.locator('.qr svg').evaluate(async (svg) => {
    const img = new Image();
    img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 300;
    const g = canvas.getContext('2d')!;
    g.drawImage(img, 0, 0, 300, 300);
    return Array.from(g.getImageData(0, 0, 300, 300).data);
  });
  const read = decodeQR({ width: 300, height: 300, data: Uint8Array.from(pixels) });
  expect(decodeURIComponent(read)).toMatch(new RegExp(`/admin/boletos\\?codigo=${code.replace(/ /g, '')}$`));
  // The PDF of one ticket downloads.
  const pdf = await page.request.get(await first.getByRole('link', { name: 'Descargar PDF' }).getAttribute('href') ?? '');
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  await shot(page, 'mis-boletos');

  // The attendee of the second ticket is changed before use.
  const second = tickets.filter({ hasText: 'Tomás Ibarra' });
  await second.getByText('Cambiar asistente').click();
  await second.getByLabel('Nombre completo').fill('Tomás Ibarra Solís');
  await second.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('status')).toContainText('Se actualizó el asistente');
  await expect(page.locator('article.ticket').filter({ hasText: 'Tomás Ibarra Solís' })).toHaveCount(1);

  // The order page lists the attendants with their downloads.
  await page.goto(`/${SHOP}/mis-compras/${orderId}`);
  const attendants = page.getByTestId('order-attendants');
  await expect(attendants.getByRole('heading', { name: 'Asistentes y boletos' })).toBeVisible();
  await expect(attendants.locator('li')).toHaveCount(2);
  await expect(attendants.getByRole('link', { name: 'Todos en PDF' })).toHaveAttribute('href', `/api/orders/${orderId}/attendants/pdf`);
  await attendants.scrollIntoViewIfNeeded();
  await shot(page, 'order');

  // The shop's admin validates the code typed on the scanner page (no camera in the test browser).
  const adminContext = await browser.newContext({ locale: 'es-MX' });
  const admin = await adminContext.newPage();
  await signIn(admin.request, 'admin03@demo.test');
  await admin.goto(`/${SHOP}/`);
  await waitForIsland(admin, '.adm-bar');
  const bar = admin.locator('nav.adm-bar');
  await bar.locator('.adm-bar-toggle').click();
  await bar.getByRole('link', { name: 'Validar boletos' }).click();
  await expect(admin).toHaveURL(new RegExp(`/${SHOP}/admin/boletos$`));
  await expect(admin.getByRole('heading', { level: 1, name: 'Validar boletos' })).toBeVisible();
  await shot(admin, 'scanner');
  await admin.getByLabel('Código del boleto').fill(code.toLowerCase());
  await admin.getByRole('button', { name: 'Validar' }).click();
  const verdict = admin.getByTestId('scan-verdict');
  await expect(verdict).toHaveAttribute('data-result', 'valid');
  await expect(verdict).toContainText('Boleto válido: puede pasar');
  await expect(verdict).toContainText('Valeria Núñez Ortega');
  await shot(admin, 'scanner-valid');
  // The same code again: refused, with when it was used.
  await admin.getByLabel('Código del boleto').fill(code);
  await admin.getByRole('button', { name: 'Validar' }).click();
  await expect(verdict).toHaveAttribute('data-result', 'used');
  await expect(admin.getByTestId('scan-used-at')).toContainText('Se usó el');
  await shot(admin, 'scanner-used');
  await adminContext.close();

  // The buyer sees it used; the other ticket is still valid.
  await page.goto(`/${SHOP}/mis-boletos`);
  const used = page.locator('article.ticket').filter({ hasText: 'Valeria Núñez Ortega' });
  await expect(used.getByTestId('ticket-state')).toHaveText('Usado');
  await expect(used.getByTestId('ticket-used-at')).toContainText('Usado el');
  await expect(used.getByText('Cambiar asistente')).toHaveCount(0);
  await expect(page.locator('article.ticket').filter({ hasText: 'Tomás Ibarra Solís' }).getByTestId('ticket-state')).toHaveText('Vigente');
  await shot(page, 'mis-boletos-used');
});

test.describe('in English', () => {
  test.use({ locale: 'en-US' });

  test('the buyer\'s tickets and the order\'s attendees read in English', async ({ page }) => {
    const email = `tickets-en-${Date.now().toString(36)}@test.example`;
    await signUp(page.request, email, 'Valeria Núñez');
    const { orderId } = await buyForTwo(page.request);
    await page.goto(`/${SHOP}/mis-boletos`);
    await expect(page.getByRole('heading', { level: 1, name: 'My tickets' })).toBeVisible();
    const first = page.locator('article.ticket').filter({ hasText: 'Valeria Núñez Ortega' });
    await expect(first.getByTestId('ticket-state')).toHaveText('Valid');
    await expect(first.getByRole('img', { name: /QR code of ticket \d+/ })).toBeVisible();
    await expect(first.getByRole('link', { name: 'Download PDF' })).toBeVisible();
    await expect(first.getByText('Change attendee')).toBeVisible();
    await shot(page, 'mis-boletos-en');
    await page.goto(`/${SHOP}/mis-compras/${orderId}`);
    const attendants = page.getByTestId('order-attendants');
    await expect(attendants.getByRole('heading', { name: 'Attendees and tickets' })).toBeVisible();
    await expect(attendants.getByRole('link', { name: 'All as PDF' })).toBeVisible();
    await expect(page.locator('body')).not.toContainText('Asistentes y boletos');
    await attendants.scrollIntoViewIfNeeded();
    await shot(page, 'order-en');
  });
});
