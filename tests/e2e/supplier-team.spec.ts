// A supplier's team end to end: proveedor@demo.test invites an e-mail without an account as accountant from the
// 'Equipo' page (no script needed); the invitee opens the mailed link, signs up (with the mailed code), accepts and opens the supplier's
// products, while the team and packing pages stay closed to the role. Screenshots at 390 and 1280 px, in Spanish
// and English, when SCREENS=1.
import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { SCREENS_DIR, VIEWPORTS, signIn, enterMailedCode } from './helpers.ts';

test.use({ locale: 'es-MX', viewport: VIEWPORTS.phone });

async function shot(page: Page, name: string) {
  if (!process.env.SCREENS) return;
  mkdirSync(SCREENS_DIR, { recursive: true });
  for (const [vp, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SCREENS_DIR}/supplier-team-${name}-${vp}.png`, fullPage: true });
  }
  await page.setViewportSize(VIEWPORTS.phone);
}

async function signedInPage(browser: Browser, email: string, locale = 'es-MX') {
  const ctx = await browser.newContext({ viewport: VIEWPORTS.phone, locale });
  const page = await ctx.newPage();
  await signIn(page.request, email);
  return page;
}

test('an invitation from the supplier\'s team page becomes an accountant who reads the products', async ({ browser, page }) => {
  const email = `contable-${Date.now().toString(36)}@demo.test`;
  const owner = await signedInPage(browser, 'proveedor@demo.test');
  await owner.goto('/apps/me/supplier/team');
  await expect(owner.getByRole('heading', { level: 1, name: 'Equipo' })).toBeVisible();
  await expect(owner.locator('.ws-nav a[aria-current=page]')).toHaveText('Equipo');
  await expect(owner.getByTestId('supplier-members').locator('li').first()).toContainText('Dueño');
  const form = owner.getByTestId('supplier-member-add');
  await form.getByLabel('Correo electrónico').fill(email);
  await form.getByLabel(/Contador/).check();
  await form.getByRole('button', { name: 'Agregar o invitar' }).click();
  await expect(owner.locator('.saved')).toHaveText('Enviamos la invitación por correo.');
  const row = owner.getByTestId('supplier-members').locator('li', { hasText: email });
  await expect(row).toContainText('Invitación pendiente');
  await expect(row.getByLabel('Contador')).toBeChecked();
  await shot(owner, 'team-es');

  // The mail (the demo outbox) carries the link; the invitee signs up from it and accepts.
  const outbox = await (await page.request.get('/dev/outbox')).text();
  const link = outbox.slice(outbox.indexOf(email)).match(/https?:\/\/[^\s<"]+\/apps\/me\/supplier\/invitation\?token=[\w-]+/)?.[0];
  expect(link, 'invitation link mailed').toBeTruthy();
  const path = new URL(link!).pathname + new URL(link!).search;
  await page.goto(path);
  await expect(page.getByTestId('supplier-invitation')).toContainText(email);
  await shot(page, 'invitation-es');
  await page.getByRole('link', { name: 'Crea tu cuenta con ese correo' }).click();
  await page.getByLabel('Nombre').fill('Carla Contable');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel(/Contraseña/).fill('a-long-password');
  await page.getByRole('button', { name: /Crear/ }).click();
  await enterMailedCode(page, email);
  await page.getByTestId('accept-supplier-invitation').click();
  await expect(page.locator('.invite-ok')).toHaveText('Listo: ya formas parte del equipo del proveedor.');

  // The accountant reads the catalogue; the team and the packing lists are the admin's and the dispatcher's.
  await page.getByRole('link', { name: 'Ir a los productos del proveedor' }).click();
  await expect(page).toHaveURL(/\/apps\/me\/products$/);
  await expect(page.locator('.ws-name')).toHaveText('Textiles del Bajío');
  expect((await page.goto('/apps/me/supplier/team'))?.status()).toBe(403);
  expect((await page.goto('/apps/me/supplier/packing'))?.status()).toBe(403);

  // Back on the owner's page the invitation is an active member.
  await owner.reload();
  await expect(owner.getByTestId('supplier-members').locator('li', { hasText: email })).toContainText('Miembro');
  await owner.context().close();

  // The same page in English.
  const en = await signedInPage(browser, 'proveedor@demo.test', 'en-US');
  await en.goto('/apps/me/supplier/team');
  await expect(en.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  await expect(en.getByTestId('supplier-members').locator('li', { hasText: email })).toContainText('Member');
  await shot(en, 'team-en');
  await en.goto(path);
  await expect(en.getByTestId('supplier-invitation')).toContainText('This invitation no longer exists');
  await shot(en, 'invitation-used-en');
  await en.context().close();
});
