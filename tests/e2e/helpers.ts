// Shared pieces of the storefront end-to-end tests: the demo shops and their packs, sign-in through the API,
// waiting for islands to hydrate and for the images in view, and reading cards and slides off a page.
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** The four demo storefronts, one per theme pack (seed: src/db/seed/demo.ts). */
export const PACKS = [
  { slug: 'demo-03', pack: '03' },
  { slug: 'demo-04', pack: '04' },
  { slug: 'demo-fifth', pack: 'fifth' },
  { slug: 'demo-basic', pack: 'basic' },
] as const;
export type DemoPack = (typeof PACKS)[number];

export const DEMO_PASSWORD = 'demo-password-1';
export const USERS = {
  cliente: 'cliente@demo.test', // ul0, member of demo-03
  emprendedor: 'emprendedor@demo.test', // ul1, no shop
  admin03: 'admin03@demo.test', // ul2, owner of demo-03
} as const;

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 900 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

/** Where test screenshots go (Playwright empties test-results/ at the start of a run). */
export const SCREENS_DIR = 'test-results/screens';

/** Signs a request context (a page's `page.request` shares the browser context's cookies) in. */
export async function signIn(request: APIRequestContext, email: string): Promise<void> {
  const res = await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(res.status(), `login ${email}: ${await res.text()}`).toBe(200);
}

/** The newest 6-digit code mailed to `email` (the demo outbox at /dev/outbox lists the newest mail first). */
export async function mailedCode(request: APIRequestContext, email: string): Promise<string> {
  const html = await (await request.get('/dev/outbox')).text();
  const code = html.match(new RegExp(`${email.replace(/[.+]/g, '\\$&')}[\\s\\S]*?(\\d{6})`, 'i'))?.[1];
  expect(code, `a code mailed to ${email}`).toMatch(/^\d{6}$/);
  return code!;
}

/** Signs a new person up through the API (issue 23): the code mailed to the e-mail proves it and signs in. */
export async function signUp(request: APIRequestContext, email: string, name: string, password = 'a-long-password'): Promise<void> {
  const res = await request.post('/api/auth/signup', { data: { email, password, name } });
  expect(res.status(), `signup ${email}: ${await res.text()}`).toBe(202);
  const verify = await request.post('/api/auth/pin/verify', { data: { email, pin: await mailedCode(request, email) } });
  expect(verify.status(), `code for ${email}: ${await verify.text()}`).toBe(200);
}

/** After the sign-up form: types the code mailed to `email` on the page it leads to (/login/pin?alta=1), which goes on to `next`. */
export async function enterMailedCode(page: Page, email: string): Promise<void> {
  await expect(page).toHaveURL(/\/login\/pin\?.*alta=1/);
  await page.locator('#pin-code').fill(await mailedCode(page.request, email));
  await page.locator('form:has(#pin-code) button[type="submit"]').click();
}

/** The first product of a shop in its own order, from the JSON API. */
export async function firstProduct(request: APIRequestContext, slug: string): Promise<{ id: string; owner: string; name: string; queue_position: number }> {
  const res = await request.get(`/api/shops/${slug}/products?type=product&limit=1`);
  expect(res.status(), `products of ${slug}`).toBe(200);
  const body = (await res.json()) as { results: { id: string; owner: string; name: string; queue_position: number }[] };
  expect(body.results.length, `${slug} has products`).toBeGreaterThan(0);
  return body.results[0]!;
}

/** The storefront pages every pack is checked on: home, the `novedades` catalogue and one product. */
export async function packPages(request: APIRequestContext, slug: string): Promise<{ name: 'home' | 'catalogue' | 'product'; path: string }[]> {
  const p = await firstProduct(request, slug);
  return [
    { name: 'home', path: `/${slug}/` },
    { name: 'catalogue', path: `/${slug}/catalogos/novedades` },
    { name: 'product', path: `/${slug}/productos/${p.owner}/${p.id}` },
  ];
}

