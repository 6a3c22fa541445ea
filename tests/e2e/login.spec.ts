import { expect, test } from '@playwright/test';

// The pages speak the visitor's language; these steps read the Spanish texts.
test.use({ locale: 'es-MX' });

test('a customer signs in through the login page and lands back on the shop', async ({ page }) => {
  await page.goto('/demo-03/');
  await expect(page.locator('html')).toHaveAttribute('data-theme-pack', '03');
  await page.getByRole('link', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fdemo-03%2F/);
  await page.getByLabel('Correo electrónico').fill('cliente@demo.test');
  await page.getByLabel('Contraseña').fill('demo-password-1');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/demo-03\/$/);
  // Signed in: the header shows the avatar menu instead of the login link.
  await expect(page.getByRole('link', { name: 'Iniciar sesión' })).toHaveCount(0);
  await page.locator('.user-menu > summary').click();
  await expect(page.locator('.user-menu .who')).toContainText('cliente@demo.test');
  await page.screenshot({ path: 'test-results/shop-signed-in.png', fullPage: false });
  const me = await page.request.get('/api/me');
  expect((await me.json()).user.email).toBe('cliente@demo.test');

  await page.locator('.user-menu').getByRole('link', { name: 'Cerrar sesión' }).click();
  await expect(page.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
});

test('a wrong password shows the error on the page', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill('cliente@demo.test');
  await page.getByLabel('Contraseña').fill('not-the-password');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('alert')).toContainText('no son correctos');
  await page.screenshot({ path: 'test-results/login-error.png' });
});

test('the unknown shop screen and the network list render', async ({ page }) => {
  await page.goto('/no-existe/');
  await expect(page.getByRole('heading', { name: 'Tienda no encontrada' })).toBeVisible();
  await page.goto('/red-comercial');
  await expect(page.getByRole('link', { name: /Casa|Tienda|demo/i }).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/red-comercial.png', fullPage: true });
});
