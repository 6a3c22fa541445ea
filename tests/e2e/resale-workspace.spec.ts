// The reseller's workspace (issue 13; seed 001 §2, §4, §5, §8) in a browser. admin03 reaches {shop}/apps/me/referral
// from the store menu's 'Revender', filters by supplier with the GET form, adds an item to her store, removes one
// with the 5 s undo (undone, then let through), adds one to a catalogue, and reads the plans tab's figures and the
// catalogue list; adminfranquicia sees only Café de Altura's items on demo-franquicia. Screenshots at 390 and
// 1280 px in es and en; at 390 px nothing is wider than the screen. What it changes is put back.
import { mkdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { SCREENS_DIR, signIn, VIEWPORTS } from './helpers.ts';

const SHOP = 'demo-03';
const WS = `/${SHOP}/apps/me/referral`;
test.use({ locale: 'es-MX' });

async function shots(page: Page, name: string) {
  mkdirSync(SCREENS_DIR, { recursive: true });
  for (const [vp, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    if (vp === 'phone') {
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(wide, `${name}: nothing wider than 390 px`).toBeLessThanOrEqual(390);
    }
    await page.screenshot({ path: `${SCREENS_DIR}/resale-${name}-${vp}.png`, fullPage: true });
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}

const rows = (page: Page) => page.locator('[data-testid="resale-row"]');
/** A row's actions once its island has hydrated. */
async function actions(row: Locator): Promise<Locator> {
  const a = row.locator('.rs-actions[data-hydrated="true"]');
  await expect(a).toBeVisible({ timeout: 15_000 });
  return a;
}
async function inStore(page: Page, id: string): Promise<boolean> {
  const res = await page.request.post(`/api/shops/${SHOP}/admin/store-products/check`, { data: { ids: [id] } });
  return ((await res.json()) as { in_store: string[] }).in_store.includes(id);
}

test('admin03 filters, adds, removes with undo, adds to a catalogue and reads her plans', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await signIn(page.request, 'admin03@demo.test');

  // From the store menu.
  await page.goto(`/${SHOP}/`);
  await page.getByTestId('menu-resell').click();
  await expect(page).toHaveURL(new RegExp(`${WS}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Revender');
  await expect(rows(page)).toHaveCount(10);
  await expect(page.locator('.rs-tabs a[aria-current="page"]')).toHaveText('Productos para revender');
  await expect(rows(page).first().locator('.rs-earning')).toContainText('Ganas $');
  await shots(page, 'products-es');

  // The filter form (a GET form: the address carries it).
  await page.getByLabel('Proveedor').selectOption({ label: 'Textiles del Bajío' });
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page).toHaveURL(/supplier=/);
  await expect(rows(page)).toHaveCount(10);
  for (const by of await rows(page).locator('.rs-supplier').allTextContents()) expect(by).toBe('de Textiles del Bajío');

  // Add an item that is not in the store.
  const outside = rows(page).and(page.locator('[data-in-store="false"]')).first();
  const id = (await outside.getAttribute('data-product'))!;
  const row = rows(page).and(page.locator(`[data-product="${id}"]`));
  let act = await actions(row);
  await act.getByRole('button', { name: /^Agregar a mi tienda/ }).click();
  await expect(row.getByTestId('resale-toast')).toContainText('Se agregó a tu tienda');
  await expect(act.getByRole('button', { name: /^Quitar de mi tienda/ })).toBeVisible();
  expect(await inStore(page, id)).toBe(true);

  // Remove it: 5 s with an undo; undone first, then let through.
  await act.getByRole('button', { name: /^Quitar de mi tienda/ }).click();
  await expect(act.locator('.rs-removing')).toContainText(/Se quitará en [1-5] s/);
  await page.setViewportSize(VIEWPORTS.phone);
  await page.screenshot({ path: `${SCREENS_DIR}/resale-removing-es-phone.png` });
  await page.setViewportSize(VIEWPORTS.desktop);
  await act.getByRole('button', { name: 'Deshacer' }).click();
  await expect(act.getByRole('button', { name: /^Quitar de mi tienda/ })).toBeVisible();
  expect(await inStore(page, id)).toBe(true);
  await act.getByRole('button', { name: /^Quitar de mi tienda/ }).click();
  await expect(row.getByTestId('resale-toast')).toContainText('Se quitó de tu tienda', { timeout: 10_000 });
  await expect(act.getByRole('button', { name: /^Agregar a mi tienda/ })).toBeVisible();
  expect(await inStore(page, id)).toBe(false);

  // Add it to a catalogue (it goes into the store first).
  const cats = ((await (await page.request.get(`/api/shops/${SHOP}/admin/catalogues`)).json()) as { results: { id: string; name: string; slug: string }[] }).results;
  const soon = cats.find((c) => c.slug === 'proximamente')!;
  act = await actions(row);
  await act.getByRole('combobox', { name: /^Catálogo:/ }).selectOption(soon.id);
  await act.getByRole('button', { name: /^Agregar al catálogo/ }).click();
  await expect(row.getByTestId('resale-toast')).toContainText(`Se agregó a «${soon.name}»`);
  const members = ((await (await page.request.get(`/api/shops/${SHOP}/admin/catalogues/${soon.id}/products`)).json()) as { results: { product_id: string }[] }).results;
  expect(members.map((m) => m.product_id)).toContain(id);
  await shots(page, 'products-filtered-es');

  // The catalogue list shows it counted.
  await page.getByRole('link', { name: 'Mis catálogos' }).first().click();
  await expect(page).toHaveURL(new RegExp(`${WS}/resale/catalogues$`));
  const card = page.locator(`[data-testid="resale-catalogue"][data-slug="${soon.slug}"]`);
  await expect(card.getByTestId('catalogue-count')).toHaveText('1 producto');
  await expect(card.getByRole('link')).toHaveAttribute('href', `/${SHOP}/catalogos/${soon.slug}`);
  await shots(page, 'catalogues-es');
  // Put the demo back: out of the catalogue and the store.
  expect((await page.request.delete(`/api/shops/${SHOP}/admin/store-products/${id}`)).status()).toBe(200);

  // Plans: her plan, its rate, the four plans and the sample figures.
  await page.getByRole('link', { name: 'Planes' }).click();
  await expect(page.getByTestId('current-plan')).toContainText('Tu plan: Tienda en Línea');
  await expect(page.getByTestId('current-plan')).toContainText(/Ganas el 50\s?% del margen/);
  await expect(page.getByTestId('plan')).toHaveCount(4);
  const lines = await page.getByTestId('plan-sample').allTextContents();
  expect(lines).toHaveLength(4);
  // Per currency of the sample (demo-03 sells a few items in EUR and USD): '$994.17 + €15.12'.
  for (const l of lines) expect(l).toMatch(/^Con el plan .+ ganarías \$[\d,.]+( \+ \S+)* en estos 10 artículos$/);
  const amounts = lines.map((l) => / ganarías (.+) en estos/.exec(l)![1]);
  expect(new Set(amounts).size).toBe(1); // every demo plan pays 0.5
  await expect(page.getByRole('link', { name: 'Cambiar de plan' })).toHaveAttribute('href', '/apps/paquetes');
  await shots(page, 'plans-es');

  // English.
  await page.context().addCookies([{ name: 'lang', value: 'en', url: baseURL! }]);
  await page.goto(WS);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Resell');
  await expect(rows(page)).toHaveCount(10);
  await actions(rows(page).first());
  await shots(page, 'products-en');
  await page.goto(`${WS}/resale/plans`);
  await expect(page.getByTestId('plan-sample').first()).toContainText(/you would earn \$[\d,.]+.* on these 10 items/);
  await shots(page, 'plans-en');
  await page.goto(`${WS}/resale/catalogues`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Resell');
  await shots(page, 'catalogues-en');
});

test('adminfranquicia is offered only the franchise supplier\'s items', async ({ page }) => {
  await signIn(page.request, 'adminfranquicia@demo.test');
  await page.goto('/demo-franquicia/apps/me/referral');
  await expect(page.getByTestId('franchise-note')).toBeVisible();
  await expect(rows(page)).toHaveCount(10);
  for (const by of await rows(page).locator('.rs-supplier').allTextContents()) expect(by).toBe('de Café de Altura');
  await expect(page.getByLabel('Proveedor').locator('option')).toHaveText(['Todos los proveedores', 'Café de Altura']);
  for (const type of ['service', 'experience']) {
    await page.goto(`/demo-franquicia/apps/me/referral?type=${type}`);
    for (const by of await rows(page).locator('.rs-supplier').allTextContents()) expect(by).toBe('de Café de Altura');
  }
  await page.goto('/demo-franquicia/apps/me/referral');
  await actions(rows(page).first());
  await shots(page, 'franchise-es');
});

// Issue 26: the store menu's 'Productos +' window and the workspace are one list with one set of rules. The same
// test on both: sorted by margin, a removal waits 5 s and its undo sends nothing, a removal let through takes the
// item out of its catalogue, and adding it back puts it back at the same place.
for (const surface of ['workspace', 'menu'] as const) {
  test(`${surface}: sorted by margin, removal undone keeps the catalogue place, re-adding restores it`, async ({ page }) => {
    test.setTimeout(90_000);
    const deletes: string[] = [];
    page.on('request', (r) => { if (r.method() === 'DELETE') deletes.push(r.url()); });
    await signIn(page.request, 'admin03@demo.test');
    const API = `/api/shops/${SHOP}/admin`;
    const list = ((await (await page.request.get(`${API}/resale?type=product&limit=50&sort=name`)).json()) as { results: { id: string; name: string; in_store: boolean }[] }).results;
    // An item not in the store yet whose name finds only it.
    const item = list.find((r) => !r.in_store && list.filter((o) => o.name.includes(r.name)).length === 1)!;
    expect(item, 'a resellable item outside demo-03').toBeTruthy();
    const cats = ((await (await page.request.get(`${API}/catalogues?limit=50`)).json()) as { results: { id: string; slug: string }[] }).results;
    const nov = cats.find((c) => c.slug === 'novedades')!;
    const members = async () => ((await (await page.request.get(`${API}/catalogues/${nov.id}/products`)).json()) as { results: { product_id: string }[] }).results.map((m) => m.product_id);
    expect((await page.request.put(`${API}/store-products/${item.id}`)).status()).toBe(200);
    expect((await page.request.post(`${API}/catalogues/${nov.id}/products`, { data: { product_id: item.id, queue_position: 2 } })).status()).toBe(201);
    const placed = await members();
    expect(placed.indexOf(item.id)).toBe(2);
    try {
      let scope: Locator;
      if (surface === 'workspace') {
        await page.goto(WS);
        scope = page.locator('[data-testid="resale-products"]');
      } else {
        await page.goto(`/${SHOP}/`);
        await page.getByRole('navigation', { name: 'Menú de la tienda' }).getByRole('button', { name: 'Agregar productos' }).click();
        scope = page.getByRole('dialog', { name: 'Agregar productos' });
      }
      // Sorted by margin: the earnings never grow down the first page of 10.
      const list = scope.locator('[data-testid="resale-row"]');
      await expect(list).toHaveCount(10, { timeout: 15_000 });
      const earnings = (await list.locator('.rs-earning').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-earning')))));
      expect(earnings).toHaveLength(10);
      expect(earnings).toEqual([...earnings].sort((a, b) => b - a));

      if (surface === 'workspace') await page.goto(`${WS}?text=${encodeURIComponent(item.name)}`);
      else {
        // The filtered list replaces the first page (its rows are new ones): wait for it before acting on a row.
        const searched = page.waitForResponse((r) => r.url().includes('/admin/resale?') && r.url().includes('text=') && r.ok());
        await scope.getByLabel('Buscar').fill(item.name);
        await searched;
        await expect(scope.getByTestId('result-count')).toHaveText(/^\d+ resultados$/);
      }
      const row = scope.locator(`[data-testid="resale-row"][data-product="${item.id}"]`);
      await expect(row.locator('.rs-earning')).toContainText('Ganas $');
      const act = await actions(row);
      const remove = act.getByRole('button', { name: `Quitar de mi tienda: ${item.name}` });
      const add = act.getByRole('button', { name: `Agregar a mi tienda: ${item.name}` });

      // Removal undone: still in the store and at its catalogue place.
      await remove.click();
      await expect(act.locator('.rs-removing')).toContainText(/Se quitará en [1-5] s/);
      await act.getByRole('button', { name: 'Deshacer' }).click();
      await expect(remove).toBeVisible();
      expect(await inStore(page, item.id)).toBe(true);
      expect(await members()).toEqual(placed);

      // Removal let through: out of the store and the catalogue. Its 5 s outlast the undone one's, so by its answer
      // an undo that did not cancel would have sent a second DELETE: exactly one went.
      await remove.click();
      await expect(row.getByTestId('resale-toast')).toContainText('Se quitó de tu tienda', { timeout: 15_000 });
      await expect(add).toBeVisible();
      expect(deletes, 'one DELETE: the undone removal sent none').toHaveLength(1);
      expect(await inStore(page, item.id)).toBe(false);
      expect(await members()).not.toContain(item.id);

      // Added back: in the store and back at its catalogue place.
      await add.click();
      await expect(row.getByTestId('resale-toast')).toContainText('Se agregó a tu tienda');
      await expect(remove).toBeVisible();
      expect(await inStore(page, item.id)).toBe(true);
      expect(await members()).toEqual(placed);
    } finally {
      // Out of the catalogue first, so leaving the store leaves nothing to restore.
      await page.request.delete(`${API}/catalogues/${nov.id}/products/${item.id}`);
      await page.request.delete(`${API}/store-products/${item.id}`);
    }
  });
}
