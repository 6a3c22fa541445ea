// One language per page for the shop owner (issue 10): the theme builder and the shop's configuration page read
// as Spanish for a Spanish browser and as English for an English one (toolbar, section and setting names, default
// titles, footer styles as words, no raw codes), and the storefront's default section titles follow the visitor's
// language. Read-only: nothing is saved. Screenshots at 390 and 1280 px in both languages.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { SCREENS_DIR, signIn, USERS, VIEWPORTS } from './helpers.ts';

const LANGS = {
  es: {
    locale: 'es-MX', sections: 'Secciones', toolbar: ['Deshacer', 'Guardar ahora', 'Escritorio', 'Teléfono'],
    template: 'Plantilla', pack: 'Tema', carousel: 'Carrusel de encabezados', products: 'Productos', settings: 'Ajustes: Productos',
    labels: ['Título', 'Elementos mostrados', 'Columnas (Escritorio)'], config: 'Configuración de la tienda',
    configLabels: ['Correo de contacto', 'Estilo del pie de página', 'Modo oscuro'], footer: ['El del tema', 'Sencillo', 'Tres columnas (una en teléfonos)'],
    save: 'Guardar', foreign: ['Products', 'Header carousel', 'Title', 'Items shown', 'Save', 'Publish', 'Settings', '(pack)', '(template)', '(draft saved)'],
  },
  en: {
    locale: 'en-US', sections: 'Sections', toolbar: ['Undo', 'Save now', 'Desktop', 'Phone'],
    template: 'Template', pack: 'Theme', carousel: 'Header carousel', products: 'Products', settings: 'Settings: Products',
    labels: ['Title', 'Items shown', 'Columns (Desktop)'], config: 'Shop settings',
    configLabels: ['Contact e-mail', 'Footer style', 'Dark mode'], footer: ["The theme's", 'Simple', 'Three columns (one on phones)'],
    save: 'Save', foreign: ['Productos', 'Catálogos', 'Secciones', 'Guardar', 'Publicar', 'Plantilla', 'Título', 'Configuración', 'Opciones', 'Contacto', 'Volver', 'Exito', 'Éxito'],
  },
} as const;
const RAW_CODES = ['3cols1col', 'AFFILIATE', 'FRANCHISE', 'sections.', 'builder.', 'admin.', 'undefined'];

async function adminPage(browser: Browser, locale: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale });
  const page = await context.newPage();
  await signIn(page.request, USERS.admin03);
  return page;
}

/** What the page says: its text and the names and hints of its controls. */
async function readable(page: Page, selector = 'body'): Promise<string> {
  return page.locator(selector).first().evaluate((root) => [
    (root as HTMLElement).innerText,
    ...[...root.querySelectorAll('*')].flatMap((el) => ['aria-label', 'title', 'placeholder'].map((a) => el.getAttribute(a) ?? '')),
  ].join('\n'));
}
const words = (text: string, list: readonly string[]) => list.filter((w) => new RegExp(`(^|[^\\p{L}])${w.replace(/[().]/g, '\\$&')}($|[^\\p{L}])`, 'u').test(text));

for (const [lang, L] of Object.entries(LANGS)) {
  test.describe(`in ${lang} (${L.locale})`, () => {
    test('the theme builder reads in one language', async ({ browser }) => {
      test.setTimeout(90_000);
      const page = await adminPage(browser, L.locale);
      await page.setViewportSize(VIEWPORTS.desktop);
      await page.goto('/demo-03/admin/editor');
      const list = page.getByRole('list', { name: L.sections });
      await expect(list).toBeVisible({ timeout: 20_000 });
      for (const name of L.toolbar) await expect(page.getByRole('button', { name }).first()).toBeVisible();
      await expect(page.getByRole('combobox', { name: L.template, exact: true })).toBeVisible();
      await expect(page.getByRole('combobox', { name: L.pack, exact: true })).toBeVisible();
      await expect(list.locator('li.bf-row[data-section-id="carousel"] .bf-row-name span').first()).toHaveText(L.carousel);
      await list.locator('li.bf-row[data-section-type="products"] .bf-row-name').first().click();
      const form = page.getByRole('form', { name: L.settings });
      await expect(form).toBeVisible();
      for (const label of L.labels) await expect(form.getByText(label, { exact: true }).first()).toBeVisible();
      await expect(form.getByLabel(L.labels[0], { exact: true })).toHaveAttribute('placeholder', L.products);
      const panel = await readable(page, '.bf-panel');
      const top = await readable(page, '.bf-top');
      expect(words(`${panel}\n${top}`, L.foreign)).toEqual([]);
      expect(words(`${panel}\n${top}`, RAW_CODES)).toEqual([]);
      await page.screenshot({ path: `${SCREENS_DIR}/admin-builder-${lang}-1280.png` });
      await page.setViewportSize(VIEWPORTS.phone);
      await expect(form).toBeVisible();
      await page.screenshot({ path: `${SCREENS_DIR}/admin-builder-${lang}-390.png`, fullPage: true });
      await page.context().close();
    });

    test('the configuration page reads in one language, with footer styles as words', async ({ browser }) => {
      const page = await adminPage(browser, L.locale);
      for (const [size, viewport] of [['1280', VIEWPORTS.desktop], ['390', VIEWPORTS.phone]] as const) {
        await page.setViewportSize(viewport);
        await page.goto('/demo-03/admin/configuracion');
        await expect(page.getByRole('heading', { level: 1, name: L.config })).toBeVisible();
        for (const label of L.configLabels) await expect(page.locator('main').getByText(label, { exact: true })).toBeVisible();
        await expect(page.locator('select[name="footer_style"] option')).toHaveText([...L.footer]);
        await expect(page.getByRole('button', { name: L.save, exact: true })).toBeVisible();
        const text = await readable(page, 'main');
        expect(words(text, L.foreign)).toEqual([]);
        expect(words(text, RAW_CODES)).toEqual([]);
        // Nothing wider than the screen (the file input once pushed the form past 390 px).
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        await page.screenshot({ path: `${SCREENS_DIR}/admin-config-${lang}-${size}.png`, fullPage: true });
      }
      await page.context().close();
    });

    test('the storefront shows default section titles in the visitor\'s language', async ({ browser }) => {
      const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: L.locale });
      const page = await context.newPage();
      await page.goto('/demo-03/');
      await expect(page.locator('#products-title')).toContainText(L.products);
      await context.close();
    });
  });
}
