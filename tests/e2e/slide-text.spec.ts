// Carousel slide words (issue 15), through the carousel editor: the admin writes a title, subtitle and button on a
// slide and picks where they go per breakpoint; shoppers then read them as text over the picture on a desktop and
// below it on a phone (they used to be drawn into the pictures, unreadable at 390 px). Restores the slide after.
import { expect, test, type Page } from '@playwright/test';
import { USERS, VIEWPORTS, signIn, waitForIsland } from './helpers.ts';

const SHOP = 'demo-03';
const API = `/api/shops/${SHOP}/admin`;

test.use({ locale: 'es-MX', viewport: VIEWPORTS.desktop });

async function openCarousel(page: Page) {
  await signIn(page.request, USERS.admin03);
  await page.goto(`/${SHOP}/`);
  await waitForIsland(page, '.adm-bar');
  const toggle = page.getByRole('button', { name: 'Mostrar el menú de administración' });
  if (await toggle.isVisible()) await toggle.click();
  await page.getByRole('navigation', { name: 'Administrar tienda' }).getByRole('button', { name: 'Carrusel', exact: true }).click();
  return page.getByRole('dialog');
}

test('the carousel editor writes a slide\'s words; shoppers read them over the picture on desktop, below it on phones', async ({ page, browser }) => {
  await signIn(page.request, USERS.admin03);
  const original = (await (await page.request.get(`${API}/slides`)).json()).results[0] as Record<string, unknown> & { id: string };
  try {
    const dialog = await openCarousel(page);
    await dialog.getByRole('button', { name: 'Editar 1' }).click();
    await dialog.getByLabel('Título', { exact: true }).fill('Verano en Casa Norte');
    await dialog.getByLabel('Subtítulo', { exact: true }).fill('Lino y algodón hechos a mano');
    await dialog.getByLabel('Texto del botón').fill('Ver colección');
    await dialog.getByLabel('Enlace del botón').fill('javascript:alert(1)');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog.getByText('El enlace del carrusel no es válido')).toBeVisible();
    await dialog.getByLabel('Enlace del botón').fill('/catalogos/moda-y-textiles');
    await dialog.getByLabel('En computadoras').selectOption('over');
    await dialog.getByLabel('En teléfonos').selectOption('below');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog.getByRole('button', { name: 'Agregar diapositiva' })).toBeVisible();
    await expect(dialog.getByText('Verano en Casa Norte', { exact: false })).toBeVisible();

    for (const size of ['desktop', 'phone'] as const) {
      const ctx = await browser.newContext({ viewport: VIEWPORTS[size], locale: 'es-MX', reducedMotion: 'reduce' });
      const shopper = await ctx.newPage();
      await shopper.goto(`/${SHOP}/`);
      const slide = shopper.locator('.header-carousel .swiper-slide').first();
      const words = slide.locator('.slide-text');
      await expect(words.locator('.slide-title')).toHaveText('Verano en Casa Norte', { timeout: 15_000 });
      await expect(words.getByRole('link', { name: 'Ver colección' })).toHaveAttribute('href', `/${SHOP}/catalogos/moda-y-textiles`);
      const pic = (await slide.locator('img').first().boundingBox())!;
      const text = (await words.boundingBox())!;
      if (size === 'desktop') expect(text.y + text.height, 'over the picture').toBeLessThanOrEqual(pic.y + pic.height + 1);
      else expect(text.y, 'below the picture').toBeGreaterThanOrEqual(pic.y + pic.height - 1);
      await ctx.close();
    }
  } finally {
    const keys = ['title', 'subtitle', 'button_label', 'button_url', 'text_desktop', 'text_phone'];
    await page.request.patch(`${API}/slides/${original.id}`, { data: Object.fromEntries(keys.map((k) => [k, original[k] ?? ''])) });
  }
});
