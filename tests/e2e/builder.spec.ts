// The theme builder at {shop}/admin/editor: admins of that shop only; as admin03 reorder the home sections by
// keyboard, switch the pack to 04 with a preview, publish, and see both on the public page. demo-03 is put back
// (pack 03, the pack's own order) afterwards, because other suites assert on it.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, SCREENS_DIR, signIn, USERS } from './helpers.ts';

test.use({ locale: 'es-MX' });
test.describe.configure({ mode: 'serial' });

const EDITOR = '/demo-03/admin/editor';
/** Screenshots (BUILDER_SCREENS moves them out of test-results/, which every Playwright run empties). */
const SHOTS = process.env.BUILDER_SCREENS ?? SCREENS_DIR;
const THEME_API = '/api/shops/demo-03/admin/theme';

interface ThemeState { theme_pack: string; draft: { pack: string; settings: object; templates: Record<string, { sections: { id: string; type: string; settings: Record<string, unknown> }[] }> }; draft_version: number }

async function openBuilder(page: Page) {
  await page.goto(EDITOR);
  await expect(page.getByRole('list', { name: /Secciones/ })).toBeVisible({ timeout: 20_000 });
}

const rowIds = (page: Page) => page.locator('li.bf-row').evaluateAll((els) => els.map((e) => e.getAttribute('data-section-id')));
const publicOrder = (page: Page) => page.locator('[data-section-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-section-type')));

/** Back to pack 03 with its own templates, published (through the same API the builder uses). */
async function restore(request: APIRequestContext) {
  const discard = await request.post(`${THEME_API}/discard`, { data: {} });
  expect(discard.status(), await discard.text()).toBe(200);
  const state = (await (await request.get(THEME_API)).json()) as ThemeState;
  const packs = ((await (await request.get(THEME_API)).json()) as { packs: { id: string; templates: ThemeState['draft']['templates'] }[] }).packs;
  const p03 = packs.find((p) => p.id === '03')!;
  const templates = Object.fromEntries(Object.entries(p03.templates).map(([k, t]) => [k, { sections: t.sections }]));
  const put = await request.put(`${THEME_API}/draft`, { data: { pack: '03', settings: {}, templates, version: state.draft_version || undefined } });
  expect(put.status(), await put.text()).toBe(200);
  const pub = await request.post(`${THEME_API}/publish`, { data: { version: (await put.json()).draft_version } });
  expect(pub.status(), await pub.text()).toBe(200);
  expect((await pub.json()).theme_pack).toBe('03');
}

test('anonymous visitors are sent to log in; another shop\'s admin is refused', async ({ page, browser }) => {
  await page.goto(EDITOR);
  await expect(page).toHaveURL(/\/login\?next=%2Fdemo-03%2Fadmin%2Feditor/);
  expect((await page.request.get(THEME_API)).status()).toBe(401);

  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const otherPage = await other.newPage();
  const login = await otherPage.request.post('/api/auth/login', { data: { email: 'admin04@demo.test', password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const res = await otherPage.goto(EDITOR);
  expect(res?.status()).toBe(403);
  await expect(otherPage.getByRole('heading', { name: /403/ })).toBeVisible();
  await expect(otherPage.locator('astro-island')).toHaveCount(0);
  expect((await otherPage.request.get(THEME_API)).status()).toBe(403);
  expect((await otherPage.request.post(`${THEME_API}/publish`, { data: {} })).status()).toBe(403);
  await other.close();
});

test('admin03 reorders home by keyboard, switches to pack 04 with a preview and publishes', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page.request, USERS.admin03);
  try {
    await openBuilder(page);
    const before = await rowIds(page);
    const iCat = before.indexOf('catalogues');
    const iProd = before.indexOf('products');
    expect(iCat).toBeGreaterThanOrEqual(0);
    expect(iProd).toBeGreaterThan(iCat);
    await page.screenshot({ path: `${SHOTS}/builder-1440.png` });

    // Keyboard: space picks the section up, arrow up moves it, space drops it.
    const handle = page.locator('li.bf-row[data-section-id="products"] .bf-handle');
    const live = page.locator('[id^="DndLiveRegion"]');
    await handle.focus();
    await page.keyboard.press('Space');
    await expect(page.locator('li.bf-row[data-section-id="products"]')).toHaveClass(/is-dragging/);
    // Each arrow press waits for dnd-kit to announce the move before the next one (a press that lands while the
    // sensor is still activating is lost): first the section over itself, which dnd-kit says once it is active.
    // Announced by the names the list shows ('Productos'), not by ids.
    const names = await page.locator('li.bf-row .bf-row-name > span:first-child').allTextContents();
    await expect(live).toHaveText(/Productos sobre Productos/);
    for (let i = 1; i <= iProd - iCat; i++) {
      // On a loaded machine a press can still be lost: press again only while the move has not been announced.
      const want = new RegExp(`Productos sobre ${names[iProd - i]}`);
      await expect(async () => {
        if (!want.test((await live.textContent()) ?? '')) await page.keyboard.press('ArrowUp');
        await expect(live).toHaveText(want, { timeout: 1500 });
      }).toPass({ timeout: 20_000 });
    }
    await expect(live).toHaveText(/Productos sobre Catálogos/);
    await page.keyboard.press('Space');
    await expect.poll(() => rowIds(page)).toEqual([...before.slice(0, iCat), 'products', ...before.slice(iCat).filter((id) => id !== 'products')]);
    // One save model (issue 27): every edit is live, with Undo; the top bar says so.
    await expect(page.getByTestId('save-model')).toHaveText('Cada cambio se publica en tu tienda al instante; Deshacer lo revierte.');
    await expect(page.locator('.bf-status')).toHaveText('Publicado', { timeout: 10_000 });

    // Switch the pack: live at once, in the preview and for shoppers.
    await page.getByRole('combobox', { name: 'Tema', exact: true }).selectOption('04');
    await expect(page.locator('.bf-status')).toHaveText(/Guardando|Publicando|Cambios sin guardar/);
    await expect(page.locator('.bf-status')).toHaveText('Publicado', { timeout: 10_000 });
    const frame = page.frameLocator('iframe[title="Vista previa de la tienda"]');
    await expect(frame.locator('html')).toHaveAttribute('data-theme-pack', '04', { timeout: 15_000 });
    const anon = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const shopper = await anon.newPage();
    await page.screenshot({ path: `${SHOTS}/builder-1440-pack04.png` });

    // Select a section: its generated form opens.
    await page.locator('li.bf-row[data-section-id="products"] .bf-row-name').click();
    await expect(page.getByRole('form', { name: /Ajustes/ })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/builder-1440-form.png` });
    // The preview's width switch (the settings form has its own breakpoint switch for responsive settings).
    const widths = page.getByRole('group', { name: 'Ancho' });
    await widths.getByRole('button', { name: 'Teléfono' }).click();
    await expect(page.locator('iframe[title="Vista previa de la tienda"]')).toHaveJSProperty('clientWidth', 390);
    await page.screenshot({ path: `${SHOTS}/builder-1440-phone.png` });
    await widths.getByRole('button', { name: 'Escritorio' }).click();

    await shopper.goto('/demo-03/');
    await expect(shopper.locator('html')).toHaveAttribute('data-theme-pack', '04');
    const order = await publicOrder(shopper);
    expect(order.indexOf('products')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('products')).toBeLessThan(order.indexOf('catalogue-strip'));
    await anon.close();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/builder-390.png`, fullPage: true });
  } finally {
    await page.goto('about:blank'); // no auto-save may land after the restore
    await restore(page.request);
  }
  const anon = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const shopper = await anon.newPage();
  await shopper.goto('/demo-03/');
  await expect(shopper.locator('html')).toHaveAttribute('data-theme-pack', '03');
  const order = await publicOrder(shopper);
  expect(order.indexOf('catalogue-strip')).toBeLessThan(order.indexOf('products'));
  await anon.close();
});

