// The storefront of issue 3 in a real Chromium against the built server and the demo data: every pack's pages
// at phone and desktop size (screenshots), the search overlay, catalogue paging, sorting, banner targeting,
// the footer's language and dark-mode switches, and a live product event reaching an open page.
//
// The tests of this file run one after another on one worker (Playwright's default inside a file), so the
// live-event test, which takes an item out of demo-03 and puts it back, does not race the paging or sort tests.
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import {
  PACKS, SCREENS_DIR, USERS, VIEWPORTS, cardIds, cardPrices, cards, fold, imagesInViewSettled,
  openPack, packPages, signIn, slideImages, type ViewportName,
} from './helpers.ts';

// Headless Chromium asks for en-US; a Mexican shopper asks for Spanish, the shops' own language.
test.use({ locale: 'es-MX' });

mkdirSync(SCREENS_DIR, { recursive: true });

/**
 * The header's search toggle (a home page may also carry a search-bar section with its own 'Buscar' button).
 * The overlay hydrates on first interaction (client:interaction): a click before hydration is replayed, so
 * the test clicks at once, as a shopper would.
 */
const searchToggle = (page: Page) => page.locator('header').getByRole('button', { name: 'Buscar', exact: true });

async function shot(page: Page, name: string) {
  await imagesInViewSettled(page);
  await page.screenshot({ path: `${SCREENS_DIR}/${name}.png`, fullPage: false, animations: 'disabled' });
}

test.describe('every pack at phone and desktop size', () => {
  for (const vp of Object.keys(VIEWPORTS) as ViewportName[]) {
    test.describe(vp, () => {
      test.use({ viewport: VIEWPORTS[vp], isMobile: vp === 'phone', hasTouch: vp === 'phone' });
      for (const { slug, pack } of PACKS) {
        test(`${pack}: home, catalogue and product pages render with their pack`, async ({ page }) => {
          // A still carousel: the screenshots show the first slide, not a fade in progress.
          await page.emulateMedia({ reducedMotion: 'reduce' });
          for (const p of await packPages(page.request, slug)) {
            await openPack(page, p.path, pack);
            await expect(page.locator('html')).toHaveAttribute('data-mode', /^(light|dark)$/);
            await expect(page.locator('html')).toHaveAttribute('lang', /^es/);
            await shot(page, `${pack}-${p.name}-${vp}`);
            if (p.name === 'home') {
              // The home's product grid (demo-fifth lists experiences first; products are further down).
              const grid = (await page.locator('#products .item-grid').count())
                ? page.locator('#products .item-grid') : page.locator('.item-grid').first();
              await expect(grid).toBeVisible();
              await grid.evaluate((el) => el.scrollIntoView({ block: 'start' }));
              await shot(page, `${pack}-home-grid-${vp}`);
            }
            if (p.name === 'catalogue') await expect(cards(page).first()).toBeVisible();
            if (p.name === 'product') await expect(page.locator('main h1')).toBeVisible();
            // Nothing wider than the screen: a phone layout must not scroll sideways.
            const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
            expect(overflow, `${p.path} is ${overflow}px wider than the ${vp} viewport`).toBeLessThanOrEqual(0);
          }
        });
      }
    });
  }
});

