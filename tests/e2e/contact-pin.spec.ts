// Issue 14 (PIN sign-in, contact, footer pages) and issue 13's storefront sliders, at phone size (390 px).
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { firstProduct, signIn, USERS, VIEWPORTS, waitForIsland } from './helpers.ts';

test.use({ locale: 'es-MX', viewport: VIEWPORTS.phone });

/** The newest PIN mailed to `email`, read from the demo outbox (/dev/outbox lists the newest mail first). */
async function pinFromOutbox(page: Page, email: string): Promise<string> {
  const html = await (await page.request.get('/dev/outbox')).text();
  const pin = html.match(new RegExp(`${email.replace(/[.]/g, '\\.')}[\\s\\S]*?(\\d{6})`))?.[1];
  expect(pin, `a PIN for ${email} in the outbox`).toMatch(/^\d{6}$/);
  return pin!;
}

test('signs in with a PIN read from the outbox; a wrong PIN is refused in Spanish', async ({ page }) => {
  await page.goto('/login?next=%2Fdemo-03%2F');
  await page.getByLabel('Correo electrónico').fill(USERS.emprendedor);
  await page.getByRole('button', { name: 'Enviar PIN' }).click();
  await expect(page).toHaveURL(/\/login\/pin\?next=%2Fdemo-03%2F&enviado=1$/);
  await expect(page.getByRole('heading', { name: 'Ingresa tu PIN' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(USERS.emprendedor);
  const pin = await pinFromOutbox(page, USERS.emprendedor);

  await page.getByLabel('PIN', { exact: true }).fill(pin === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByRole('alert')).toHaveText('PIN inválido');

  await page.getByLabel('PIN', { exact: true }).fill(pin);
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).toHaveURL(/\/demo-03\/$/);
  expect((await (await page.request.get('/api/me')).json()).user.email).toBe(USERS.emprendedor);
});

test('asks the shop about a product from its page and the message is sent', async ({ page }) => {
  const item = await firstProduct(page.request, 'demo-03');
  await page.goto(`/demo-03/productos/${item.owner}/${item.id}`);
  await page.getByTestId('ask-about-item').click();
  await expect(page).toHaveURL(new RegExp(`/demo-03/contacto\\?producto=${item.id}$`));
  await expect(page.getByLabel('Dudas sobre un producto o servicio')).toBeChecked();
  await expect(page.getByText(`Sobre: ${item.name}`)).toBeVisible();
  const text = `¿Tienen otros colores? ${Date.now()}`;
  await page.getByLabel('Tu nombre').fill('Lucía Pérez');
  await page.getByLabel('Correo electrónico').fill('lucia@test.example');
  await page.getByLabel('Mensaje').fill(text);
  await page.getByRole('button', { name: 'Enviar mensaje' }).click();
  await expect(page.getByRole('status')).toContainText('Tu mensaje se envió');
  const outbox = await (await page.request.get('/dev/outbox')).text();
  expect(outbox).toContain(text);

  // The other mode: a question about the shop, with a field error first.
  await page.getByRole('link', { name: 'Enviar otro mensaje' }).click();
  await expect(page.getByLabel('Dudas sobre la tienda o tu cuenta')).toBeChecked();
  await page.getByRole('button', { name: 'Enviar mensaje' }).click();
  await expect(page.getByRole('alert')).toContainText('Revisa los campos marcados');
  await expect(page.getByLabel('Mensaje')).toHaveAttribute('aria-invalid', 'true');
});

test('the footer pages answer: about, contact, terms and privacy', async ({ page }) => {
  await page.goto('/demo-basic/');
  const footer = page.locator('footer.shop-footer');
  await footer.getByRole('link', { name: 'Acerca de' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Quiénes somos' })).toBeVisible();
  await page.locator('footer.shop-footer').getByRole('link', { name: 'Contacto' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contacto' })).toBeVisible();
  await page.locator('footer.shop-footer').getByRole('link', { name: 'Términos y condiciones' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Términos y condiciones' })).toBeVisible();
  await page.getByRole('link', { name: 'Aviso de privacidad' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Aviso de privacidad' })).toBeVisible();
  // No about entry: no link, and the address is the shop's 404.
  await page.goto('/demo-03/');
  await expect(page.locator('footer.shop-footer').getByRole('link', { name: 'Acerca de' })).toHaveCount(0);
  expect((await page.request.get('/demo-03/acerca')).status()).toBe(404);
});

test('the sliders snap at 390 px, shift nothing and ship no script with autoplay off', async ({ page }) => {
  // Layout shifts (not caused by input), with whether each one moved something inside a slider.
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: { value: number; slider: boolean }[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] }[]) {
        if (e.hadRecentInput) continue;
        const slider = (e.sources ?? []).some((s) => s.node instanceof Element && !!s.node.closest('[data-slider]'));
        w.__shifts.push({ value: e.value, slider });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/demo-basic/');
  const product = page.locator('[data-slider="product"]');
  await expect(product).toHaveAttribute('data-layout', 'slider');
  await expect(page.locator('[data-slider="catalogue"]')).toBeVisible();
  const track = product.locator('.slider-track');
  await track.scrollIntoViewIfNeeded();
  await page.waitForLoadState('load');

  const geometry = await track.evaluate((el) => {
    const items = [...el.children] as HTMLElement[];
    return { snap: getComputedStyle(el).scrollSnapType, width: el.clientWidth, first: items[0]!.getBoundingClientRect().width, count: items.length, scrollable: el.scrollWidth > el.clientWidth };
  });
  expect(geometry.snap).toBe('x mandatory');
  expect(geometry.scrollable).toBe(true);
  // 1.5 slides per view on a phone.
  expect(geometry.width / geometry.first).toBeGreaterThan(1.4);
  expect(geometry.width / geometry.first).toBeLessThan(1.8);

  // A sideways scroll that stops between two slides settles on the second one.
  await track.evaluate((el) => el.scrollBy({ left: (el.firstElementChild as HTMLElement).getBoundingClientRect().width * 0.7, behavior: 'instant' }));
  await expect.poll(() => track.evaluate((el) => {
    const second = el.children[1] as HTMLElement;
    return Math.abs(second.getBoundingClientRect().left - el.getBoundingClientRect().left);
  })).toBeLessThan(2);

  const shifts = await page.evaluate(() => (window as unknown as { __shifts: { value: number; slider: boolean }[] }).__shifts);
  expect(shifts.filter((s) => s.slider), 'no layout shift inside the sliders').toEqual([]);
  expect(shifts.reduce((sum, s) => sum + s.value, 0)).toBeLessThan(0.1);
  // Autoplay is off in the demo: no autoplay attribute and no autoplay code among the page's scripts.
  await expect(page.locator('[data-autoplay-ms]')).toHaveCount(0);
  expect(await page.evaluate(() => [...document.scripts].some((s) => s.textContent?.includes('autoplayStarted')))).toBe(false);
});

test('the builder adds a product slider and configures its source and autoplay', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await signIn(page.request, 'adminbasic@demo.test');
  const THEME = '/api/shops/demo-basic/admin/theme';
  // Every builder edit is live (issue 27): the published theme is put back afterwards.
  const before = (await (await page.request.get(THEME)).json()) as { draft: Record<string, unknown>; published: Record<string, unknown> | null };
  try {
    await page.goto('/demo-basic/admin/editor');
    await waitForIsland(page, '.bf-add');
    await page.getByLabel('Añadir sección').selectOption({ label: 'Carrusel de productos' });
    await page.getByRole('button', { name: 'Añadir', exact: true }).click();
    const form = page.locator('[data-setting="source"]');
    await expect(form).toBeVisible();
    // The catalogue choice shows only for the 'a catalogue' source.
    await expect(page.locator('[data-setting="catalogue"]')).toHaveCount(0);
    await form.locator('select').selectOption({ label: 'Un catálogo' });
    await expect(page.locator('[data-setting="catalogue"] select')).toBeVisible();
    await expect(page.locator('[data-setting="autoplay"]').getByLabel('Avanzar solo')).toBeChecked();
    await page.locator('[data-setting="autoplay"]').getByLabel('Avanzar solo').uncheck();
    await page.getByRole('button', { name: 'Guardar ahora' }).click();
    await expect(page.locator('.bf-status')).toHaveText('Publicado', { timeout: 15_000 });
    const draft = (await (await page.request.get('/api/shops/demo-basic/admin/theme')).json()).draft;
    const added = (draft.templates.home.sections as { type: string; settings: Record<string, unknown> }[]).filter((s) => s.type === 'product-slider').at(-1)!;
    expect(added.settings).toMatchObject({ source: 'catalogue', autoplay: false });
  } finally {
    await page.goto('about:blank'); // no auto-save may land after the restore
    const now = (await (await page.request.get(THEME)).json()) as { draft_version: number };
    const put = await page.request.put(`${THEME}/draft`, { data: { ...(before.published ?? before.draft), version: now.draft_version } });
    expect(put.status(), await put.text()).toBe(200);
    expect((await page.request.post(`${THEME}/publish`, { data: { version: (await put.json()).draft_version } })).status()).toBe(200);
  }
});

test('with autoplay on, a slider moves every 4 s, waits while hovered and never moves for reduced motion', async ({ page }) => {
  await signIn(page.request, 'adminbasic@demo.test');
  const state = await (await page.request.get('/api/shops/demo-basic/admin/theme')).json();
  const sections = (state.draft.templates.home.sections as { type: string; settings: Record<string, unknown> }[])
    .map((s) => (s.type === 'product-slider' ? { ...s, settings: { ...s.settings, autoplay: true } } : s));
  const saved = await page.request.put('/api/shops/demo-basic/admin/theme/draft', { data: { ...state.draft, templates: { ...state.draft.templates, home: { sections } }, version: state.draft_version } });
  expect(saved.status()).toBe(200);
  try {
    await page.clock.install();
    await page.goto('/demo-basic/?preview=draft');
    const track = page.locator('[data-slider="product"] .slider-track');
    await expect(track).toHaveAttribute('data-autoplay-ms', '4000');
    await track.scrollIntoViewIfNeeded();
    const left = () => track.evaluate((el) => el.scrollLeft);
    expect(await left()).toBe(0);
    await page.clock.runFor(4100);
    // One slide along: the second slide's start reaches the track's start (the smooth scroll has ended).
    const offSecond = () => track.evaluate((el) => Math.abs((el.children[1] as HTMLElement).getBoundingClientRect().left - el.getBoundingClientRect().left));
    await expect.poll(offSecond).toBeLessThan(2);
    const moved = await left();
    expect(moved).toBeGreaterThan(50);
    // Hovered: it waits. (A slide is ~250 px; the smooth scroll may still settle by a pixel after the poll above.)
    const stayed = async () => expect(Math.abs((await left()) - moved)).toBeLessThan(5);
    await track.hover();
    await page.clock.runFor(8200);
    await stayed();

    await page.mouse.move(0, 0);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.runFor(8200);
    await stayed();
  } finally {
    expect((await page.request.post('/api/shops/demo-basic/admin/theme/discard', { data: {} })).status()).toBe(200);
  }
});

test('the new pages have no serious or critical axe violations at 390 px', async ({ page }) => {
  for (const path of ['/login', '/login/pin', '/demo-03/contacto', '/demo-basic/acerca', '/ayuda/terminos', '/ayuda/privacidad']) {
    expect((await page.goto(path))?.status(), path).toBe(200);
    const { violations } = await new AxeBuilder({ page }).analyze();
    const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' ; ')}`);
    expect(bad, path).toEqual([]);
  }
});
