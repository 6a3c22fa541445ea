import { expect, test, type Page } from '@playwright/test';
import type { Locale } from '../../src/lib/i18n/index.ts';
import { demoDataStrings, LocaleChecker } from '../support/locale-check.ts';
import { visibleText } from '../support/visible-text.ts';
import { KNOWN_LOCALE_FAILURES } from '../integration/locale-known-failures.ts';
import { SCREENS_DIR, signIn, USERS, VIEWPORTS, type ViewportName } from './helpers.ts';

// The platform's pages in Spanish and English at phone and desktop widths (screenshots in test-results/screens),
// and one pass over pages whose islands render text after hydration, checked like the HTTP locale test.

async function useLocale(page: Page, locale: Locale) {
  await page.context().addCookies([{ name: 'lang', value: locale, url: test.info().project.use.baseURL! }]);
}

/** Islands that hydrate on load (or render only in the browser) have rendered: Astro drops `ssr` from them. */
async function hydrated(page: Page) {
  await page.waitForFunction(() => [...document.querySelectorAll('astro-island')]
    .filter((i) => ['load', 'only'].includes(i.getAttribute('client') ?? ''))
    .every((i) => !i.hasAttribute('ssr')), undefined, { timeout: 20_000 });
  // Islands that load their data after hydrating (the builder) say so with aria-busy.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
}

/** Nothing wider than the screen: no sideways scrolling, nothing cut off at the right edge. */
async function expectNoOverflow(page: Page) {
  const { scroll, width, wide } = await page.evaluate(() => {
    const w = document.documentElement.clientWidth;
    const cut = [...document.querySelectorAll('body *')].filter((el) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.right > w + 1 && getComputedStyle(el).position !== 'absolute';
    }).map((el) => `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 60));
    return { scroll: document.documentElement.scrollWidth, width: w, wide: cut.slice(0, 5) };
  });
  expect(wide, 'elements past the right edge').toEqual([]);
  expect(scroll).toBeLessThanOrEqual(width);
}

const TEXTS = {
  es: { home: 'Tu tienda en línea, lista para vender', login: 'Iniciar sesión', signup: 'Crear cuenta', notFound: '¡Página no encontrada!', submitLogin: 'Entrar', email: 'Correo electrónico' },
  en: { home: 'Your online shop, ready to sell', login: 'Log in', signup: 'Create account', notFound: 'Page not found!', submitLogin: 'Log in', email: 'E-mail' },
} as const;

for (const locale of ['es', 'en'] as const) {
  for (const vp of Object.keys(VIEWPORTS) as ViewportName[]) {
    test(`platform pages in ${locale} at ${VIEWPORTS[vp].width} px`, async ({ page }) => {
      await page.setViewportSize(VIEWPORTS[vp]);
      await useLocale(page, locale);
      const T = TEXTS[locale];
      const shot = async (name: string) => {
        // Lazy pictures below the first screen load before the full-page picture is taken.
        await page.evaluate(() => Promise.all([...document.images].map((i) => { i.loading = 'eager'; return i.decode().catch(() => undefined); })));
        await page.screenshot({ path: `${SCREENS_DIR}/platform-${name}-${locale}-${VIEWPORTS[vp].width}.png`, fullPage: true });
      };

      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(T.home);
      await expect(page.getByRole('link', { name: T.signup, exact: true })).toBeVisible();
      await expectNoOverflow(page);
      await shot('home');

      await page.getByRole('link', { name: T.login, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(T.login);
      await expect(page.getByLabel(T.email)).toBeVisible();
      await expectNoOverflow(page);
      await shot('login');

      await page.goto('/signup');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(T.signup);
      await expectNoOverflow(page);
      await shot('signup');

      const res = await page.goto('/ayuda/no-such-page');
      expect(res?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(T.notFound);
      await expectNoOverflow(page);
      await shot('404');
    });
  }
}

test('a wrong password is said in English on the English sign-in page', async ({ page }) => {
  await useLocale(page, 'en');
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(USERS.cliente);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('The e-mail or the password is not correct');
});

test('the footer switches the platform to another language without script, and back', async ({ browser, baseURL }) => {
  const ctx = await browser.newContext({ baseURL, locale: 'es-MX', javaScriptEnabled: false });
  const page = await ctx.newPage();
  await page.goto('/login?next=%2Fred-comercial');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Iniciar sesión');
  await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fred-comercial$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('es-AR');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-AR');
  await expect(page.getByText('¿No tenés cuenta?')).toBeVisible();
  await ctx.close();
});

// ---------- hydrated islands ----------

const checker = new LocaleChecker(demoDataStrings());
const keyOf = (locale: string, label: string, match: string) => `${locale} | ${label} | ${match}`;
const allowed = new Set(KNOWN_LOCALE_FAILURES.map(([l, p, m]) => keyOf(l, p, m)));

const HYDRATED: { label: string; path: string; who?: keyof typeof USERS }[] = [
  { label: 'hydrated: demo-03 home', path: '/demo-03/' },
  { label: 'hydrated: demo-03 product list', path: '/demo-03/productos' },
  { label: 'hydrated: cliente mis-compras', path: '/demo-03/mis-compras', who: 'cliente' },
  { label: 'hydrated: cliente alertas', path: '/demo-03/alertas', who: 'cliente' },
  { label: 'hydrated: admin03 configuracion', path: '/demo-03/admin/configuracion', who: 'admin03' },
  { label: 'hydrated: admin03 editor', path: '/demo-03/admin/editor', who: 'admin03' },
];

for (const locale of ['es', 'en'] as const) {
  test(`islands speak ${locale} once hydrated`, async ({ page }) => {
    test.setTimeout(120_000);
    await useLocale(page, locale);
    const fresh: string[] = [];
    for (const h of HYDRATED) {
      if (h.who) await signIn(page.request, USERS[h.who]);
      await page.goto(h.path);
      await hydrated(page);
      const findings = checker.check(locale, h.label, visibleText(await page.content()));
      for (const f of findings) {
        if (process.env.LOCALE_REPORT === '1') console.log(`  [${JSON.stringify(locale)}, ${JSON.stringify(h.label)}, ${JSON.stringify(f.match)}], // <${f.where}> ${f.context}`);
        if (!allowed.has(keyOf(locale, h.label, f.match))) fresh.push(`${keyOf(locale, h.label, f.match)} (<${f.where}> "${f.context}")`);
      }
      if (h.who) await page.request.post('/api/auth/logout');
    }
    expect(fresh).toEqual([]);
  });
}
