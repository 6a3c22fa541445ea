// Issue 15 'one place to edit': the builder's Undo/Redo covers the tool panels' live saves. admin03 changes the
// background colour in the colours panel and a slide's title in the carousel panel, then presses Undo twice: the
// anonymous storefront shows the original colour and title again; Redo brings them back in order. Also the
// panels' 'live' notice at 390 and 1280 px in Spanish and English. Also: applying another header, then Undo; a
// catalogue with products deleted, then Undo (back with the same products in order). Everything changed on demo-03
// is put back.
import { expect, test, type Page } from '@playwright/test';
import { SCREENS_DIR, signIn, USERS, VIEWPORTS, screenPair } from './helpers.ts';

test.use({ locale: 'es-MX' });
test.describe.configure({ mode: 'serial' });

const SHOP = 'demo-03';
const API = `/api/shops/${SHOP}/admin`;
const EDITOR = `/${SHOP}/admin/editor`;
const COLOUR = '#0e7490';
const TITLE = 'Título que se deshace';
const LINK = 'https://example.com/banner-que-vuelve';

const panel = (page: Page) => page.getByTestId('builder-tool-panel');
const top = (page: Page) => page.locator('.bf-top');
const toast = (page: Page, text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text });

/** What an anonymous shopper sees: the theme colour and the first slide's title (null: none). */
async function storefront(page: Page) {
  const ctx = await page.context().browser()!.newContext({ locale: 'es-MX', viewport: VIEWPORTS.desktop, baseURL: test.info().project.use.baseURL });
  const anon = await ctx.newPage();
  await anon.goto(`/${SHOP}/`);
  const colour = await anon.locator('meta[name="theme-color"]').getAttribute('content');
  const titles = anon.locator('.slide-title');
  const title = (await titles.count()) ? ((await titles.first().textContent()) ?? '').trim() : null;
  await ctx.close();
  return { colour, title };
}

test('Undo and Redo in the builder cover the colours and carousel panels; the storefront follows', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(VIEWPORTS.desktop);
  await signIn(page.request, USERS.admin03);
  const request = page.request;
  const store = (await (await request.get(`${API}/store`)).json()) as { store_theme_info: { color1: string; color2: string } };
  const slide = (await (await request.get(`${API}/slides`)).json()).results[0] as Record<string, unknown> & { id: string; title: string | null };
  const original = await storefront(page);
  expect(original.colour).not.toBe(COLOUR);
  try {
    await page.goto(`${EDITOR}?panel=color`);
    await expect(panel(page).getByTestId('panel-live-notice')).toHaveText(/se ven en la tienda al instante/, { timeout: 20_000 });
    await panel(page).locator('#adm-color-text').fill(COLOUR);
    await panel(page).getByRole('button', { name: 'Aplicar' }).click();
    await expect(page.getByText('El color de fondo se guardó')).toBeVisible();
    await page.getByRole('button', { name: /Volver a las secciones/ }).click();

    await page.getByRole('navigation', { name: 'Tienda' }).getByRole('button', { name: 'Carrusel' }).click();
    await panel(page).getByRole('button', { name: 'Editar 1' }).click();
    await panel(page).getByLabel('Título', { exact: true }).fill(TITLE);
    await panel(page).getByRole('button', { name: 'Guardar' }).click();
    await expect(panel(page).getByRole('button', { name: 'Agregar diapositiva' })).toBeVisible();
    await expect(panel(page).getByTestId('slide-row').first()).toContainText(TITLE);
    await expect.poll(() => storefront(page), { timeout: 20_000 }).toEqual({ colour: COLOUR, title: TITLE });

    // Undo twice: the slide's words, then the colour (the most recent first), both live at once.
    const undo = top(page).getByRole('button', { name: /Deshacer/ });
    const redo = top(page).getByRole('button', { name: /Rehacer/ });
    await expect(undo).toHaveAttribute('title', 'Deshacer: cambios de la diapositiva');
    await undo.click();
    await expect(toast(page, 'Se deshizo en la tienda: cambios de la diapositiva')).toBeVisible();
    // The open panel reads the slides again.
    await expect(panel(page).getByTestId('slide-row').first()).not.toContainText(TITLE);
    await expect(undo).toHaveAttribute('title', 'Deshacer: color de fondo');
    await undo.click();
    await expect(toast(page, 'Se deshizo en la tienda: color de fondo')).toBeVisible();
    await expect.poll(() => storefront(page), { timeout: 20_000 }).toEqual(original);

    // Redo: the colour first (it was undone last), then the slide's title.
    await expect(redo).toHaveAttribute('title', 'Rehacer: color de fondo');
    await redo.click();
    await expect(toast(page, 'Se rehízo en la tienda: color de fondo')).toBeVisible();
    await expect.poll(() => storefront(page), { timeout: 20_000 }).toEqual({ colour: COLOUR, title: original.title });
    await redo.click();
    await expect(toast(page, 'Se rehízo en la tienda: cambios de la diapositiva')).toBeVisible();
    await expect(panel(page).getByTestId('slide-row').first()).toContainText(TITLE);
    await expect.poll(() => storefront(page), { timeout: 20_000 }).toEqual({ colour: COLOUR, title: TITLE });
    await expect(redo).toBeDisabled();

  } finally {
    const keys = ['title', 'subtitle', 'button_label', 'button_url', 'text_desktop', 'text_phone'];
    await request.patch(`${API}/slides/${slide.id}`, { data: Object.fromEntries(keys.map((k) => [k, slide[k] ?? ''])) });
    await request.patch(`${API}/store`, { data: { color1: store.store_theme_info.color1, color2: store.store_theme_info.color2 } });
  }
});

