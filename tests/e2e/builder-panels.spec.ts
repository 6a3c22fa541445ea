// Issue 15 'one place to edit': from the theme builder alone, admin03 edits the shop header, a carousel slide's
// words, adds a banner for entrepreneurs (ul1), changes the colour, reorders the home sections and publishes; then a
// shopper of each level sees the right banner. Also: ?panel= opens a panel, a click in the preview selects the
// section, and the preview shows no admin controls. Everything it changes on demo-03 is put back afterwards.
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { SCREENS_DIR, signIn, USERS, VIEWPORTS, waitForIsland, screenPair } from './helpers.ts';

test.use({ locale: 'es-MX' });
test.describe.configure({ mode: 'serial' });

const SHOP = 'demo-03';
const API = `/api/shops/${SHOP}/admin`;
const THEME_API = `${API}/theme`;
const EDITOR = `/${SHOP}/admin/editor`;
const PNG = 'tests/fixtures/uploads/valid.png';
const BANNER_URL = 'https://example.com/desde-el-editor';

const frame = (page: Page) => page.frameLocator('iframe[title="Vista previa de la tienda"]');
const rowIds = (page: Page) => page.locator('li.bf-row').evaluateAll((els) => els.map((e) => e.getAttribute('data-section-id')));
const panel = (page: Page) => page.getByTestId('builder-tool-panel');

async function openBuilder(page: Page, query = '') {
  await signIn(page.request, USERS.admin03);
  await page.goto(`${EDITOR}${query}`);
  await expect(page.getByRole('navigation', { name: 'Tienda' }).or(panel(page))).toBeVisible({ timeout: 20_000 });
}

/** The published theme back to pack 03 with its own templates (as tests/e2e/builder.spec.ts does). */
async function restoreTheme(request: APIRequestContext) {
  await request.post(`${THEME_API}/discard`, { data: {} });
  const state = (await (await request.get(THEME_API)).json()) as { draft_version: number; packs: { id: string; templates: Record<string, { sections: unknown[] }> }[] };
  const p03 = state.packs.find((p) => p.id === '03')!;
  const templates = Object.fromEntries(Object.entries(p03.templates).map(([k, t]) => [k, { sections: t.sections }]));
  const put = await request.put(`${THEME_API}/draft`, { data: { pack: '03', settings: {}, templates, version: state.draft_version || undefined } });
  expect(put.status(), await put.text()).toBe(200);
  const pub = await request.post(`${THEME_API}/publish`, { data: { version: (await put.json()).draft_version } });
  expect(pub.status(), await pub.text()).toBe(200);
}

async function shopper(browser: Browser, email: string | null) {
  const ctx = await browser.newContext({ locale: 'es-MX', viewport: VIEWPORTS.desktop, baseURL: test.info().project.use.baseURL });
  const page = await ctx.newPage();
  if (email) await signIn(page.request, email);
  await page.goto(`/${SHOP}/`);
  return page;
}

test('?panel= opens a panel; the preview has no admin controls and a click on a section selects it', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await openBuilder(page, '?panel=banners');
  await expect(panel(page).getByRole('heading', { name: 'Banners' })).toBeVisible();

  // A click on a section in the preview leaves the panel for that section's settings.
  const f = frame(page);
  await expect(f.locator('[data-section-id="products"]')).toBeVisible({ timeout: 20_000 });
  await expect(f.locator('.adm-bar, [data-admin-action]')).toHaveCount(0);
  await f.locator('[data-section-id="products"]').click({ position: { x: 5, y: 5 } });
  await expect(panel(page)).toHaveCount(0);
  await expect(page).not.toHaveURL(/panel=/);
  await expect(page.locator('li.bf-row[data-section-id="products"] .bf-row-name')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('form', { name: /Ajustes/ })).toBeVisible();
  // The preview outlines the selected section, and follows a selection made in the list.
  await expect(f.locator('.section[data-section-id="products"]')).toHaveClass(/is-builder-selected/);
  await expect(f.locator('.section[data-section-id="products"]')).toHaveCSS('outline-style', 'solid');
  await page.locator('li.bf-row[data-section-id="franchises"] .bf-row-name').click();
  await expect(f.locator('.section[data-section-id="franchises"]')).toHaveClass(/is-builder-selected/);
  await expect(f.locator('.section.is-builder-selected')).toHaveCount(1);
});

