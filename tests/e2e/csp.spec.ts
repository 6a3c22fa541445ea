// The Content-Security-Policy in a real browser (issue 9, finding 5): every page of the demo runs what it ships
// (island bootstraps, bundled scripts, the builder's preview frame) without a single violation, and a script
// injected into a page's HTML does not run.
import { expect, test, type Page } from '@playwright/test';
import { firstProduct, signIn, USERS } from './helpers.ts';

const searchToggle = (page: Page) => page.locator('header').getByRole('button', { name: /^(Buscar|Search)$/ });

/** Records every CSP violation the page reports, from before its first script. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => { w.__csp.push(`${e.effectiveDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`); });
  });
  // zod probes once whether `new Function` is allowed and falls back when the policy says no: that refusal is
  // the policy working (no eval), not a broken page.
  return async () => (await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp))
    .filter((v) => !/^script-src eval .*\/_astro\//.test(v));
}

async function visit(page: Page, path: string) {
  const res = await page.goto(path);
  expect(res?.status(), path).toBeLessThan(400);
  await page.waitForLoadState('networkidle');
}

test('anonymous pages run their scripts under the policy', async ({ page, request }) => {
  const violations = await watchViolations(page);
  const p = await firstProduct(request, 'demo-03');
  for (const path of ['/', '/login', '/signup', '/red-comercial', '/demo-03/', '/demo-04/', '/demo-fifth/', '/demo-basic/',
    '/demo-03/catalogos/novedades', '/demo-03/productos', '/demo-fifth/blogs', '/demo-03/carrito', `/demo-03/productos/${p.owner}/${p.id}`]) {
    await visit(page, path);
    expect(await violations(), path).toEqual([]);
  }
  // The product page's bundled script (not inline any more) adds to the browser's cart without a page load.
  await page.locator('form.pd-buy .pd-add').click();
  await expect(page.locator('.pd-added')).toBeVisible();
  expect(page.url()).toContain(`/productos/${p.owner}/${p.id}`);
  await expect(page.locator('[data-cart-count]').first()).toHaveText(/[1-9]/);
  // The search overlay hydrates on first use (client:interaction) under the policy.
  await visit(page, '/demo-03/');
  await searchToggle(page).click();
  await page.getByRole('dialog').getByRole('searchbox').fill('cafe');
  await expect(page.getByRole('dialog').getByRole('list').getByRole('link').first()).toBeVisible();
  expect(await violations()).toEqual([]);
});

test('signed-in admin pages, the builder and its preview frame run under the policy', async ({ page }) => {
  const violations = await watchViolations(page);
  await signIn(page.request, USERS.admin03);
  for (const path of ['/demo-03/', '/demo-03/admin/configuracion', '/demo-03/mis-compras', '/demo-03/alertas', '/demo-03/admin/boletos']) {
    await visit(page, path);
    expect(await violations(), path).toEqual([]);
  }
  await visit(page, '/demo-03/admin/editor');
  const frame = page.frameLocator('iframe').first();
  await expect(frame.locator('body')).toBeVisible();
  await expect(frame.locator('html')).toHaveAttribute('data-theme-pack', /.+/);
  expect(await violations()).toEqual([]);
  // The blog editor (tiptap) of a shop with blogs.
  await signIn(page.request, 'adminfifth@demo.test');
  await visit(page, '/demo-fifth/blogs/crear');
  await expect(page.locator('.ProseMirror')).toBeVisible();
  expect(await violations()).toEqual([]);
});

test('a script injected into a page does not run', async ({ page }) => {
  const violations = await watchViolations(page);
  // The server's answer, headers untouched, with an attacker's inline script and handler spliced into the HTML.
  await page.route('**/demo-03/', async (route) => {
    const res = await route.fetch();
    const body = (await res.text()).replace('</body>', '<script>window.__pwned = 1</script><img src="/x.png" onerror="window.__pwned = 2"></body>');
    await route.fulfill({ response: res, body });
  });
  await page.goto('/demo-03/');
  await expect.poll(async () => (await violations()).length).toBeGreaterThanOrEqual(2);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
});