test('a banner created and deleted in the banners panel comes back on Undo (its deleted image uploaded again) and goes on Redo', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(VIEWPORTS.desktop);
  await signIn(page.request, USERS.admin03);
  const request = page.request;
  const list = async () => ((await (await request.get(`${API}/banners?offset=0&limit=50`)).json()).results as { id: string; url: string | null; hzt_image: string }[]);
  const before = (await list()).map((b) => b.id);
  const mine = async () => (await list()).filter((b) => b.url === LINK);
  try {
    await page.goto(`${EDITOR}?panel=banners`);
    await panel(page).getByRole('button', { name: 'Agregar banner' }).click();
    await panel(page).locator('input[type=file]').first().setInputFiles('tests/fixtures/uploads/valid.png');
    await panel(page).getByLabel('Acción del botón').selectOption('url');
    await panel(page).getByLabel('Enlace', { exact: true }).fill(LINK);
    await panel(page).getByRole('button', { name: 'Guardar' }).click();
    await expect(panel(page).getByTestId('banner-row')).toHaveCount(before.length + 1, { timeout: 15_000 });
    const created = (await mine())[0]!;
    // Delete it (sent after the panel's own 5 s undo delay); its image is deleted with it.
    await panel(page).getByRole('button', { name: `Eliminar banner ${before.length + 1}` }).click();
    await expect(page.getByText('El banner se borró correctamente')).toBeVisible({ timeout: 15_000 });
    await expect.poll(async () => (await mine()).length).toBe(0);
    expect((await request.get(created.hzt_image)).status()).toBe(404);

    const undo = top(page).getByRole('button', { name: /Deshacer/ });
    await expect(undo).toHaveAttribute('title', 'Deshacer: banner eliminado');
    await undo.click();
    await expect(toast(page, 'Se deshizo en la tienda: banner eliminado')).toBeVisible();
    await expect(panel(page).getByTestId('banner-row')).toHaveCount(before.length + 1);
    const back = await mine();
    expect(back).toHaveLength(1);
    expect((await request.get(back[0]!.hzt_image)).status()).toBe(200);
    // Undo the create too: the banner made again goes.
    await expect(undo).toHaveAttribute('title', 'Deshacer: banner nuevo');
    await undo.click();
    await expect(toast(page, 'Se deshizo en la tienda: banner nuevo')).toBeVisible();
    await expect.poll(async () => (await mine()).length).toBe(0);
    // Redo both: created, then deleted again.
    const redo = top(page).getByRole('button', { name: /Rehacer/ });
    await redo.click();
    await expect(toast(page, 'Se rehízo en la tienda: banner nuevo')).toBeVisible();
    await expect.poll(async () => (await mine()).length).toBe(1);
    await redo.click();
    await expect(toast(page, 'Se rehízo en la tienda: banner eliminado')).toBeVisible();
    await expect.poll(async () => (await mine()).length).toBe(0);
  } finally {
    for (const b of (await list()).filter((b) => !before.includes(b.id))) await request.delete(`${API}/banners/${b.id}`);
  }
});

/** An anonymous shopper's page (a fresh context, no cookies). */
async function asShopper<T>(page: Page, path: string, read: (p: Page, status: number) => Promise<T>): Promise<T> {
  const ctx = await page.context().browser()!.newContext({ locale: 'es-MX', viewport: VIEWPORTS.desktop, baseURL: test.info().project.use.baseURL });
  try {
    const anon = await ctx.newPage();
    const res = await anon.goto(path);
    return await read(anon, res?.status() ?? 0);
  } finally { await ctx.close(); }
}