// Click-to-edit (issue 27): what a click on each kind of element opens, and how to see it is that element's editor.
const EDIT_TARGETS = [
  { panel: 'carousel', item: true, ready: (page: Page, en: boolean) => panel(page).getByLabel(en ? 'Title' : 'Título', { exact: true }) },
  { panel: 'banners', item: true, ready: (page: Page, en: boolean) => panel(page).getByLabel(en ? 'Audience' : 'Audiencia') },
  // The header shown opens in its own form (not the list of headers).
  { panel: 'headers', item: true, ready: (page: Page, en: boolean) => panel(page).getByLabel(en ? 'Title' : 'Título', { exact: true }) },
  { panel: 'photo', item: false, ready: (page: Page) => panel(page).locator('input').first() },
  { panel: 'social', item: false, ready: (page: Page) => panel(page).locator('input').first() },
] as const;

/** Clicks the element that opens `panel` in the preview; its editor opens, in view, at the element's own form. */
async function clickToEdit(page: Page, t: (typeof EDIT_TARGETS)[number], en = false) {
  const f = page.frameLocator('.bf-frame-wrap iframe'); // its title is in the page's language
  const el = f.locator(`[data-edit-panel="${t.panel}"]`).first();
  await expect(el).toBeAttached({ timeout: 20_000 });
  // The carousel may be fading to another slide: any slide opens its own form.
  await el.click({ force: t.panel === 'carousel' });
  await expect(page).toHaveURL(new RegExp(`panel=${t.panel}${t.item ? '&item=' : '(?!&item)'}`));
  await expect(t.ready(page, en)).toBeInViewport({ timeout: 15_000 });
  if (t.panel === 'headers') await expect(t.ready(page, en)).toHaveValue('Hecho en México');
}

test('click-to-edit: each element in the preview opens its own editor in view; the carousel\'s form offers its editors; admins\' pencils, none for shoppers', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openBuilder(page);
  for (const t of EDIT_TARGETS) {
    await clickToEdit(page, t);
    await page.getByRole('button', { name: /Volver a las secciones/ }).click();
  }
  // A section's own settings open in view (at 1280 x 800 the form sits below the section list).
  await frame(page).locator('[data-section-id="products"]').click({ position: { x: 5, y: 5 } });
  await expect(page.getByRole('form', { name: /Ajustes/ })).toBeInViewport();
  // The carousel section: beside 'Altura' and 'Mostrar texto', its slides, header text and banners.
  const carouselRow = page.locator('li.bf-row').filter({ hasText: 'Carrusel de encabezados' }).locator('.bf-row-name');
  await carouselRow.click();
  const editors = page.getByRole('navigation', { name: 'Lo que muestra esta sección' });
  await expect(editors).toBeInViewport();
  await expect(editors.getByRole('button')).toHaveText(['Carrusel', 'Encabezados', 'Banners']);
  await editors.getByRole('button', { name: 'Carrusel' }).click();
  await expect(panel(page).getByRole('button', { name: 'Agregar diapositiva' })).toBeVisible();

  // The storefront: an admin's pencils lead to the builder at that element's editor; shoppers get no such markup.
  await page.goto(`/${SHOP}/`);
  const pencils = page.locator('a.edit-pencil');
  for (const p of ['carousel', 'banners', 'headers', 'photo', 'social']) await expect(pencils.and(page.locator(`[href*="panel=${p}"]`)).first()).toBeAttached();
  await expect(page.locator('.header-info a.edit-pencil')).toHaveAccessibleName('Editar el encabezado');
  // A 44 px target over the element's corner (the admin-only CSS is there).
  await expect(page.locator('.header-info a.edit-pencil')).toHaveCSS('width', '44px');
  await expect(page.locator('.header-info a.edit-pencil')).toHaveCSS('position', 'absolute');
  const slidePencil = page.locator('[data-edit-panel="carousel"] a.edit-pencil').first();
  const href = (await slidePencil.getAttribute('href'))!;
  expect(href).toMatch(new RegExp(`^/${SHOP}/admin/editor\\?panel=carousel&item=[^&]+$`));
  await page.goto(href);
  await expect(panel(page).getByLabel('Título', { exact: true })).toBeInViewport({ timeout: 20_000 });
  const anon = await shopper(browser, null);
  await expect(anon.locator('[data-edit-panel], a.edit-pencil')).toHaveCount(0);
  expect(await anon.content()).not.toContain('edit-pencil');
  await anon.context().close();
});

