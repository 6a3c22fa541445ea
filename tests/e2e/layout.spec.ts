// Layout defects of issue 15, as a visitor sees them (that no page is wider than a 390 px phone, every page of every
// pack signed out and as the shop's admin and the platform pages, is checked by a11y.spec.ts's walk of the same pages
// at that size, one page load for both checks); the catalogue selector opens inside the page; the
// floating chat buttons leave the footer's controls free; a catalogue card's '×' keeps off its name; the cart
// drawer covers the admin bar; long shop names are shown whole on phones; the search form only where it belongs;
// the phone user menu is a 280 px side panel; the product photo strip scrolls by keyboard; the empty cart leads on.
import { expect, test, type Locator } from '@playwright/test';
import { PACK_ADMINS, USERS, VIEWPORTS, firstProduct, signIn } from './helpers.ts';

test.use({ locale: 'es-MX' });

const phone = { viewport: VIEWPORTS.phone, isMobile: true, hasTouch: true };

const box = async (l: Locator) => (await l.boundingBox())!;
const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test.describe('phone, 390 px', () => {
  test.use(phone);

  test('a long shop name is shown whole beside a wide logo', async ({ page }) => {
    await page.goto('/demo-franquicia/');
    const name = page.locator('.shop-header .brand .name');
    await expect(name).toHaveText('Café de Altura Franquicias');
    const clipped = await name.evaluate((el) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight + 1);
    expect(clipped).toBe(false);
  });

  test('the user menu is a 280 px side panel over a scrim that closes it', async ({ page }) => {
    await signIn(page.request, USERS.cliente);
    await page.goto('/demo-03/');
    const menu = page.locator('details.user-menu');
    await menu.locator('summary.avatar').click();
    const panel = menu.locator('.panel');
    await expect(panel).toBeVisible();
    await expect.poll(async () => Math.round((await box(panel)).x)).toBe(390 - 280); // slid in to the right edge
    const b = await box(panel);
    expect(Math.round(b.width)).toBe(280);
    expect(b.y).toBe(0);
    expect(Math.round(b.height)).toBe(844);
    for (const href of ['/demo-03/mis-compras', '/demo-03/preferencias']) await expect(panel.locator(`a[href="${href}"]`)).toBeVisible();
    await expect(panel.locator('a[href^="/logout"]')).toBeVisible();
    // A tap on the scrim beside the panel closes the menu (no script: the scrim is the summary's own ::before).
    await page.mouse.click(40, 400);
    await expect(menu).not.toHaveAttribute('open', /.*/);
    await expect(panel).toBeHidden();
  });

  test('the product photo strip can be scrolled with the keyboard', async ({ page }) => {
    const p = await firstProduct(page.request, 'demo-03');
    await page.goto(`/demo-03/productos/${p.owner}/${p.id}`);
    const strip = page.locator('.pd-slides');
    expect(await strip.locator('.pd-slide').count(), 'the product has several photos').toBeGreaterThan(1);
    await expect(strip).toHaveAttribute('tabindex', '0');
    await expect(strip).toHaveAccessibleName(/.+/);
    await strip.focus();
    await expect(strip).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => strip.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  });

  test('the empty cart says so and leads back to the shop', async ({ page }) => {
    await page.goto('/demo-03/carrito');
    await expect(page.getByText('Tu carrito está vacío')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Seguir comprando' })).toHaveAttribute('href', '/demo-03/');
  });
});

test.describe('desktop, 1280 px', () => {
  test.use({ viewport: VIEWPORTS.desktop });

  test('the catalogue selector opens inside the page, above the floating buttons', async ({ page }) => {
    await page.goto('/demo-03/');
    const select = page.locator('.catalogue-select');
    await select.locator('summary').click();
    const list = select.locator('ul');
    await expect(list).toBeVisible();
    const b = await box(list);
    expect(b.x).toBeGreaterThanOrEqual(0);
    expect(b.x + b.width).toBeLessThanOrEqual(1280);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(1280);
    // Whatever of the list lies under a floating button is the list's, not the button's.
    const last = list.locator('a').last();
    await last.scrollIntoViewIfNeeded();
    const lb = await box(last);
    const hit = await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.closest('.catalogue-select') !== null, [lb.x + lb.width - 4, lb.y + lb.height / 2]);
    expect(hit).toBe(true);
  });

  for (const size of ['phone', 'desktop'] as const) {
    test(`the floating buttons leave the footer's controls free (${size})`, async ({ page }) => {
      await page.setViewportSize(VIEWPORTS[size]);
      await page.goto('/demo-03/');
      const fabs = page.locator('.floating .fab');
      expect(await fabs.count(), 'demo-03 has WhatsApp and chat').toBe(2);
      await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
      // On a phone the two fold into one launcher (src/components/store/FloatingStack.astro).
      const shown = page.locator('.floating .fab, .floating .fs-launcher').filter({ visible: true });
      expect(await shown.count()).toBe(size === 'phone' ? 1 : 2);
      for (const control of await page.locator('.shop-footer .prefs select, .shop-footer .prefs button, .shop-footer .links a').all()) {
        const c = await box(control);
        for (const fab of await shown.all()) expect(overlap(c, await box(fab)), `${await control.textContent()} under a floating button`).toBe(false);
      }
    });
  }

  test("a catalogue card's '×' keeps off its name", async ({ page }) => {
    await signIn(page.request, PACK_ADMINS['demo-03']);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/demo-03/catalogos');
      const cardsWithX = page.locator('[data-catalogue-card]:has(.card-delete)');
      expect(await cardsWithX.count()).toBeGreaterThan(0);
      for (const card of await cardsWithX.all()) {
        const x = await box(card.locator('.card-delete'));
        const name = await box(card.locator('.catalogue-name'));
        expect(overlap(x, name), `${width} px: '×' over ${await card.locator('.catalogue-name').textContent()}`).toBe(false);
      }
    }
  });

  test('the cart drawer covers the admin side bar', async ({ page }) => {
    await signIn(page.request, PACK_ADMINS['demo-03']);
    await page.goto('/demo-03/');
    const toggle = page.locator('.adm-bar-toggle');
    await expect(toggle).toBeVisible({ timeout: 15_000 });
    await page.locator('.shop-header a[href$="/carrito"]').first().click();
    await expect(page.locator('.cart-drawer')).toBeVisible({ timeout: 15_000 });
    const t = await box(toggle);
    const onTop = await page.evaluate(([x, y]) => !!document.elementFromPoint(x!, y!)?.closest('.adm-bar'), [t.x + t.width / 2, t.y + t.height / 2]);
    expect(onTop, 'the admin bar is under the drawer and its scrim').toBe(false);
  });

  test('the search form is on the home and results pages only; other pages use the header toggle', async ({ page }) => {
    const p = await firstProduct(page.request, 'demo-basic');
    await page.goto('/demo-basic/');
    await expect(page.locator('main .search-form')).toHaveCount(1);
    await page.goto('/demo-basic/productos');
    await expect(page.locator('main .search-form')).toHaveCount(1);
    for (const path of ['/demo-basic/catalogos', '/demo-basic/catalogos/novedades', `/demo-basic/productos/${p.owner}/${p.id}`]) {
      await page.goto(path);
      await expect(page.locator('main .search-form'), path).toHaveCount(0);
      await expect(page.locator('.shop-header .so-toggle'), path).toBeVisible();
    }
  });
});
