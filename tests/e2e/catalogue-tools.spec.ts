// Inside a catalogue (issue 13; seed 001 §2, §4, §5, §8): admin03 on demo-03 creates a catalogue (API), adds
// products by search and all those of a category, reorders with the position input and by dragging, removes one
// with undo and one without, edits the name and photo, and duplicates the root store's (red-demo) 'novedades',
// landing on the copy with its 'copied from' link. The whole flow runs at 390 px; screenshots at 390 and 1280 px
// in Spanish and English (test-results/screens/catalogue-tools-*). Anonymous shoppers' catalogue pages carry none
// of it.
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { SCREENS_DIR, USERS, VIEWPORTS, imagesInViewSettled, islandsSettled, signIn, waitForIsland, screenPair } from './helpers.ts';

const dict = (lang: 'es' | 'en') => JSON.parse(readFileSync(`src/locales/${lang}.json`, 'utf8')).catalogueTools as Record<string, string>;
const ES = dict('es');
const EN = dict('en');
const fill = (s: string, vars: Record<string, string | number>) => s.replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? ''));
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The part of a text before its first placeholder (for texts with counts). */
const head = (s: string) => s.split('{')[0]!.trim();

test.use({ locale: 'es-MX' });

const made: string[] = [];
test.afterAll(async ({ playwright, baseURL }) => {
  const req = await playwright.request.newContext({ baseURL });
  await signIn(req, USERS.admin03);
  for (const id of made) await req.delete(`/api/shops/demo-03/admin/catalogues/${id}`);
  await req.dispose();
});

async function openTools(page: Page, path: string) {
  const res = await page.goto(path);
  expect(res?.status(), path).toBe(200);
  await waitForIsland(page, '.ct-bar');
}
const dialog = (page: Page) => page.getByRole('dialog');
const cardsIn = (page: Page) => dialog(page).getByTestId('catalogue-item');
const namesOf = async (page: Page) => (await cardsIn(page).locator('.adm-grow').allInnerTexts()).map((t) => t.split('\n')[0]!.trim());
async function waitOverlayCycle(page: Page, L: Record<string, string>) {
  await expect(dialog(page).getByTestId('position-overlay')).toContainText(L.positionUpdated!);
  await expect(dialog(page).getByTestId('position-overlay')).toHaveCount(0, { timeout: 15_000 });
}

