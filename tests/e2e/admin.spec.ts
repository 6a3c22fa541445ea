// In-place shop administration (issue 4; seed 000 §2, §5, §8): as admin03 change the colour, upload a logo, edit a
// header and add a slide; each shows on the public page for an anonymous visitor. Invalid forms show the spec's
// messages. Anonymous pages load no admin script. Every test restores demo-03 (other suites assert on it).
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { SCREENS_DIR as DEFAULT_SCREENS, signIn, USERS, VIEWPORTS, waitForIsland } from './helpers.ts';

// ADMIN_SCREENS_DIR keeps the screenshots out of test-results/ (which any other Playwright run empties).
const SCREENS_DIR = process.env.ADMIN_SCREENS_DIR ?? DEFAULT_SCREENS;

test.use({ locale: 'es-MX' });
const SHOP = 'demo-03';
const API = `/api/shops/${SHOP}/admin`;
const PNG = 'tests/fixtures/uploads/valid.png';
const TOO_LARGE = 'tests/fixtures/uploads/too-large.png';
const REJECTED = 'Imagen rechazada – El tamaño de archivo de la imagen sobrepasa el máximo permitido (4 MB). Los formatos válidos son .jpeg, .png, .svg';

async function adminPage(page: Page, path = `/${SHOP}/`) {
  await signIn(page.request, USERS.admin03);
  await page.goto(path);
  await waitForIsland(page, '.adm-bar');
}
async function openModal(page: Page, button: string) {
  const toggle = page.getByRole('button', { name: 'Mostrar el menú de administración' });
  if (await toggle.isVisible()) await toggle.click();
  // Within the bar: the store menu also has a 'Mis catálogos' entry.
  await page.getByRole('navigation', { name: 'Administrar tienda' }).getByRole('button', { name: button, exact: true }).click();
  return page.getByRole('dialog');
}
/** The public page as an anonymous visitor sees it (a fresh context, no cookies). */
async function anonymousHtml(browser: Browser, path = `/${SHOP}/`): Promise<string> {
  const ctx = await browser.newContext();
  const res = await ctx.request.get(path);
  const html = await res.text();
  await ctx.close();
  return html;
}
async function store(request: APIRequestContext) {
  const res = await request.get(`${API}/store`);
  expect(res.status()).toBe(200);
  return (await res.json()) as { name: string; photo: string | null; store_theme_info: { color1: string; color2: string } };
}

test('anonymous pages of demo-03 load no admin script; the admin page does', async ({ page, browser }) => {
  const ctx = await browser.newContext();
  const anon = await ctx.newPage();
  const requested: string[] = [];
  anon.on('request', (r) => requested.push(r.url()));
  await anon.goto(`/${SHOP}/`);
  await anon.waitForLoadState('networkidle');
  expect(requested.filter((u) => /\/_astro\/(AdminBar|HeaderEditor|CarouselEditor|CataloguesModal|ColorModal|PhotoModal|SocialModal)/.test(u))).toEqual([]);
  expect(await anon.content()).not.toContain('adm-bar');
  await ctx.close();

  await adminPage(page);
  await expect(page.locator('astro-island[component-url*="AdminBar"]')).toHaveCount(1);
  await expect(page.getByRole('navigation', { name: 'Administrar tienda' })).toBeVisible();
});

test('change the background colour: invalid text refused, applied colour public', async ({ page, browser }) => {
  await adminPage(page);
  const before = await store(page.request);
  try {
    const dialog = await openModal(page, 'Color de fondo');
    await expect(dialog).toBeVisible();
    const text = dialog.getByLabel('Color (hex, rgb, hsl o hsv)');
    await text.fill('rgb(300, 1');
    await expect(dialog.getByText('Color no válido')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Aplicar' })).toBeDisabled();
    await text.fill('rgb(18, 52, 86)');
    await expect.poll(() => page.evaluate(() => document.documentElement.style.getPropertyValue('--c1'))).toBe('#123456');
    await dialog.getByRole('button', { name: 'Aplicar' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect((await store(page.request)).store_theme_info.color1).toBe('#123456');
    expect(await anonymousHtml(browser)).toContain('--c1:#123456');
  } finally {
    await page.request.patch(`${API}/store`, { data: { color1: before.store_theme_info.color1, color2: before.store_theme_info.color2 } });
  }
});

test('upload a logo: oversized file rejected with the spec message, empty name refused, logo public', async ({ page, browser }) => {
  await adminPage(page);
  const before = await store(page.request);
  try {
    const dialog = await openModal(page, 'Foto y nombre');
    const input = dialog.locator('input[type=file]');
    await input.setInputFiles(TOO_LARGE);
    await expect(dialog.getByText(REJECTED)).toBeVisible();
    await dialog.getByLabel('Nombre de la tienda').fill('');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog.getByText('Este campo es obligatorio')).toBeVisible();
    await dialog.getByLabel('Nombre de la tienda').fill(before.name);
    await input.setInputFiles(PNG);
    await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: 'Guardar' }).click()]);
    const after = await store(page.request);
    expect(after.photo).not.toBe(before.photo);
    expect(after.photo).toMatch(/^\/media\/.+\.png$/);
    expect(await anonymousHtml(browser)).toContain(after.photo!);
  } finally {
    await page.request.patch(`${API}/store`, { data: { photo: before.photo, name: before.name } });
  }
});