test('applying another header in the headers panel: Undo shows the previous header on the storefront again', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(VIEWPORTS.desktop);
  await signIn(page.request, USERS.admin03);
  const request = page.request;
  const HEAD = `Se deshace ${Date.now() % 100000}`;
  const headers = (await (await request.get(`${API}/headers?offset=0&limit=100`)).json()).results as { id: string; title: string; active: boolean }[];
  const previous = headers.find((h) => h.active) ?? null;
  const made = await request.post(`${API}/headers`, { data: { title: HEAD, subtitle: null, description: null, action_type: 'none', target: 'all', url: null, button_label: null, product: null, apply: false } });
  expect(made.status()).toBe(201);
  const mine = (await made.json()) as { id: string };
  const shown = () => asShopper(page, `/${SHOP}/`, async (p) => ((await p.locator('.header-carousel').count()) ? ((await p.locator('.header-carousel').first().textContent()) ?? '').replace(/\s+/g, ' ').trim() : ''));
  try {
    const before = await shown();
    expect(before).not.toContain(HEAD);
    await page.goto(`${EDITOR}?panel=headers`);
    await panel(page).getByRole('button', { name: `Aplicar ${HEAD}` }).click({ timeout: 20_000 });
    await expect(page.getByText('El encabezado ahora se muestra en tu tienda')).toBeVisible();
    await expect.poll(shown).toContain(HEAD);

    const undo = top(page).getByRole('button', { name: /Deshacer/ });
    await expect(undo).toHaveAttribute('title', 'Deshacer: encabezado aplicado');
    await undo.click();
    await expect(toast(page, 'Se deshizo en la tienda: encabezado aplicado')).toBeVisible();
    await expect.poll(shown).toBe(before);
    if (previous) await expect(panel(page).getByRole('listitem').filter({ hasText: previous.title }).getByTestId('header-active')).toBeVisible();
    const redo = top(page).getByRole('button', { name: /Rehacer/ });
    await redo.click();
    await expect(toast(page, 'Se rehízo en la tienda: encabezado aplicado')).toBeVisible();
    await expect.poll(shown).toContain(HEAD);
  } finally {
    await request.delete(`${API}/headers/${mine.id}`);
    if (previous) await request.post(`${API}/headers/${previous.id}/apply`, { data: { active: true } });
  }
});

test('a catalogue with products deleted in the catalogues panel comes back on Undo with the same products in the same order', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(VIEWPORTS.desktop);
  await signIn(page.request, USERS.admin03);
  const request = page.request;
  const NAME = `Catálogo que vuelve ${Date.now() % 100000}`;
  const cat = (await (await request.post(`${API}/catalogues`, { data: { name: NAME } })).json()) as { id: string; slug: string };
  try {
    const items = ((await (await request.get(`/api/shops/${SHOP}/products?limit=3`)).json()).results as { id: string }[]).map((x) => x.id);
    expect(items).toHaveLength(3);
    const want = [items[2]!, items[0]!, items[1]!];
    for (const id of want) expect((await request.post(`${API}/catalogues/${cat.id}/products`, { data: { product_id: id } })).status()).toBe(201);
    const publicPage = () => asShopper(page, `/${SHOP}/catalogos/${cat.slug}`, async (p, status) => ({
      status, ids: await p.locator('.item-grid .item-card').evaluateAll((els) => els.map((e) => e.getAttribute('data-item-id'))),
    }));
    expect(await publicPage()).toEqual({ status: 200, ids: want });

    await page.goto(`${EDITOR}?panel=catalogues`);
    await panel(page).getByRole('button', { name: `Eliminar ${NAME}` }).click({ timeout: 20_000 });
    await expect(page.getByText('El catálogo se eliminó')).toBeVisible({ timeout: 15_000 });
    await expect.poll(async () => (await publicPage()).status).toBe(404);

    const undo = top(page).getByRole('button', { name: /Deshacer/ });
    await expect(undo).toHaveAttribute('title', 'Deshacer: catálogo eliminado');
    await undo.click();
    await expect(toast(page, 'Se deshizo en la tienda: catálogo eliminado')).toBeVisible();
    await expect.poll(publicPage).toEqual({ status: 200, ids: want });
    await expect(panel(page).getByTestId('catalogue-row').filter({ hasText: NAME })).toBeVisible();
    const redo = top(page).getByRole('button', { name: /Rehacer/ });
    await redo.click();
    await expect(toast(page, 'Se rehízo en la tienda: catálogo eliminado')).toBeVisible();
    await expect.poll(async () => (await publicPage()).status).toBe(404);
  } finally {
    await request.delete(`${API}/catalogues/${cat.id}`);
  }
});

test('screenshots: a panel with its live notice at 390 and 1280 px, es and en', async ({ browser }) => {
  for (const locale of ['es-MX', 'en-US'] as const) {
    for (const vp of ['phone', 'desktop'] as const) {
      if (!screenPair(locale, vp)) continue;
      const ctx = await browser.newContext({ locale, viewport: VIEWPORTS[vp], baseURL: test.info().project.use.baseURL });
      const page = await ctx.newPage();
      await signIn(page.request, USERS.admin03);
      await page.goto(`${EDITOR}?panel=color`);
      await expect(panel(page).getByTestId('panel-live-notice')).toHaveText(locale === 'es-MX' ? /al instante, sin Publicar/ : /live on the storefront at once, without Publish/, { timeout: 20_000 });
      await page.screenshot({ path: `${SCREENS_DIR}/builder-live-notice-${locale}-${vp}.png` });
      // The carousel panel's reorder buttons.
      await page.goto(`${EDITOR}?panel=carousel`);
      await expect(panel(page).getByRole('button', { name: locale === 'es-MX' ? 'Bajar la diapositiva 1' : 'Move slide 1 down' })).toBeEnabled({ timeout: 20_000 });
      await expect(panel(page).getByRole('button', { name: locale === 'es-MX' ? 'Subir la diapositiva 1' : 'Move slide 1 up' })).toBeDisabled();
      await page.screenshot({ path: `${SCREENS_DIR}/builder-slide-order-${locale}-${vp}.png` });
      await ctx.close();
    }
  }
});