test.describe('shopping on demo-03', () => {
  test.use({ viewport: VIEWPORTS.desktop });

  test('the header search overlay finds café and leads to the results page', async ({ page }) => {
    await page.goto('/demo-03/');
    await searchToggle(page).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const box = dialog.getByRole('searchbox');
    await box.fill('cafe');
    const results = dialog.getByRole('list').getByRole('link');
    await expect(results.first()).toBeVisible({ timeout: 10_000 });
    const names = await results.allInnerTexts();
    expect(names.some((n) => fold(n).includes('cafe')), `overlay results: ${names.join(' | ')}`).toBe(true);
    await page.screenshot({ path: `${SCREENS_DIR}/03-search-overlay-desktop.png` });

    // Enter submits to the results page: {shop}/productos?filter="cafe"*
    await box.press('Enter');
    await expect(page).toHaveURL(/\/demo-03\/productos\?filter=(%22|")cafe(%22|")\*/);
    const found = page.locator('main .item-card[data-item-id]');
    await expect(found.first()).toBeVisible();
    const listed = await page.locator('main .item-card .item-name').allInnerTexts();
    // Name matches rank first: the top results all carry café/cafe (cafetera counts) in their names.
    const top = listed.slice(0, 5);
    expect(top.length).toBeGreaterThan(0);
    for (const n of top) expect(fold(n), `results page: ${listed.join(' | ')}`).toContain('cafe');
    await page.screenshot({ path: `${SCREENS_DIR}/03-search-results-desktop.png` });
  });

  test('the overlay\'s "see all" link opens the same results page', async ({ page }) => {
    await page.goto('/demo-03/');
    await searchToggle(page).click();
    await page.getByRole('dialog').getByRole('searchbox').fill('cafe');
    const seeAll = page.getByRole('dialog').getByRole('link', { name: 'Ver más' });
    await expect(seeAll).toBeVisible({ timeout: 10_000 });
    await seeAll.click();
    await expect(page).toHaveURL(/\/demo-03\/productos\?filter=(%22|")cafe(%22|")\*/);
    await expect(page.locator('main .item-card[data-item-id]').first()).toBeVisible();
  });

  test('catalogue pages: 30 items a page, page 2 differs, the last page holds the rest', async ({ page }) => {
    // demo-03's novedades: 30 items a page (the spec's CATALOGUE_PRODUCTS_PER_PAGE), three pages.
    const grid = () => page.locator('[data-section-type="main-catalogue"]');
    await page.goto('/demo-03/catalogos/novedades');
    await expect(cards(grid()).first()).toBeVisible();
    const stated = Number(/\d+/.exec(await page.locator('.result-count').first().innerText())?.[0] ?? NaN);
    const p1 = await cardIds(grid());
    await page.goto('/demo-03/catalogos/novedades?page=2');
    await expect(cards(grid()).first()).toBeVisible();
    const p2 = await cardIds(grid());
    await page.goto('/demo-03/catalogos/novedades?page=3');
    await expect(cards(grid()).first()).toBeVisible();
    const p3 = await cardIds(grid());
    expect(p1).toHaveLength(30);
    expect(p2).toHaveLength(30);
    const all = new Set([...p1, ...p2, ...p3]);
    expect(all.size, 'no item on two pages').toBe(p1.length + p2.length + p3.length);
    // The pager offers page 1 from page 3 and no page 4.
    const pager = page.locator('nav.pagination, nav[aria-label*="aginaci"]').first();
    if (await pager.count()) {
      await expect(pager.getByRole('link', { name: /^(Página )?1$/ })).toBeVisible();
      await expect(pager.locator('a[href*="page=4"]')).toHaveCount(0);
    }
    // What the page says it holds is what its pages list, and page 3 holds what pages 1 and 2 leave.
    // (The seed puts 70 items in novedades, 4 of them unpublished: 66 are shown, 30/30/6.)
    expect(stated, `the page says "${stated}" items; pages 1-3 list ${all.size}`).toBe(all.size);
    expect(stated).toBeGreaterThan(60);
    expect(p3).toHaveLength(stated - 60);
  });

  test('sorting by highest price orders the first cards by descending price', async ({ page }) => {
    await page.goto('/demo-03/');
    const section = page.locator('section#products');
    await section.getByRole('link', { name: 'Mayor precio' }).click();
    await expect(page).toHaveURL(/products_sort=-list_price/);
    await expect(section.getByRole('link', { name: 'Mayor precio' })).toHaveAttribute('aria-current', 'true');
    const prices = (await cardPrices(section)).slice(0, 8).filter((p): p is number => p !== null);
    expect(prices.length, 'priced cards').toBeGreaterThan(3);
    expect(prices, `prices ${prices.join(', ')}`).toEqual([...prices].sort((a, b) => b - a));

    await section.getByRole('link', { name: 'Menor precio' }).click();
    await expect(page).toHaveURL(/products_sort=list_price/);
    const asc = (await cardPrices(section)).slice(0, 8).filter((p): p is number => p !== null);
    expect(asc, `prices ${asc.join(', ')}`).toEqual([...asc].sort((a, b) => a - b));
  });

  test('banner targeting: anonymous, ul0 and ul1 visitors see different slides and header buttons', async ({ browser, baseURL }) => {
    // demo-03: slide 3 ("Vive México...") is for anonymous visitors only; the header's signup button is for
    // anonymous visitors and ul0. demo-04: slide 3 ("Emprende con nosotros") is for ul1 only.
    const visit = async (who: keyof typeof USERS | null, slug: string) => {
      const ctx = await browser.newContext({ baseURL, locale: 'es-MX', viewport: VIEWPORTS.desktop });
      const page = await ctx.newPage();
      if (who) await signIn(page.request, USERS[who]);
      await page.goto(`/${slug}/`);
      const slides = await slideImages(page);
      const signup = await page.locator('.header-carousel .header-info a[href^="/signup"]').count();
      await ctx.close();
      return { slides, signup };
    };
    const anon03 = await visit(null, 'demo-03');
    const cliente03 = await visit('cliente', 'demo-03');
    const emprendedor03 = await visit('emprendedor', 'demo-03');
    expect(anon03.slides, 'demo-03 anonymous: 3 slides').toHaveLength(3);
    expect(cliente03.slides, 'demo-03 ul0: the anonymous-only slide is gone').toHaveLength(2);
    expect(anon03.slides).toEqual(expect.arrayContaining(cliente03.slides));
    expect(anon03.signup, 'demo-03 anonymous: signup button').toBe(1);
    expect(cliente03.signup, 'demo-03 ul0: signup button').toBe(1);
    expect(emprendedor03.signup, 'demo-03 ul1: no signup button').toBe(0);

    const anon04 = await visit(null, 'demo-04');
    const emprendedor04 = await visit('emprendedor', 'demo-04');
    expect(anon04.slides, 'demo-04 anonymous: 2 slides').toHaveLength(2);
    expect(emprendedor04.slides, 'demo-04 ul1: the ul1 slide is added').toHaveLength(3);
  });

  test('the footer language switch changes the page text and persists', async ({ page }) => {
    await page.goto('/demo-03/');
    await expect(page.locator('html')).toHaveAttribute('lang', /^es/);
    await expect(page.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
    const form = page.locator('footer form[action="/api/preferences"]');
    // Choosing the language is enough (no separate 'Aplicar' with script).
    await expect(form.getByRole('button', { name: 'Aplicar' })).toHaveCount(0);
    await Promise.all([page.waitForURL(/\/demo-03\/$/), form.locator('select[name="lang"]').selectOption('en')]);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Iniciar sesión' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
    const lang = (await page.context().cookies()).find((c) => c.name === 'lang');
    expect(lang?.value).toBe('en');
    // 365 days, give or take the test's own duration.
    expect(lang!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 86_400_000);
    // Other pages of the shop follow the cookie too.
    await page.goto('/demo-03/catalogos/novedades');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('dark mode persists across reloads and toggles back', async ({ page }) => {
    await page.goto('/demo-03/');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-mode', 'light');
    const toggle = page.locator('footer button[name="theme"]');
    await toggle.click();
    await expect(html).toHaveAttribute('data-mode', 'dark');
    await page.reload();
    await expect(html).toHaveAttribute('data-mode', 'dark');
    await page.goto('/demo-03/catalogos/novedades');
    await expect(html).toHaveAttribute('data-mode', 'dark');
    await page.screenshot({ path: `${SCREENS_DIR}/03-catalogue-dark-desktop.png` });
    await page.locator('footer button[name="theme"]').click();
    await expect(html).toHaveAttribute('data-mode', 'light');
    await page.reload();
    await expect(html).toHaveAttribute('data-mode', 'light');
  });

  test('a live product event reaches an open page without a reload', async ({ page, playwright, baseURL }) => {
    const subscribed = page.waitForResponse((r) => r.url().includes('/api/shops/demo-03/events'), { timeout: 20_000 });
    await page.goto('/demo-03/');
    const grid = page.locator('section#products .item-grid');
    await expect(cards(grid).first()).toBeVisible();
    await subscribed.catch(() => { throw new Error('the page never opened /api/shops/demo-03/events'); });
    // The third product, not the first: other spec files (a11y) open demo-03's first product meanwhile.
    const list = await page.request.get('/api/shops/demo-03/products?type=product&limit=3');
    const original = ((await list.json()) as { results: { id: string; queue_position: number }[] }).results[2]!;
    const victim = original.id;
    expect(await cardIds(grid), 'the grid shows the shop\'s products in queue order').toContain(victim);
    // Anything that would reload the page drops this marker.
    await page.evaluate(() => { (window as unknown as { __noReload: boolean }).__noReload = true; });
    let navigations = 0;
    page.on('framenavigated', (f) => { if (f === page.mainFrame()) navigations++; });

    const admin = await playwright.request.newContext({ baseURL });
    let changed = false;
    try {
      await signIn(admin, USERS.admin03);
      // No wait for the server to listen: it subscribes the page's stream before answering it (`subscribed`).
      const res = await admin.patch(`/api/shops/demo-03/items/${victim}`, { data: { in_store: false } });
      expect(res.status(), `PATCH /api/shops/demo-03/items/${victim}: ${await res.text()}`).toBe(200);
      changed = true;
      await expect(grid.locator(`.item-card[data-item-id="${victim}"]`)).toHaveCount(0, { timeout: 10_000 });
      expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
      expect(navigations).toBe(0);
      await expect(cards(grid).first()).toBeVisible();
      await page.screenshot({ path: `${SCREENS_DIR}/03-live-event-desktop.png` });
    } finally {
      // Put the item back where it was for the other tests (and other files running on the same server).
      if (changed) {
        const back = await admin.patch(`/api/shops/demo-03/items/${victim}`, { data: { in_store: true, queue_position: original.queue_position } });
        expect(back.status(), await back.text()).toBe(200);
      }
      await admin.dispose();
    }
    // ... and the open page shows it again.
    await expect(grid.locator(`.item-card[data-item-id="${victim}"]`)).toHaveCount(1, { timeout: 10_000 });
  });
});