/** Each demo pack's shop owner (seed: README's demo logins). */
export const PACK_ADMINS: Record<DemoPack['slug'], string> = {
  'demo-03': 'admin03@demo.test', 'demo-04': 'admin04@demo.test', 'demo-fifth': 'adminfifth@demo.test', 'demo-basic': 'adminbasic@demo.test',
};

/**
 * Every storefront page of a demo shop a visitor can open (issue 15: layout and axe on all of them): the shop's
 * public pages, the section pages its sections enable (blogs, franchises answer 404 otherwise and are left out), one
 * product, and, for a signed-in admin, the account and admin pages. `request` must carry the visitor's cookies.
 */
export async function storePages(request: APIRequestContext, slug: string, admin: boolean, adminPages: 'all' | 'storefront' = 'all'): Promise<string[]> {
  const p = await firstProduct(request, slug);
  const product = `/productos/${p.owner}/${p.id}`;
  // The admin's walk: the pages only a signed-in admin sees, and two storefront pages with the admin's controls
  // (the home with its edit pencils and admin bar, a product with add-to-store). The other storefront pages carry the
  // same controls over the markup the anonymous walk already audits, page by page. `storefront`: those two only.
  const ownPages = ['/mis-compras', '/preferencias', '/alertas', '/monedero', '/promoted', '/referidos', '/mis-boletos', '/admin/configuracion', '/admin/panel',
    '/admin/pedidos', '/admin/boletos', '/apps/me/referral', '/apps/me/referral/resale/plans', '/apps/me/referral/resale/catalogues'];
  const pages = admin
    ? ['/', product, ...(adminPages === 'all' ? ownPages : [])]
    : ['/', '/catalogos', '/catalogos/novedades', '/productos', '/servicios', '/experiencias', product, '/carrito'];
  const optional = admin ? (adminPages === 'all' ? ['/blogs/crear'] : []) : ['/blogs', '/franquicias'];
  for (const o of optional) if ((await request.get(`/${slug}${o}`, { maxRedirects: 0 })).status() === 200) pages.push(o);
  return pages.map((x) => `/${slug}${x}`);
}

/** Platform pages (the bare domain), signed out. */
export const PLATFORM_PAGES = ['/', '/login', '/signup', '/red-comercial', '/proveedores', '/emprendedores', '/tienda-que-no-existe/'] as const;

/** Waits until every Astro island matching `selector` (inside it) has hydrated (Astro drops `ssr` then). */
export async function waitForIsland(page: Page, inner: string): Promise<Locator> {
  const island = page.locator('astro-island', { has: page.locator(inner) }).first();
  await expect(island).toBeAttached();
  await expect(island).not.toHaveAttribute('ssr', /.*/, { timeout: 15_000 });
  return island;
}

/** Unfolds the floating stack when a phone shows it as one launcher (src/components/store/FloatingStack.astro). */
export async function openFloating(page: Page): Promise<void> {
  const launcher = page.getByTestId('floating-launcher');
  if (await launcher.isVisible()) {
    await launcher.click();
    await expect(page.locator('.fs-items')).toBeVisible();
  }
}

/** Waits (best effort, up to `timeout`) for the images that intersect the viewport to finish loading. */
export async function imagesInViewSettled(page: Page, timeout = 10_000): Promise<void> {
  await page.waitForFunction(() => {
    const vh = window.innerHeight, vw = window.innerWidth;
    return Array.from(document.images).every((img) => {
      const r = img.getBoundingClientRect();
      // checkVisibility: an image in a closed <details> (the user menu's collaborations) has a box but never loads.
      const inView = r.bottom > 0 && r.top < vh && r.right > 0 && r.left < vw && r.width > 0 && img.checkVisibility();
      return !inView || img.complete;
    });
  }, undefined, { timeout, polling: 200 }).catch(() => { /* a slow image must not fail a screenshot */ });
  await page.evaluate(() => document.fonts?.ready.then(() => undefined));
}