test('header editor: the spec messages; the seeded header is listed; saving shows the header publicly; edit is titled as an edit', async ({ page, browser }) => {
  await adminPage(page);
  const created: string[] = [];
  const seeded = ((await (await page.request.get(`${API}/headers`)).json()) as { results: { id: string; title: string; active: boolean }[] }).results.find((h) => h.active);
  expect(seeded?.title, 'the header demo-03 shows is in its list').toBe('Hecho en México');
  try {
    let dialog = await openModal(page, 'Encabezados');
    await expect(page.getByRole('dialog', { name: 'Configurar el encabezado del sitio' })).toBeVisible();
    await expect(dialog.getByRole('listitem').filter({ hasText: 'Hecho en México' }).getByText('En tu tienda')).toBeVisible();
    await dialog.getByRole('button', { name: 'Agregar' }).click();
    dialog = page.getByRole('dialog', { name: 'Agregar encabezado' });
    await dialog.getByLabel('Título', { exact: true }).fill('x'.repeat(31));
    await dialog.getByLabel('Acción del botón').selectOption('url');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog.getByText('Máximo 30 caracteres')).toBeVisible();
    await expect(dialog.getByText('Este campo es obligatorio')).toHaveCount(2); // url and button label
    await dialog.getByLabel('Título', { exact: true }).fill('Oferta E2E');
    await dialog.getByLabel('Acción del botón').selectOption('none');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Se creó el header correctamente')).toBeVisible();
    // Saving made it the shop's header (seed 000 §4): marked in the list, and 'Aplicar' is offered for the old one.
    dialog = page.getByRole('dialog', { name: 'Configurar el encabezado del sitio' });
    const list = (await (await page.request.get(`${API}/headers`)).json()) as { results: { id: string; title: string; active: boolean }[] };
    created.push(...list.results.filter((h) => h.title === 'Oferta E2E').map((h) => h.id));
    expect(list.results.find((h) => h.title === 'Oferta E2E')?.active).toBe(true);
    await expect(dialog.getByRole('button', { name: 'Aplicar Hecho en México' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Aplicar Oferta E2E' })).toHaveCount(0);
    expect(await anonymousHtml(browser)).toContain('Oferta E2E');
    await dialog.getByRole('button', { name: 'Editar Oferta E2E' }).click();
    dialog = page.getByRole('dialog', { name: 'Editar encabezado' });
    await dialog.getByLabel('Título', { exact: true }).fill('Oferta E2E editada');
    await dialog.getByLabel('Subtítulo').fill('Solo esta semana');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Se actualizó el header correctamente').first()).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Configurar el encabezado del sitio' })).toBeVisible();
    await Promise.all([page.waitForEvent('load'), page.getByRole('dialog').getByRole('button', { name: 'Cerrar' }).first().click()]);
    const html = await anonymousHtml(browser);
    expect(html).toContain('Oferta E2E editada');
    expect(html).toContain('Solo esta semana');
  } finally {
    for (const id of created) await page.request.delete(`${API}/headers/${id}`);
    // demo-03 shows its own header again (other suites assert on it).
    if (seeded) await page.request.post(`${API}/headers/${seeded.id}/apply`, { data: { active: true } });
  }
});

