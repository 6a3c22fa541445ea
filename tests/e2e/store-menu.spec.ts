// The store menu's admin actions (seed 001 §2; issue 4) as admin03 on demo-03: the plus button beside Productos
// adds a supplier's product to the store (public afterwards), the franchises modal removes with undo, 'Mis
// catálogos' opens the catalogues modal, and a catalogue card is deleted after the warning toast (cancel first).
// Every test restores demo-03.
import { expect, test, type Page } from '@playwright/test';
import { signIn, USERS, VIEWPORTS, SCREENS_DIR, waitForIsland } from './helpers.ts';

test.use({ locale: 'es-MX' });
const SHOP = 'demo-03';
const API = `/api/shops/${SHOP}/admin`;

async function adminPage(page: Page, path = `/${SHOP}/`) {
  await signIn(page.request, USERS.admin03);
  await page.goto(path);
  await waitForIsland(page, '.adm-bar');
}
const menu = (page: Page) => page.getByRole('navigation', { name: 'Menú de la tienda' });

test('anonymous shoppers get the plain menu; it leads to the section pages', async ({ page }) => {
  await page.goto(`/${SHOP}/`);
  await expect(menu(page).getByRole('link')).toHaveText(['Productos', 'Servicios', 'Experiencias', 'Franquicias']);
  await expect(menu(page).getByRole('button')).toHaveCount(0);
  await menu(page).getByRole('link', { name: 'Franquicias' }).click();
  await expect(page).toHaveURL(new RegExp(`/${SHOP}/franquicias$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Franquicias' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Café de Altura Franquicias/ })).toBeVisible();
});

// Issue 27: on a slow phone the first click on 'Productos +' came before the admin island and was lost. Here the
// island's script is held until the click is made: the window still opens once it runs.
test('a click on Productos + before the admin island runs is not lost', async ({ page }) => {
  await signIn(page.request, USERS.admin03);
  let release!: () => void;
  const held = new Promise<void>((r) => { release = r; });
  await page.route(/\/_astro\/AdminBar[^/]*\.js$/, async (route) => { await held; await route.continue(); });
  await page.goto(`/${SHOP}/`, { waitUntil: 'domcontentloaded' });
  await expect(page.locator('astro-island', { has: page.locator('.adm-bar') })).toHaveAttribute('ssr', /.*/);
  await menu(page).getByRole('button', { name: 'Agregar productos' }).click();
  release();
  await expect(page.getByRole('dialog', { name: 'Agregar productos' })).toBeVisible({ timeout: 15_000 });
});

test('the plus beside Productos adds a supplier product to the store, shown publicly', async ({ page, browser }) => {
  await adminPage(page);
  const res = await page.request.get(`${API}/resale?type=product&limit=50`);
  const candidate = ((await res.json()) as { results: { id: string; owner: string; name: string; in_store: boolean }[] }).results.find((r) => !r.in_store);
  test.skip(!candidate, 'every resellable product is already in demo-03');
  try {
    await menu(page).getByRole('button', { name: 'Agregar productos' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agregar productos' });
    await expect(dialog.getByTestId('resale-row').first()).toBeVisible({ timeout: 15_000 });
    // The filtered list replaces the first page (its rows are new ones): wait for it before acting on a row.
    const searched = page.waitForResponse((r) => r.url().includes('/admin/resale?') && r.url().includes('text=') && r.ok());
    await dialog.getByLabel('Buscar').fill(candidate!.name);
    await searched;
    // The workspace's rows (issue 26): their actions once hydrated.
    const row = dialog.locator(`[data-testid="resale-row"][data-product="${candidate!.id}"]`);
    await row.locator('.rs-actions[data-hydrated="true"]').waitFor();
    await row.getByRole('button', { name: `Agregar a mi tienda: ${candidate!.name}`, exact: true }).click();
    await expect(row.getByRole('button', { name: `Quitar de mi tienda: ${candidate!.name}`, exact: true })).toBeVisible();
    await expect(row.getByTestId('resale-toast')).toContainText('Se agregó a tu tienda');
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.screenshot({ path: `${SCREENS_DIR}/admin-add-products-1280.png` });
    await dialog.getByRole('button', { name: 'Cerrar' }).first().click();
    await page.waitForLoadState('load');
    const anon = await browser.newContext();
    const detail = await anon.request.get(`/${SHOP}/productos/${candidate!.owner}/${candidate!.id}`);
    expect(detail.status()).toBe(200);
    expect(await detail.text()).toContain(candidate!.name);
    await anon.close();
  } finally {
    await page.request.delete(`${API}/store-products/${candidate!.id}`);
  }
});

test('the franchises modal: removing waits for the undo; undo keeps the franchise', async ({ page }) => {
  // The page's clock jumps over the 5 s undo window instead of the test waiting it out.
  await page.clock.install();
  const deletes: string[] = [];
  page.on('request', (r) => { if (r.method() === 'DELETE') deletes.push(r.url()); });
  await adminPage(page);
  await menu(page).getByRole('button', { name: 'Agregar franquicias' }).click();
  const dialog = page.getByRole('dialog', { name: 'Franquicias' });
  const remove = dialog.getByRole('button', { name: 'Quitar Café de Altura Franquicias' });
  await expect(remove).toHaveAttribute('aria-pressed', 'true');
  await remove.click();
  await expect(dialog.getByText(/Quitando/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Deshacer' }).click();
  await expect(remove).toBeVisible();
  await page.clock.runFor(5500);
  await expect(dialog.getByText(/Quitando/)).toHaveCount(0);
  expect(deletes, 'no DELETE once the removal was undone').toEqual([]);
  const list = await (await page.request.get(`${API}/franchises?limit=50`)).json() as { results: { name: string; in_store: boolean }[] };
  expect(list.results.find((f) => f.name === 'Café de Altura Franquicias')?.in_store).toBe(true);
});

test("'Mis catálogos' in the menu opens the catalogues modal", async ({ page }) => {
  await adminPage(page);
  await menu(page).getByRole('button', { name: 'Mis catálogos' }).click();
  await expect(page.getByRole('dialog', { name: 'Mis catálogos' })).toBeVisible();
});

test('deleting a catalogue from its card: warning toast, cancel keeps it, waiting deletes it', async ({ page, browser }) => {
  // The page's clock jumps over the toast's 5 s instead of the test waiting it out.
  await page.clock.install();
  const deletes: string[] = [];
  page.on('request', (r) => { if (r.method() === 'DELETE') deletes.push(r.url()); });
  await signIn(page.request, USERS.admin03);
  const created = await page.request.post(`${API}/catalogues`, { data: { name: 'Catálogo para borrar e2e' } });
  expect(created.status()).toBe(201);
  const { id, slug } = (await created.json()) as { id: string; slug: string };
  try {
    await adminPage(page, `/${SHOP}/catalogos?CataloguesDubaluFilter=${encodeURIComponent('borrar e2e')}`);
    const card = page.locator('[data-catalogue-card]', { hasText: 'Catálogo para borrar e2e' });
    const del = card.getByRole('button', { name: 'Eliminar el catálogo Catálogo para borrar e2e' });
    await del.click();
    await expect(card).toBeHidden();
    const toast = page.getByText('Se eliminará el catálogo «Catálogo para borrar e2e»');
    await expect(toast).toBeVisible();
    await page.screenshot({ path: `${SCREENS_DIR}/admin-card-delete-toast.png` });
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await expect(card).toBeVisible();
    await page.clock.runFor(5500);
    expect(deletes, 'no DELETE once the deletion was cancelled').toEqual([]);
    const anon = await browser.newContext();
    expect((await anon.request.get(`/${SHOP}/catalogos/${slug}`)).status()).toBe(200);

    await del.click();
    await expect(toast).toBeVisible();
    await page.clock.runFor(5500);
    await expect(toast).toBeHidden({ timeout: 6000 });
    await expect(page.getByText('El catálogo se eliminó')).toBeVisible({ timeout: 6000 });
    await expect(card).toHaveCount(0);
    await expect.poll(async () => (await anon.request.get(`/${SHOP}/catalogos/${slug}`)).status()).toBe(404);
    await anon.close();
  } finally {
    await page.request.delete(`${API}/catalogues/${id}`);
  }
});