test('catalogue tools at 390 px: add by search and by filter, reorder, remove with and without undo, edit, fork', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize(VIEWPORTS.phone);
  await signIn(page.request, USERS.admin03);
  const created = await page.request.post('/api/shops/demo-03/admin/catalogues', { data: { name: `Selección E2E ${Date.now() % 100000}` } });
  expect(created.status()).toBe(201);
  const cat = await created.json() as { id: string; slug: string; name: string };
  made.push(cat.id);
  const path = `/demo-03/catalogos/${cat.slug}`;
  await openTools(page, path);
  const bar = page.getByRole('navigation', { name: ES.toolbar });
  await expect(bar).toBeVisible();

  // 1. Add one product found by search (debounced), then every 'tazas' product at once.
  const candidates = (part: string) => page.waitForResponse((r) => r.url().includes('/candidates?') && r.url().includes(part) && r.ok());
  const firstLoad = candidates('type=product');
  await bar.getByRole('button', { name: ES.addProducts }).click();
  await firstLoad;
  const searched = candidates('text=playera');
  await dialog(page).getByLabel(ES.search).fill('playera');
  await searched;
  const rows = dialog(page).getByTestId('candidate-row');
  await expect(rows.first()).toContainText(/playera/i);
  await expect(dialog(page).getByTestId('candidate-count')).toContainText(fill(ES.resultCount, { count: '' }).trim());
  const firstName = (await rows.first().locator('.adm-grow').innerText()).split('\n')[0]!.trim();
  await rows.first().getByRole('button', { name: `${ES.add} ${firstName}` }).click();
  await expect(rows.first().getByText(ES.inCatalogue)).toBeVisible();
  await page.screenshot({ path: `${SCREENS_DIR}/catalogue-tools-add-phone-es.png` });
  const cleared = candidates('limit=10');
  await dialog(page).getByLabel(ES.search).fill('');
  await cleared;
  // The category dropdown shows 15 at a time; the first one is enough here.
  const filtered = candidates('category=');
  await dialog(page).getByLabel(ES.category).selectOption({ index: 1 });
  await filtered;
  await expect(dialog(page).getByTestId('add-all')).toBeEnabled();
  await expect(rows.first()).toBeVisible();
  // Issue 26: 'add all' asks first with the count; the batch can be undone as a whole.
  await dialog(page).getByTestId('add-all').click();
  const confirm = dialog(page).getByTestId('add-all-confirm');
  await expect(confirm).toContainText(/¿Agregar \d+ resultados a «/);
  await confirm.getByRole('button', { name: ES.cancel }).click();
  await expect(confirm).toHaveCount(0);
  await dialog(page).getByTestId('add-all').click();
  await confirm.getByRole('button', { name: /^Sí, agregar \d+$/ }).click();
  await expect(dialog(page).getByText(ES.adding)).toBeVisible();
  const done = dialog(page).getByTestId('add-all-done');
  await expect(done).toContainText(/Se agregaron \d+ productos/, { timeout: 15_000 });
  await done.getByRole('button', { name: ES.undoAll }).click();
  await expect(done).toContainText(/Se quitaron los \d+ productos agregados/);
  await dialog(page).getByTestId('add-all').click();
  await confirm.getByRole('button', { name: /^Sí, agregar \d+$/ }).click();
  await expect(done.getByRole('button', { name: ES.undoAll })).toBeVisible({ timeout: 15_000 });
  const reloaded = page.waitForEvent('load', { timeout: 20_000 });
  await done.getByRole('button', { name: ES.seeCatalogue }).click();
  await reloaded;
  await waitForIsland(page, '.ct-bar');
  const grid = page.locator('.catalogue-detail .item-card');
  const total = await grid.count();
  expect(total).toBeGreaterThan(2);
  await expect(page.locator('.catalogue-detail')).toContainText(firstName);

  // 2. Reorder: the last card to position 0 by its input, then drag the third card onto the first.
  await bar.getByRole('button', { name: ES.organise }).click();
  await expect(cardsIn(page).first()).toBeVisible();
  const before = await namesOf(page);
  const last = before[before.length - 1]!;
  const lastInput = dialog(page).getByLabel(fill(ES.positionOf, { name: last }), { exact: true });
  await lastInput.scrollIntoViewIfNeeded();
  await lastInput.fill('0');
  await lastInput.press('Enter');
  await waitOverlayCycle(page, ES);
  await expect(cardsIn(page).first()).toContainText(last);
  await expect(cardsIn(page)).toHaveCount(before.length);
  const third = (await namesOf(page))[2]!;
  await cardsIn(page).nth(2).dragTo(cardsIn(page).nth(0));
  await waitOverlayCycle(page, ES);
  await expect(cardsIn(page).first()).toContainText(third);
  await expect(cardsIn(page)).toHaveCount(before.length);
  await page.screenshot({ path: `${SCREENS_DIR}/catalogue-tools-organise-phone-es.png` });

  // 3. Remove one with undo (the card's button), then one without; the count drops by one.
  const countText = async () => (await dialog(page).getByTestId('organise-count').innerText()).trim();
  const n = await cardsIn(page).count();
  expect(await countText()).toContain(String(n));
  const [keep, drop] = (await namesOf(page)).slice(1, 3) as [string, string];
  await dialog(page).getByRole('button', { name: `${ES.remove} ${keep}`, exact: true }).click();
  await expect(page.getByTestId('toast').filter({ hasText: fill(ES.willRemove, { name: keep }) })).toBeVisible();
  await dialog(page).getByRole('button', { name: `${ES.undo} ${keep}`, exact: true }).click();
  await expect(dialog(page).getByRole('button', { name: `${ES.remove} ${keep}`, exact: true })).toBeVisible();
  await dialog(page).getByRole('button', { name: `${ES.remove} ${drop}`, exact: true }).click();
  await expect(dialog(page).getByRole('button', { name: `${ES.undo} ${drop}`, exact: true })).toBeVisible();
  await expect(cardsIn(page)).toHaveCount(n - 1, { timeout: 10_000 });
  expect(await namesOf(page)).not.toContain(drop);
  expect(await countText()).toContain(String(n - 1));
  await expect(dialog(page).getByRole('button', { name: `${ES.remove} ${keep}`, exact: true })).toBeVisible();
  const afterRemoval = page.waitForEvent('load');
  await dialog(page).getByRole('button', { name: ES.close }).first().click();
  await afterRemoval;
  await waitForIsland(page, '.ct-bar');
  await expect(page.locator('.catalogue-detail')).not.toContainText(drop);
  await expect(page.locator('.catalogue-detail')).toContainText(keep);

  // 4. Edit: the name is required ('*'), then a new name and an SVG photo.
  await bar.getByRole('button', { name: ES.editCatalogue }).click();
  await dialog(page).getByLabel(ES.name, { exact: true }).fill('');
  await dialog(page).getByRole('button', { name: ES.save }).click();
  await expect(dialog(page).getByRole('alert').filter({ hasText: ES.required })).toBeVisible();
  const renamed = `${cat.name} editado`;
  await dialog(page).getByLabel(ES.name, { exact: true }).fill(renamed);
  await expect(dialog(page).getByText(fill(ES.sizeHint, { width: 1000, height: 1000 }))).toBeVisible();
  await dialog(page).locator('input[type=file]').setInputFiles({
    name: 'portada.svg', mimeType: 'image/svg+xml',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100" fill="#be123c"/></svg>'),
  });
  await page.screenshot({ path: `${SCREENS_DIR}/catalogue-tools-edit-phone-es.png` });
  const saved = page.waitForEvent('load');
  await dialog(page).getByRole('button', { name: ES.save }).click();
  await saved;
  await expect(page.locator('#catalogue-title')).toHaveText(renamed);
  await expect(page.locator('.catalogue-cover')).toHaveAttribute('src', /\/media\//);

  // 5. Duplicate the root store's 'novedades' into demo-03: 3.5 s, then the copy with its origin link.
  await openTools(page, '/red-demo/catalogos/novedades');
  await expect(bar.getByRole('button', { name: ES.addProducts })).toHaveCount(0);
  await bar.getByRole('button', { name: ES.duplicate }).click();
  await expect(dialog(page).getByLabel(ES.forkInto)).toHaveValue('demo-03');
  await dialog(page).getByRole('button', { name: ES.forkConfirm }).click();
  await expect(dialog(page).getByText(ES.forking)).toBeVisible();
  await page.waitForURL(/\/demo-03\/catalogos\/novedades-\d+$/, { timeout: 20_000 });
  const forkSlug = page.url().split('/').pop()!;
  const fork = (await (await page.request.get('/api/shops/demo-03/admin/catalogues?limit=100')).json()).results.find((c: { slug: string }) => c.slug === forkSlug);
  made.push(fork.id);
  const from = page.getByTestId('forked-from');
  await expect(from).toContainText(ES.forkedFrom!);
  await expect(from.getByRole('link')).toHaveAttribute('href', '/red-demo/catalogos/novedades');
  expect(await page.locator('.catalogue-detail .item-card').count()).toBeGreaterThan(5);
  await imagesInViewSettled(page);
  await page.screenshot({ path: `${SCREENS_DIR}/catalogue-tools-fork-phone-es.png` });
});

