// Issue 15 'one place to edit': theme-wide settings and per-breakpoint section settings in the builder. admin03
// changes the accent colour, the body font and the button radius in 'Theme settings', undoes one more change,
// publishes, and an anonymous shopper's browser computes the new values on demo-03. A product grid's columns per
// breakpoint show in the preview at phone, tablet and desktop width. Screenshots of the panel at 390 and 1280 px in
// Spanish and English. Everything it changes on demo-03 is put back afterwards.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { SCREENS_DIR, signIn, USERS, VIEWPORTS } from './helpers.ts';

test.use({ locale: 'es-MX' });
test.describe.configure({ mode: 'serial' });

const SHOP = 'demo-03';
const THEME_API = `/api/shops/${SHOP}/admin/theme`;
const EDITOR = `/${SHOP}/admin/editor`;
const ACCENT = '#e11d48';
const ACCENT_RGB = 'rgb(225, 29, 72)';

const frame = (page: Page) => page.frameLocator('iframe[data-device]');
const themePanel = (page: Page) => page.getByTestId('theme-settings');

/** The published theme back to pack 03 with its own templates and no theme settings. */
async function restoreTheme(request: APIRequestContext) {
  await request.post(`${THEME_API}/discard`, { data: {} });
  const state = (await (await request.get(THEME_API)).json()) as { draft_version: number; packs: { id: string; templates: Record<string, { sections: unknown[] }> }[] };
  const p03 = state.packs.find((p) => p.id === '03')!;
  const templates = Object.fromEntries(Object.entries(p03.templates).map(([k, t]) => [k, { sections: t.sections }]));
  const put = await request.put(`${THEME_API}/draft`, { data: { pack: '03', settings: {}, tokens: {}, templates, version: state.draft_version || undefined } });
  expect(put.status(), await put.text()).toBe(200);
  const pub = await request.post(`${THEME_API}/publish`, { data: { version: (await put.json()).draft_version } });
  expect(pub.status(), await pub.text()).toBe(200);
}

async function openBuilder(page: Page, query = '') {
  await signIn(page.request, USERS.admin03);
  await page.goto(`${EDITOR}${query}`);
  await expect(page.locator('.bf-top')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('li.bf-row, [data-testid="theme-settings"]').first()).toBeVisible({ timeout: 20_000 });
}

// Every edit is live (issue 27): saved, then published.
const saved = (page: Page) => expect(page.locator('.bf-status')).toHaveText(/^(Publicado|Published)$/, { timeout: 15_000 });

test.afterAll(async ({ browser }) => {
  const ctx = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await signIn(ctx.request, USERS.admin03);
  await restoreTheme(ctx.request);
  await ctx.close();
});