test('carousel editor: the link pattern message, add a slide shown publicly', async ({ page, browser }) => {
  await adminPage(page);
  const before = (await (await page.request.get(`${API}/slides`)).json()) as { results: { id: string }[] };
  try {
    let dialog = await openModal(page, 'Carrusel');
    await dialog.getByRole('button', { name: 'Agregar diapositiva' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('Enlace', { exact: true }).fill('no es un enlace');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog.getByText('El enlace del carrusel no es válido')).toBeVisible();
    await expect(dialog.getByText('La imagen es obligatoria')).toHaveCount(2);
    await dialog.getByRole('button', { name: 'Usar un producto' }).click();
    await expect(dialog.getByLabel('Buscar producto')).toBeVisible();
    await dialog.getByRole('button', { name: 'Usar un enlace' }).click();
    const files = dialog.locator('input[type=file]');
    await files.nth(0).setInputFiles(PNG);
    await files.nth(1).setInputFiles('tests/fixtures/uploads/valid.jpg');
    await dialog.getByLabel('Enlace', { exact: true }).fill('www.ejemplo.com.mx/verano');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog.getByRole('button', { name: 'Agregar diapositiva' })).toBeVisible();
    const after = (await (await page.request.get(`${API}/slides`)).json()) as { results: { id: string; hzt_image: string; url: string }[] };
    const added = after.results.find((s) => !before.results.some((b) => b.id === s.id));
    expect(added?.url).toBe('https://www.ejemplo.com.mx/verano');
    await Promise.all([page.waitForEvent('load'), page.getByRole('dialog').getByRole('button', { name: 'Cerrar' }).first().click()]);
    const html = await anonymousHtml(browser);
    expect(html).toContain(added!.hzt_image);
    expect(html).toContain('https://www.ejemplo.com.mx/verano');
  } finally {
    const now = (await (await page.request.get(`${API}/slides`)).json()) as { results: { id: string }[] };
    for (const s of now.results) if (!before.results.some((b) => b.id === s.id)) await page.request.delete(`${API}/slides/${s.id}`);
  }
});

test('the configuration page: login for anonymous, 403 for customers, field errors for admins', async ({ page, browser }) => {
  const ctx = await browser.newContext();
  const anon = await ctx.request.get(`/${SHOP}/admin/configuracion?showCustomShopToggle=true`, { maxRedirects: 0 });
  expect(anon.status()).toBe(302);
  expect(anon.headers().location).toContain('/login?next=');
  await signIn(ctx.request, USERS.cliente);
  expect((await ctx.request.get(`/${SHOP}/admin/configuracion`)).status()).toBe(403);
  await ctx.close();

  await adminPage(page);
  await page.getByRole('button', { name: 'Mostrar el menú de administración' }).click();
  await page.getByRole('link', { name: 'Configuración' }).click();
  await expect(page).toHaveURL(/\/demo-03\/admin\/configuracion\?showCustomShopToggle=true/);
  await expect(page.getByRole('heading', { name: 'Configuración de la tienda' })).toBeVisible();
  const email = page.getByLabel('Correo de contacto');
  const original = await email.inputValue();
  await email.fill('no-es-correo');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Revisa los campos marcados.')).toBeVisible();
  await expect(page.getByLabel('Correo de contacto')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Correo de contacto').fill(original);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Los cambios se guardaron.')).toBeVisible();
});

test('screenshots of each modal at 1280 and 390 px', async ({ page }) => {
  await signIn(page.request, USERS.admin03);
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await page.goto(`/${SHOP}/`);
    await waitForIsland(page, '.adm-bar');
    await page.getByRole('button', { name: 'Mostrar el menú de administración' }).click();
    await page.screenshot({ path: `${SCREENS_DIR}/admin-bar-${name}.png` });
    for (const [id, button] of [['color', 'Color de fondo'], ['photo', 'Foto y nombre'], ['headers', 'Encabezados'], ['carousel', 'Carrusel'], ['banners', 'Banners'], ['catalogues', 'Mis catálogos'], ['social', 'Redes sociales']] as const) {
      const toggle = page.getByRole('button', { name: 'Mostrar el menú de administración' });
      if (await toggle.isVisible()) await toggle.click();
      // Within the bar: the store menu also has a 'Mis catálogos' entry.
  await page.getByRole('navigation', { name: 'Administrar tienda' }).getByRole('button', { name: button, exact: true }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${SCREENS_DIR}/admin-${id}-${name}.png` });
      if (id === 'headers') {
        await dialog.getByRole('button', { name: 'Agregar' }).click();
        await page.getByRole('dialog').getByLabel('Acción del botón').selectOption('url');
        await page.screenshot({ path: `${SCREENS_DIR}/admin-header-form-${name}.png` });
      }
      if (id === 'carousel') {
        await dialog.getByRole('button', { name: 'Agregar diapositiva' }).click();
        await page.screenshot({ path: `${SCREENS_DIR}/admin-slide-form-${name}.png` });
      }
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
  }
});