for (const lang of ['es', 'en'] as const) {
  for (const vp of ['phone', 'desktop'] as const) {
    if (!screenPair(lang, vp)) continue;
    test(`screens ${lang} ${vp}: the bar, the add modal, order and removal, the fork dialog`, async ({ page, baseURL }) => {
      const L = lang === 'es' ? ES : EN;
      await page.setViewportSize(VIEWPORTS[vp]);
      if (lang === 'en') await page.context().addCookies([{ name: 'lang', value: 'en', url: baseURL! }]);
      await signIn(page.request, USERS.admin03);
      await openTools(page, '/demo-03/catalogos/novedades');
      await imagesInViewSettled(page);
      await page.screenshot({ path: `${SCREENS_DIR}/catalogue-tools-page-${lang}-${vp}.png` });
      const bar = page.getByRole('navigation', { name: L.toolbar });
      await bar.getByRole('button', { name: L.addProducts }).click();
      await expect(dialog(page).getByTestId('candidate-row').first()).toBeVisible();
      await expect(dialog(page).getByTestId('add-all')).toHaveText(new RegExp(escape(head(L.addAll))));
      await page.screenshot({ path: `${SCREENS_DIR}/catalogue-tools-add-${lang}-${vp}.png` });
      await page.keyboard.press('Escape');
      await bar.getByRole('button', { name: L.organise }).click();
      await expect(cardsIn(page).first()).toBeVisible();
      await page.screenshot({ path: `${SCREENS_DIR}/catalogue-tools-organise-${lang}-${vp}.png` });
      await page.keyboard.press('Escape');
      await bar.getByRole('button', { name: L.network }).click();
      await expect(dialog(page).getByTestId('network-catalogue').first()).toBeVisible();
      await expect(dialog(page).getByTestId('network-catalogue').first()).toContainText('Red Emprende México');
      await page.screenshot({ path: `${SCREENS_DIR}/catalogue-tools-network-${lang}-${vp}.png` });
      await page.keyboard.press('Escape');
      await openTools(page, '/red-demo/catalogos/novedades');
      await bar.getByRole('button', { name: L.duplicate }).click();
      await expect(dialog(page).getByText(L.forkHint!)).toBeVisible();
      await page.screenshot({ path: `${SCREENS_DIR}/catalogue-tools-fork-${lang}-${vp}.png` });
    });
  }
}