test('the side bar\'s editors link to the builder at their panel', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await signIn(page.request, USERS.admin03);
  await page.goto(`/${SHOP}/`);
  await waitForIsland(page, '.adm-bar');
  const toggle = page.locator('.adm-bar-toggle');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await page.getByRole('navigation', { name: 'Administrar tienda' }).getByRole('button', { name: 'Carrusel', exact: true }).click();
  const link = page.getByRole('dialog').getByRole('link', { name: /Abrir en el editor del tema/ });
  await expect(link).toHaveAttribute('href', `/${SHOP}/admin/editor?panel=carousel`);
  await page.screenshot({ path: `${SCREENS_DIR}/builder-bar-link-es-desktop.png` });
  await page.setViewportSize(VIEWPORTS.phone);
  await link.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENS_DIR}/builder-bar-link-es-phone.png` });
  await link.click();
  await expect(panel(page).getByRole('heading', { name: 'Carrusel' })).toBeVisible({ timeout: 20_000 });
});

test('from the builder: header, slide words, a ul1 banner, colour and section order; published; each level sees its banner', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page.request, USERS.admin03);
  const request = page.request;
  const header = ((await (await request.get(`${API}/headers?offset=0&limit=50`)).json()).results as { id: string; title: string; subtitle: string | null }[]).find((h) => h.title === 'Hecho en México')!;
  const slide = (await (await request.get(`${API}/slides`)).json()).results[0] as Record<string, unknown> & { id: string };
  const store = (await (await request.get(`${API}/store`)).json()) as { store_theme_info: { color1: string; color2: string } };
  const bannersBefore = ((await (await request.get(`${API}/banners?offset=0&limit=50`)).json()).results as { id: string }[]).map((b) => b.id);
  try {
    await openBuilder(page, '?panel=headers');
    // Header: edit the shop's header; saving returns to the list and the preview reloads with it.
    await panel(page).getByRole('button', { name: 'Editar Hecho en México' }).click();
    await panel(page).getByLabel('Subtítulo', { exact: true }).fill('Desde el editor del tema');
    await panel(page).getByRole('button', { name: 'Guardar' }).click();
    await expect(panel(page).getByRole('button', { name: 'Editar Hecho en México' })).toBeVisible();
    await expect(frame(page).getByText('Desde el editor del tema')).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: /Volver a las secciones/ }).click();

    // Carousel: the first slide's title.
    await page.getByRole('navigation', { name: 'Tienda' }).getByRole('button', { name: 'Carrusel' }).click();
    await panel(page).getByRole('button', { name: 'Editar 1' }).click();
    await panel(page).getByLabel('Título', { exact: true }).fill('Título desde el editor');
    await panel(page).getByRole('button', { name: 'Guardar' }).click();
    await expect(panel(page).getByRole('button', { name: 'Agregar diapositiva' })).toBeVisible();
    await expect(frame(page).locator('.slide-title').first()).toHaveText('Título desde el editor', { timeout: 20_000 });
    await page.getByRole('button', { name: /Volver a las secciones/ }).click();

    // Banners: one for entrepreneurs without a shop (ul1), linking out.
    await page.getByRole('navigation', { name: 'Tienda' }).getByRole('button', { name: 'Banners' }).click();
    await panel(page).getByRole('button', { name: 'Agregar banner' }).click();
    await panel(page).locator('input[type=file]').first().setInputFiles(PNG);
    await panel(page).getByLabel('Audiencia').selectOption('ul1');
    await panel(page).getByLabel('Acción del botón').selectOption('url');
    await panel(page).getByLabel('Enlace', { exact: true }).fill(BANNER_URL);
    await panel(page).getByRole('button', { name: 'Guardar' }).click();
    await expect(panel(page).getByTestId('banner-row')).toHaveCount(bannersBefore.length + 1, { timeout: 15_000 });
    await page.getByRole('button', { name: /Volver a las secciones/ }).click();

    // Colour.
    await page.getByRole('navigation', { name: 'Tienda' }).getByRole('button', { name: 'Color de fondo' }).click();
    await panel(page).locator('#adm-color-text').fill('#7c3aed');
    await panel(page).getByRole('button', { name: 'Aplicar' }).click();
    await expect(page.getByText('El color de fondo se guardó')).toBeVisible();
    await expect(frame(page).locator('meta[name="theme-color"]')).toHaveAttribute('content', '#7c3aed', { timeout: 20_000 });
    await page.getByRole('button', { name: /Volver a las secciones/ }).click();

    // Section order: products one place up, by keyboard; undo and redo keep it in the draft.
    const before = await rowIds(page);
    const i = before.indexOf('products');
    expect(i).toBeGreaterThan(0);
    const want = [...before.slice(0, i - 1), 'products', before[i - 1], ...before.slice(i + 1)];
    const live = page.locator('[id^="DndLiveRegion"]');
    await page.locator('li.bf-row[data-section-id="products"] .bf-handle').focus();
    await page.keyboard.press('Space');
    await expect(live).toHaveText(/Productos sobre Productos/);
    await expect(async () => {
      if (!/Productos sobre (?!Productos)/.test((await live.textContent()) ?? '')) await page.keyboard.press('ArrowUp');
      await expect(live).toHaveText(/Productos sobre (?!Productos)/, { timeout: 1500 });
    }).toPass({ timeout: 20_000 });
    await page.keyboard.press('Space');
    await expect.poll(() => rowIds(page)).toEqual(want);
    await page.getByRole('button', { name: /Deshacer/ }).click();
    await expect.poll(() => rowIds(page)).toEqual(before);
    await page.getByRole('button', { name: /Rehacer/ }).click();
    await expect.poll(() => rowIds(page)).toEqual(want);
    // Every edit is live (issue 27): the order is published after its auto-save, no Publish step.
    await expect(page.locator('.bf-status')).toHaveText('Publicado', { timeout: 15_000 });

    // What shoppers see.
    const anon = await shopper(browser, null);
    await expect(anon.locator('.header-carousel')).toContainText('Desde el editor del tema');
    await expect(anon.locator('.slide-title').first()).toHaveText('Título desde el editor');
    await expect(anon.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#7c3aed');
    const order = await anon.locator('.section[data-section-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-section-id')));
    expect(order.filter((id) => want.includes(id!))).toEqual(want.filter((id) => order.includes(id)));
    for (const [email, sees] of [[null, false], [USERS.cliente, false], [USERS.emprendedor, true], ['coordinador@demo.test', false]] as const) {
      const p = email ? await shopper(browser, email) : anon;
      await expect(p.getByTestId('shop-banners')).toBeVisible();
      await expect(p.locator(`.shop-banner a[href="${BANNER_URL}"]`), `${email ?? 'anonymous'} ${sees ? 'sees' : 'does not see'} the ul1 banner`).toHaveCount(sees ? 1 : 0);
      await p.context().close();
    }
  } finally {
    await request.patch(`${API}/headers/${header.id}`, { data: { subtitle: header.subtitle ?? '', apply: true } });
    const keys = ['title', 'subtitle', 'button_label', 'button_url', 'text_desktop', 'text_phone'];
    await request.patch(`${API}/slides/${slide.id}`, { data: Object.fromEntries(keys.map((k) => [k, slide[k] ?? ''])) });
    const after = ((await (await request.get(`${API}/banners?offset=0&limit=50`)).json()).results as { id: string }[]);
    for (const b of after.filter((b) => !bannersBefore.includes(b.id))) await request.delete(`${API}/banners/${b.id}`);
    await request.patch(`${API}/store`, { data: { color1: store.store_theme_info.color1, color2: store.store_theme_info.color2 } });
    await restoreTheme(request);
  }
});

test('screenshots: the builder with a panel open, and click-to-edit on each element type, at 390 and 1280 px, es and en', async ({ browser }) => {
  test.setTimeout(180_000);
  for (const locale of ['es-MX', 'en-US'] as const) {
    for (const vp of ['phone', 'desktop'] as const) {
      if (!screenPair(locale, vp)) continue;
      const ctx = await browser.newContext({ locale, viewport: VIEWPORTS[vp], baseURL: test.info().project.use.baseURL });
      const page = await ctx.newPage();
      await signIn(page.request, USERS.admin03);
      await page.goto(`${EDITOR}?panel=carousel`);
      await expect(panel(page).getByRole('button', { name: locale === 'es-MX' ? 'Editar 1' : 'Edit 1' })).toBeVisible({ timeout: 20_000 });
      await page.screenshot({ path: `${SCREENS_DIR}/builder-panel-${locale}-${vp}.png` });
      await page.getByRole('button', { name: locale === 'es-MX' ? /Volver a las secciones/ : /Back to sections/ }).click();
      await expect(page.getByRole('navigation', { name: locale === 'es-MX' ? 'Tienda' : 'Shop' })).toBeVisible();
      await page.screenshot({ path: `${SCREENS_DIR}/builder-tools-${locale}-${vp}.png` });
      // Click-to-edit on each element type (issue 27): the editor that opens, in view.
      for (const t of EDIT_TARGETS) {
        await clickToEdit(page, t, locale === 'en-US');
        await page.screenshot({ path: `${SCREENS_DIR}/click-to-edit-${t.panel}-${locale}-${vp}.png` });
        await page.getByRole('button', { name: locale === 'es-MX' ? /Volver a las secciones/ : /Back to sections/ }).click();
      }
      await ctx.close();
    }
  }
});