test('theme settings: accent, font and button radius; one change undone; published; a shopper\'s browser computes them', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(VIEWPORTS.desktop);
  await openBuilder(page);
  await page.getByRole('button', { name: 'Ajustes del tema' }).click();
  await expect(page).toHaveURL(/panel=theme/);
  const panel = themePanel(page);
  await expect(panel.getByRole('heading', { name: 'Ajustes del tema' })).toBeVisible();

  await panel.getByRole('textbox', { name: 'Acento', exact: true }).fill(ACCENT);
  await panel.getByLabel('Letra del texto').selectOption('serif');
  await panel.getByRole('slider', { name: 'Botones' }).fill('20');
  await expect(panel.locator('output[for="bf-radius_button"]')).toHaveText('20 px');
  // One more change, then undone: the heading font stays the pack's.
  await panel.getByLabel('Letra de los títulos').selectOption('mono');
  await page.getByRole('button', { name: /Deshacer/ }).click();
  await expect(panel.getByLabel('Letra de los títulos')).toHaveValue('');
  await expect(panel.getByLabel('Letra del texto')).toHaveValue('serif');

  // The preview shows them (live, then from the saved draft).
  await saved(page);
  const preview = frame(page);
  await expect(preview.locator('a.skip')).toHaveCSS('color', ACCENT_RGB, { timeout: 20_000 });
  await expect(preview.locator('body')).toHaveCSS('font-family', /Charter/);
  await expect(preview.locator('.btn').first()).toHaveCSS('border-top-left-radius', '20px');

  // Screenshots of the panel at 1280 and 390 px (Spanish).
  await page.screenshot({ path: `${SCREENS_DIR}/builder-theme-es-desktop.png` });
  await page.setViewportSize(VIEWPORTS.phone);
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENS_DIR}/builder-theme-es-phone.png`, fullPage: true });
  await page.setViewportSize(VIEWPORTS.desktop);

  await page.getByRole('button', { name: 'Guardar ahora' }).click();
  await expect(page.locator('.bf-status')).toHaveText('Publicado', { timeout: 15_000 });

  // An anonymous shopper (no script needed: the values are CSS in the page).
  const ctx = await browser.newContext({ locale: 'es-MX', viewport: VIEWPORTS.desktop, baseURL: test.info().project.use.baseURL });
  const shopper = await ctx.newPage();
  await expect.poll(async () => {
    await shopper.goto(`/${SHOP}/`);
    return shopper.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--accent').trim());
  }, { timeout: 15_000 }).toBe(ACCENT);
  const computed = await shopper.evaluate(() => {
    const link = document.querySelector('a.skip');
    const button = document.querySelector('.btn');
    const heading = document.querySelector('h2');
    return {
      link: link ? getComputedStyle(link).color : null,
      body: getComputedStyle(document.body).fontFamily,
      heading: heading ? getComputedStyle(heading).fontFamily : null,
      radius: button ? getComputedStyle(button).borderTopLeftRadius : null,
    };
  });
  expect(computed.link).toBe(ACCENT_RGB);
  expect(computed.body).toContain('Charter');
  expect(computed.heading).toContain('Georgia');
  expect(computed.radius).toBe('20px');
  await ctx.close();
});

test('theme settings panel in English at 1280 and 390 px', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await openBuilder(page, '?panel=theme&lang=en');
  const panel = themePanel(page);
  await expect(panel.getByRole('heading', { name: 'Theme settings' })).toBeVisible();
  await expect(panel.getByText('Rounded corners')).toBeVisible();
  await page.screenshot({ path: `${SCREENS_DIR}/builder-theme-en-desktop.png` });
  await page.setViewportSize(VIEWPORTS.phone);
  await page.screenshot({ path: `${SCREENS_DIR}/builder-theme-en-phone.png`, fullPage: true });
  // A colour that is not one is refused in place and never reaches the draft.
  await panel.getByRole('textbox', { name: 'Background', exact: true }).fill('not a colour');
  await expect(panel.getByRole('alert')).toHaveText(/Enter a colour/);
});

test('a product grid\'s columns per breakpoint: edited with the breakpoint switch, shown at each preview width', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openBuilder(page);
  await page.locator('li.bf-row[data-section-id="products"] .bf-row-name').click();
  const form = page.getByRole('form', { name: /Ajustes/ });
  const cols = () => frame(page).locator('[data-section-id="products"] .item-grid').evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);

  await form.getByRole('button', { name: 'Teléfono' }).click();
  await expect(page.locator('.bf-preview-bar [data-device="phone"]')).toHaveAttribute('aria-pressed', 'true');
  await form.locator('[data-setting="columns@phone"] input[type=number]').fill('1');
  await saved(page);
  await expect.poll(cols, { timeout: 20_000 }).toBe(1);
  await page.screenshot({ path: `${SCREENS_DIR}/builder-breakpoint-es-desktop.png` });

  await form.getByRole('button', { name: 'Tableta' }).click();
  await form.locator('[data-setting="columns@tablet"] input[type=number]').fill('2');
  await saved(page);
  await expect(page.locator('iframe[data-device="tablet"]')).toBeVisible();
  await expect.poll(cols, { timeout: 20_000 }).toBe(2);

  await page.locator('.bf-preview-bar [data-device="desktop"]').click();
  await expect(form.locator('[data-setting="columns"]')).toBeVisible();
  await expect.poll(cols, { timeout: 20_000 }).toBe(4);
  // Back to the phone width: still one column (the values are kept per breakpoint).
  await page.locator('.bf-preview-bar [data-device="phone"]').click();
  await expect(form.locator('[data-setting="columns@phone"] input[type=number]')).toHaveValue('1');
  await expect.poll(cols, { timeout: 20_000 }).toBe(1);
});