test('the bar and the order dialog have no serious or critical axe violations', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await signIn(page.request, USERS.admin03);
  await openTools(page, '/demo-03/catalogos/novedades');
  const audit = async (selector: string) => {
    const { violations } = await new AxeBuilder({ page }).include(selector).analyze();
    const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' ; ')}`), selector).toEqual([]);
  };
  await audit('.ct-bar');
  await page.getByRole('navigation', { name: ES.toolbar }).getByRole('button', { name: ES.organise }).click();
  await expect(cardsIn(page).first()).toBeVisible();
  await audit('[role=dialog]');
});

test('an anonymous shopper\'s catalogue page carries no catalogue tools', async ({ browser }) => {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto('/demo-03/catalogos/novedades');
  await expect(page.locator('.catalogue-detail')).toBeVisible();
  await expect(page.locator('.ct-bar')).toHaveCount(0);
  expect(await page.content()).not.toContain('CatalogueTools');
  await ctx.close();
});

test('on a touch screen a finger drags a card by its handle to a new place', async ({ browser, baseURL }) => {
  const ctx = await browser.newContext({ baseURL, locale: 'es-MX', viewport: VIEWPORTS.phone, hasTouch: true, isMobile: true });
  const page = await ctx.newPage();
  await signIn(page.request, USERS.admin03);
  const created = await page.request.post('/api/shops/demo-03/admin/catalogues', { data: { name: `Táctil E2E ${Date.now() % 100000}` } });
  expect(created.status()).toBe(201);
  const cat = await created.json() as { id: string; slug: string };
  made.push(cat.id);
  const offered = await (await page.request.get('/api/shops/demo-03/products?type=product&limit=4')).json() as { results: { id: string }[] };
  for (const p of offered.results.slice(0, 4)) {
    expect((await page.request.post(`/api/shops/demo-03/admin/catalogues/${cat.id}/products`, { data: { product_id: p.id } })).status()).toBe(201);
  }
  await openTools(page, `/demo-03/catalogos/${cat.slug}`);
  await page.getByRole('navigation', { name: ES.toolbar }).getByRole('button', { name: ES.organise }).click();
  await expect(cardsIn(page)).toHaveCount(4);
  const third = (await namesOf(page))[2]!;
  // Real touch input (Chromium's DevTools protocol): touch start on the third card's handle, move over the first
  // card, lift. HTML5 drag events never fire for a finger; the pointer path must do the move.
  const point = async (i: number, sel: string) => {
    const box = (await cardsIn(page).nth(i).locator(sel).boundingBox())!;
    return { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
  };
  const from = await point(2, '.ct-handle');
  const to = await point(0, '.adm-grow');
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
  for (let s = 1; s <= 5; s++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: from.x + ((to.x - from.x) * s) / 5, y: from.y + ((to.y - from.y) * s) / 5 }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await waitOverlayCycle(page, ES);
  await expect(cardsIn(page).first()).toContainText(third);
  await ctx.close();
});

// Issue 26: React #418 (hydration text mismatch) on catalogue pages for admins: the tools island rendered its two
// stylesheets as two text children of one <style>, which the server separates with '<!-- -->'. Every admin island
// on these pages now hydrates without an error, in es and en.
test('catalogue pages hydrate for an admin without React errors (es, en)', async ({ page, baseURL }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await signIn(page.request, USERS.admin03);
  for (const lang of ['es', 'en']) {
    await page.context().addCookies([{ name: 'lang', value: lang, url: baseURL! }]);
    for (const path of ['/demo-03/catalogos/novedades', '/demo-03/catalogos', '/demo-03/apps/me/referral']) {
      await page.goto(path);
      await islandsSettled(page, 20_000);
      expect(errors, `${lang} ${path}`).toEqual([]);
    }
  }
});