/**
 * Waits (best effort, up to `timeout`) until the islands that hydrate by themselves have: client:load, client:idle
 * and client:only ones, and client:visible ones whose content is in view (client:interaction waits for a visitor).
 * Astro drops an island's `ssr` attribute once it has hydrated. Instead of a fixed "network idle" pause per page.
 */
export async function islandsSettled(page: Page, timeout = 10_000): Promise<void> {
  await page.waitForFunction(() => Array.from(document.querySelectorAll('astro-island[ssr]')).every((island) => {
    const how = island.getAttribute('client');
    if (how === 'load' || how === 'idle' || how === 'only') return false;
    if (how !== 'visible') return true;
    // An island is display: contents; its children say where it is.
    return !Array.from(island.children).some((el) => {
      const r = el.getBoundingClientRect();
      return r.bottom > 0 && r.top < window.innerHeight && r.width > 0;
    });
  }), undefined, { timeout, polling: 100 }).catch(() => { /* the audit then sees the server's markup, still a page */ });
}

/** Opens a storefront page and checks it is served by the expected pack. */
export async function openPack(page: Page, path: string, pack: string): Promise<void> {
  const res = await page.goto(path);
  expect(res?.status(), `GET ${path}`).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('data-theme-pack', pack);
}

/** Cards of a grid (or of the page). */
export const cards = (scope: Page | Locator) => scope.locator('.item-card[data-item-id]');

export async function cardIds(scope: Page | Locator): Promise<string[]> {
  return cards(scope).evaluateAll((els) => els.map((e) => e.getAttribute('data-item-id') ?? ''));
}

/** Card prices in minor units (the first text of `.price`, so a crossed-out price is ignored); null when not a number. */
export async function cardPrices(scope: Page | Locator): Promise<(number | null)[]> {
  return cards(scope).evaluateAll((els) => els.map((e) => {
    const p = e.querySelector('.price');
    if (!p) return null;
    const first = Array.from(p.childNodes).find((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '')?.textContent
      ?? p.textContent ?? '';
    const m = /(\d[\d,]*)(?:\.(\d{2}))?/.exec(first.replace(/\s/g, ''));
    return m ? Number(m[1]!.replace(/,/g, '')) * 100 + Number(m[2] ?? 0) : null;
  }));
}

/** Lower-case and without accents: 'Café' -> 'cafe'. */
export const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The distinct slides of the header carousel (static or swiper), told apart by their desktop image. */
export async function slideImages(page: Page): Promise<string[]> {
  const srcs = await page.locator('.header-carousel img').evaluateAll((els) => els.map((e) => e.getAttribute('src') ?? ''));
  return [...new Set(srcs.filter(Boolean))];
}

/**
 * A tracked link (issue 26: built at the shop's primary address, {slug}.localhost on the test servers) checked to be
 * at that address, and the same page in the bare-domain form `/{slug}/...` for flows that also use Playwright's API
 * client: Node cannot resolve *.localhost (the browser can), and the session must be on one host.
 */
export function trackedOnBareDomain(link: URL, slug: string): string {
  expect(link.hostname).toBe(`${slug}.localhost`);
  const path = link.pathname === '/' ? `/${slug}/` : `/${slug}${link.pathname}`;
  return `${path}${link.search}`;
}

/**
 * Whether a screenshot walk covers this (language, size) pair. With SCREENSHOTS=1 (`SCREENSHOTS=1 npm run test:e2e`,
 * for looking at the screens) all four; otherwise two that still read each language and each size once (Spanish on
 * the phone, English on the desktop), since the screens themselves are for people and the run's time is CI's.
 */
export function screenPair(lang: string, vp: string): boolean {
  return process.env.SCREENSHOTS === '1' || lang.startsWith('es') === (vp === 'phone');
}
