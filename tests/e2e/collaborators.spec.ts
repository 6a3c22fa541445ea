// People end to end (issue 14): admin03 invites an e-mail without an account as dispatcher of demo-03 from the
// collaborators page; the invitee opens the mailed link, signs up (with the mailed code), accepts, finds the shop in the user menu's
// collaborations and opens the orders the permission grants. The advisor card opens; the tour's 'Always show this
// tutorial' persists. At 390 px (the phone), with screenshots at 390 and 1280 px when SCREENS=1.
import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { SCREENS_DIR, VIEWPORTS, signIn, openFloating, signUp, enterMailedCode } from './helpers.ts';

const SHOP = 'demo-03';
test.use({ locale: 'es-MX', viewport: VIEWPORTS.phone });

async function shot(page: Page, name: string) {
  if (!process.env.SCREENS) return;
  mkdirSync(SCREENS_DIR, { recursive: true });
  for (const [vp, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SCREENS_DIR}/people-${name}-${vp}.png`, fullPage: false });
  }
  await page.setViewportSize(VIEWPORTS.phone);
}

async function signedInPage(browser: Browser, email: string, locale = 'es-MX') {
  const ctx = await browser.newContext({ viewport: VIEWPORTS.phone, locale });
  const page = await ctx.newPage();
  await signIn(page.request, email);
  return page;
}

test('an invitation by e-mail becomes a dispatcher of the shop who opens its orders', async ({ browser, page }) => {
  const email = `despacho-${Date.now().toString(36)}@demo.test`;
  const admin = await signedInPage(browser, 'admin03@demo.test');
  await admin.goto(`/${SHOP}/admin/colaboradores`);
  await expect(admin.getByRole('heading', { level: 1, name: 'Colaboradores' })).toBeVisible();
  await expect(admin.getByTestId('menu-apps').locator('a[aria-current=page]')).toHaveText('Colaboradores');
  const form = admin.getByTestId('collab-add');
  await form.getByLabel('Correo electrónico').fill(email);
  await form.getByLabel(/Despachador/).check();
  await form.getByRole('button', { name: 'Invitar' }).click();
  await expect(admin.locator('.collab-ok')).toContainText(email);
  const row = admin.getByTestId('collab-list').locator('li', { hasText: email });
  await expect(row).toContainText('Invitación pendiente');
  await shot(admin, 'collaborators');

  // The mail (the demo outbox) carries the link.
  const outbox = await (await page.request.get('/dev/outbox')).text();
  const link = outbox.slice(outbox.indexOf(email)).match(/https?:\/\/[^\s<"]+\/invitacion\?token=[\w-]+/)?.[0];
  expect(link, 'invitation link mailed').toBeTruthy();
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(page.getByTestId('invitation')).toContainText(email);
  await shot(page, 'invitation');
  await page.getByRole('link', { name: 'Crea tu cuenta con ese correo' }).click();
  await page.getByLabel('Nombre').fill('Daniela Despacho');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel(/Contraseña/).fill('a-long-password');
  await page.getByRole('button', { name: /Crear/ }).click();
  await enterMailedCode(page, email);
  await page.getByTestId('accept-invitation').click();
  await expect(page.locator('.invite-ok')).toContainText('Ya colaboras con');

  // The user menu's collaborations list the shop; the dispatcher permission opens the orders.
  await page.getByRole('link', { name: 'Ir a la tienda' }).click();
  await page.locator('summary.avatar').click();
  const collabs = page.locator('.collabs');
  await collabs.locator('summary').click();
  const shopName = (await (await page.request.get(`/api/shops/${SHOP}`)).json()).name as string;
  await expect(collabs.getByRole('link', { name: shopName })).toBeVisible();
  const res = await page.goto(`/${SHOP}/admin/pedidos`);
  expect(res?.status()).toBe(200);
  await expect(page.getByTestId('menu-apps').locator('a[aria-current=page]')).toHaveText('Pedidos');
  await expect(page.getByTestId('menu-apps').getByRole('link', { name: 'Colaboradores' })).toHaveCount(0);
  await shot(page, 'orders-dispatcher');

  // Back on the admin's page the invitation is now an active collaborator.
  await admin.reload();
  await expect(admin.getByTestId('collab-list').locator('li', { hasText: email })).toContainText('Activo');
  await admin.context().close();
});

test('the advisor card opens for the shop\'s admin with the advisor\'s contact', async ({ page }) => {
  await signIn(page.request, 'admin03@demo.test');
  await page.goto(`/${SHOP}/`);
  await openFloating(page);
  await page.getByTestId('advisor-button').click();
  const card = page.getByTestId('advisor-card');
  await expect(card).toBeVisible();
  await expect(card).toContainText('Carmen Villalobos');
  await expect(card.getByTestId('advisor-phone')).toHaveText('(551) 234-5678');
  await expect(card.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', 'https://wa.me/525512345678');
  await shot(page, 'advisor');
  await page.keyboard.press('Escape');
  await expect(card).toBeHidden();
});

test('the tour shows to a new admin and \'Always show this tutorial\' persists', async ({ browser }) => {
  // A new account made admin of demo-03 (the demo's own admins have dismissed the tour).
  const email = `tour-${Date.now().toString(36)}@demo.test`;
  const p = await (await browser.newContext({ viewport: VIEWPORTS.phone, locale: 'es-MX' })).newPage();
  await signUp(p.request, email, 'Tere Tour');
  const admin = await signedInPage(browser, 'admin03@demo.test');
  expect((await admin.request.post(`/api/shops/${SHOP}/admin/collaborators`, { data: { email, permissions: ['admin'] } })).status()).toBe(201);
  // An existing account joins through the invitation mailed to it.
  const mailed = await (await p.request.get('/dev/outbox')).text();
  const token = mailed.slice(mailed.indexOf(email)).match(/invitacion\?token=([\w-]+)/)?.[1];
  expect((await p.request.post('/api/invitations/accept', { data: { token } })).status()).toBe(200);

  await p.goto(`/${SHOP}/`);
  const tour = p.getByTestId('tour');
  await expect(tour).toBeVisible();
  await expect(tour).toContainText('Paso 1 de');
  await shot(p, 'tour');
  await tour.getByLabel('Mostrar siempre este tutorial').check();
  const saved = p.waitForResponse((r) => r.url().endsWith('/api/me/tour') && r.request().method() === 'PATCH');
  await tour.getByTestId('tour-done').click();
  expect((await saved).status()).toBe(200);
  await expect(tour).toBeHidden();

  await p.reload();
  await expect(tour).toBeVisible();
  await expect(tour.getByLabel('Mostrar siempre este tutorial')).toBeChecked();
  await tour.getByLabel('Mostrar siempre este tutorial').uncheck();
  const cleared = p.waitForResponse((r) => r.url().endsWith('/api/me/tour') && r.request().method() === 'PATCH');
  await tour.getByTestId('tour-done').click();
  expect((await cleared).status()).toBe(200);
  await p.reload();
  await expect(p.getByRole('heading', { level: 1 }).first()).toBeAttached();
  await expect(p.getByTestId('tour')).toHaveCount(0);
  await admin.context().close();
});
