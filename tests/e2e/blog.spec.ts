// The shop blog end to end (seed 001 §2, §4) as adminfifth on demo-fifth: the 'Nueva entrada' button opens the
// editor, an entry with bold text is published, an anonymous visitor sees it on /blogs, on its page and in the home
// slider (which loads no editor script), and the admin deletes it from the editor. The entry is removed however the
// test ends.
import { expect, test, type Page } from '@playwright/test';
import { signIn, SCREENS_DIR, VIEWPORTS, waitForIsland } from './helpers.ts';

test.use({ locale: 'es-MX' });
const SHOP = 'demo-fifth';

async function shot(page: Page, name: string) {
  for (const [size, vp] of [['1280', VIEWPORTS.desktop], ['390', VIEWPORTS.phone]] as const) {
    await page.setViewportSize(vp);
    await page.screenshot({ path: `${SCREENS_DIR}/blog-${name}-${size}.png`, fullPage: true });
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}

test('an admin writes and publishes an entry with bold text; shoppers see it on /blogs and the home slider; then it is deleted', async ({ page, browser }) => {
  const title = `Diario de taller ${Date.now().toString(36)}`;
  let id: string | null = null;
  await page.setViewportSize(VIEWPORTS.desktop);
  await signIn(page.request, 'adminfifth@demo.test');
  try {
    await page.goto(`/${SHOP}/blogs`);
    await page.getByRole('link', { name: 'Nueva entrada', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${SHOP}/blogs/crear$`));
    await waitForIsland(page, '.blog-editor');
    const editor = page.getByRole('textbox', { name: 'Contenido' });
    await expect(editor).toBeVisible();

    // Saving without a title is refused in place.
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Error, el blog debe tener un título' })).toBeVisible();

    await page.getByLabel('Título', { exact: true }).fill(title);
    await editor.click();
    await page.keyboard.type('Hoy cocimos piezas de barro ');
    await page.getByRole('button', { name: 'Negrita' }).click();
    await expect(page.getByRole('button', { name: 'Negrita' })).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.type('en horno de leña');
    await page.getByRole('button', { name: 'Negrita' }).click();
    await page.keyboard.type(' durante toda la noche.');
    await expect(editor.locator('strong')).toHaveText('en horno de leña');
    await page.getByLabel('Etiquetas (separadas por comas)').fill('barro, taller');
    await page.getByRole('switch', { name: /Publicada/ }).check({ force: true });
    await shot(page, 'editor');

    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page).toHaveURL(new RegExp(`/${SHOP}/blogs/[0-9a-f-]{36}\\?guardado=1$`));
    id = /blogs\/([0-9a-f-]{36})/.exec(page.url())![1]!;
    await expect(page.getByRole('status').filter({ hasText: 'Los cambios de la entrada se guardaron.' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.locator('.blog-content strong')).toHaveText('en horno de leña');
    await expect(page.locator('.blog-state')).toHaveCount(0);

    // An anonymous shopper.
    const anon = await browser.newContext({ locale: 'es-MX', viewport: VIEWPORTS.desktop });
    const shopper = await anon.newPage();
    const scripts: string[] = [];
    shopper.on('request', (r) => { if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname); });
    await shopper.goto(`/${SHOP}/blogs`);
    const card = shopper.locator(`[data-blog-card][data-id="${id}"]`);
    await expect(card).toBeVisible();
    await expect(card.getByRole('heading', { name: title })).toBeVisible();
    await expect(card).toContainText('Hoy cocimos piezas de barro en horno de leña durante toda la noche.');
    await shot(shopper, 'list');
    await card.getByRole('link', { name: title }).click();
    await expect(shopper).toHaveURL(new RegExp(`/${SHOP}/blogs/${id}$`));
    await expect(shopper.locator('.blog-content strong')).toHaveText('en horno de leña');
    await expect(shopper.getByRole('link', { name: 'Editar', exact: true })).toHaveCount(0);
    await shot(shopper, 'entry');
    await shopper.goto(`/${SHOP}/`);
    const slider = shopper.locator('.blog-slider');
    await slider.scrollIntoViewIfNeeded();
    await expect(slider.locator(`[data-blog-card][data-id="${id}"]`)).toBeVisible();
    await expect(slider.locator('[data-blog-card]')).toHaveCount(5);
    expect(scripts.filter((s) => /BlogEditor|tiptap|prosemirror/i.test(s))).toEqual([]);
    await anon.close();

    // Back in the editor: delete after confirming.
    await page.getByRole('link', { name: 'Editar', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${SHOP}/blogs/${id}/editar$`));
    await waitForIsland(page, '.blog-editor');
    await expect(page.getByLabel('Título', { exact: true })).toHaveValue(title);
    await page.getByRole('button', { name: 'Eliminar' }).click();
    await page.getByRole('button', { name: 'Sí, eliminar' }).click();
    await expect(page).toHaveURL(new RegExp(`/${SHOP}/blogs$`));
    await expect(page.locator(`[data-blog-card][data-id="${id}"]`)).toHaveCount(0);
    expect((await page.request.get(`/api/shops/${SHOP}/blogs/${id}`)).status()).toBe(404);
    id = null;
  } finally {
    if (id) await page.request.delete(`/api/shops/${SHOP}/admin/blogs/${id}`);
  }
});