test('a draft the schema refuses is not published; the message sits at the section\'s setting', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page.request, USERS.admin03);
  try {
    // A value only the API can put in a draft (the form refuses it): saved as a warning, refused on publish.
    const state = (await (await page.request.get(THEME_API)).json()) as ThemeState;
    const home = state.draft.templates.home!;
    const products = home.sections.find((s) => s.id === 'products')!;
    products.settings = { ...products.settings, columns: 99 };
    const put = await page.request.put(`${THEME_API}/draft`, { data: { ...state.draft, version: state.draft_version || undefined } });
    expect(put.status(), await put.text()).toBe(200);

    await openBuilder(page);
    await page.getByRole('button', { name: 'Guardar ahora' }).click();
    await expect(page.locator('.bf-status')).toHaveText(/No se publicó/, { timeout: 15_000 });
    await expect(page.locator('li.bf-row[data-section-id="products"]')).toHaveClass(/has-error/);
    const columns = page.getByRole('form', { name: /Ajustes/ }).locator('[data-setting="columns"]');
    await expect(columns.getByRole('alert')).toContainText(/6/);
    await page.screenshot({ path: `${SHOTS}/builder-1440-publish-error.png` });
    const anon = await page.context().browser()!.newContext({ baseURL: test.info().project.use.baseURL });
    const shopper = await anon.newPage();
    await shopper.goto('/demo-03/');
    await expect(shopper.locator('html')).toHaveAttribute('data-theme-pack', '03');
    await anon.close();
  } finally {
    await page.goto('about:blank');
    expect((await page.request.post(`${THEME_API}/discard`, { data: {} })).status()).toBe(200);
  }
});

test('every template previews its own storefront page with the draft', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page.request, USERS.admin03);
  await openBuilder(page);
  const frame = page.locator('iframe[title="Vista previa de la tienda"]');
  const expected: Record<string, RegExp> = {
    home: /^\/demo-03\/\?preview=draft/, catalogue_list: /^\/demo-03\/catalogos\?preview=draft/,
    catalogue: /^\/demo-03\/catalogos\/[^/?]+\?preview=draft/, search: /^\/demo-03\/productos\?preview=draft/,
    product: /^\/demo-03\/productos\/[^/]+\/[^/?]+\?preview=draft/,
  };
  for (const [template, src] of Object.entries(expected)) {
    await page.getByRole('combobox', { name: 'Plantilla', exact: true }).selectOption(template);
    await expect(frame).toHaveAttribute('src', src);
    await expect(page.frameLocator('iframe[title="Vista previa de la tienda"]').locator('html')).toHaveAttribute('data-theme-pack', '03', { timeout: 15_000 });
    await expect(page.locator('li.bf-row').first()).toBeVisible();
  }
  await page.screenshot({ path: `${SHOTS}/builder-1440-product.png` });
});
