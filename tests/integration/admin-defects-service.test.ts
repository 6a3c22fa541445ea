// Issue 15 defects at the service level, on a fresh database with the demo data: each viewer level gets its own
// banners with the right links; the header a shop shows is in its editable list (seeded, or adopted from older
// data); saving a header with apply makes it the shop's; the seller lookup before payment.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopHeaders, shops, suppliers } from '../../src/db/schema/index.ts';
import { DEMO_BANNERS } from '../../src/db/seed/banners.ts';
import { DEMO_USER_BY_KEY, demoId, seedDemo, type DemoUserKey } from '../../src/db/seed/demo.ts';
import type { Viewer } from '../../src/lib/shared/viewer.ts';
import { adminContext, createHeader, listHeaders, updateHeader, applyHeader } from '../../src/domain/admin/service.ts';
import { headerInputSchema } from '../../src/domain/admin/schema.ts';
import { bannerHref, bannersForViewer } from '../../src/domain/admin/storefront-banners.ts';
import { sellerReadiness } from '../../src/domain/orders/service.ts';
import { getShopBySlug } from '../../src/domain/shops/service.ts';
import { seedUuid } from '../../src/db/seed/ids.ts';
import { freshDb } from '../support/db.ts';

let h: Awaited<ReturnType<typeof freshDb>>;
beforeAll(async () => {
  h = await freshDb();
  await seedDemo(h);
}, 180_000);
afterAll(async () => { await h?.dispose(); });

const viewer = (key: DemoUserKey): Viewer => {
  const u = DEMO_USER_BY_KEY[key];
  return { kind: 'user', anonymousId: '00000000-0000-4000-8000-000000000000', sessionId: 's', user: { id: u.id, email: u.email, name: u.name, profile_id: u.profileId, user_level: u.user_level } };
};
const anonymous: Viewer = { kind: 'anonymous', anonymousId: '00000000-0000-4000-8000-000000000001' };
const bannerId = (key: string) => seedUuid(`banner:demo-03:${key}`);

describe('storefront banners by target', () => {
  const shopId = demoId.shop('demo-03');
  const seen = async (v: Viewer, ownsShop = false) => bannersForViewer(h.db, shopId, v, { base: '/demo-03', ownsShop });

  it('anonymous, ul0, ul1 and ul2 viewers each get the "all" banner and their own, in order', async () => {
    expect((await seen(anonymous)).map((b) => b.id)).toEqual([bannerId('all'), bannerId('anon')]);
    expect((await seen(viewer('cliente'))).map((b) => b.id)).toEqual([bannerId('all'), bannerId('ul0')]);
    expect((await seen(viewer('emprendedor'))).map((b) => b.id)).toEqual([bannerId('all'), bannerId('ul1')]);
    expect((await seen(viewer('coordinador'), true)).map((b) => b.id)).toEqual([bannerId('all'), bannerId('ul2')]);
    // A ul1 user who owns a shop counts as an entrepreneur with a store.
    expect((await seen(viewer('emprendedor'), true)).map((b) => b.id)).toEqual([bannerId('all'), bannerId('ul2')]);
    expect(DEMO_BANNERS.map((b) => b.target)).toEqual(['all', 'anon', 'ul0', 'ul1', 'ul2']);
  });

  it('each action type leads where it should; images have a mobile fallback', async () => {
    const [all, anon] = await seen(anonymous);
    expect(all).toMatchObject({ action: 'url', href: '/demo-03/catalogos/ofertas', newTab: false });
    expect(anon).toMatchObject({ action: 'signup', href: '/signup?next=%2Fdemo-03%2F' });
    const [, ul0] = await seen(viewer('cliente'));
    expect(ul0!.action).toBe('product');
    expect(ul0!.href).toMatch(/^\/demo-03\/productos\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
    expect(ul0!.productName).toBeTruthy();
    const [, ul2] = await seen(viewer('coordinador'), true);
    expect(ul2).toMatchObject({ action: 'none', href: null });
    for (const b of [all, anon, ul0, ul2]) expect(b!.mobile).toMatch(/^\/media\/[0-9a-f-]{36}\.svg$/);
  });

  it('signup leads nowhere for those who already have an account beyond level 0; unsafe links lead nowhere', () => {
    const b = { action_type: 'signup', url: null, product: null, product_supplier: null };
    expect(bannerHref(b, viewer('cliente'), '/x')).toBe('/signup?next=%2Fx%2F');
    expect(bannerHref(b, viewer('emprendedor'), '/x')).toBeNull();
    expect(bannerHref({ ...b, action_type: 'url', url: 'javascript:alert(1)' }, anonymous, '/x')).toBeNull();
    expect(bannerHref({ ...b, action_type: 'url', url: 'https://example.com/a' }, anonymous, '/x')).toBe('https://example.com/a');
  });
});

describe('the header list holds the header the shop shows', () => {
  it('the seeded header is in the list, marked as the shop\'s', async () => {
    const ctx = await adminContext(h.db, 'demo-03', viewer('admin03'));
    const list = await listHeaders(ctx, { offset: 0, limit: 10 });
    const active = list.results.filter((x) => x.active);
    expect(active.map((x) => x.title)).toEqual(['Hecho en México']);
    expect(active[0]).toMatchObject({ action_type: 'signup', button_label: 'signupfree', target: 'all' });
  });

  it('a shown header missing from the list (older data) is adopted on the first listing, once', async () => {
    const shopId = demoId.shop('demo-04');
    await h.db.delete(shopHeaders).where(eq(shopHeaders.shop_id, shopId));
    const ctx = await adminContext(h.db, 'demo-04', viewer('admin04'));
    const first = await listHeaders(ctx, { offset: 0, limit: 10 });
    expect(first.results.map((x) => [x.title, x.active])).toEqual([['Mercado Cuatro Vientos', true]]);
    expect(first.results[0]!.product).toBeTruthy();
    const again = await listHeaders({ ...ctx, shop: await getShopBySlug(h.db, 'demo-04') }, { offset: 0, limit: 10 });
    expect(again.matches_estimated).toBe(1);
  });

  it('saving with apply makes the header the shop\'s (create and edit); apply false takes it off', async () => {
    const ctx = await adminContext(h.db, 'demo-basic', viewer('adminbasic'));
    const created = await createHeader(ctx, headerInputSchema.parse({ title: 'Nuevo encabezado', apply: true }));
    const headerInfo = async () => (await h.db.select({ t: shops.store_theme_info }).from(shops).where(eq(shops.slug, 'demo-basic')))[0]!.t.header_info;
    expect((await headerInfo())?.title).toBe('Nuevo encabezado');
    const fresh = { ...ctx, shop: await getShopBySlug(h.db, 'demo-basic') };
    await updateHeader(fresh, created.id, { title: 'Encabezado editado', apply: true });
    expect((await headerInfo())?.title).toBe('Encabezado editado');
    await applyHeader({ ...ctx, shop: await getShopBySlug(h.db, 'demo-basic') }, created.id, false);
    expect(await headerInfo()).toBeNull();
    const actives = await h.db.select({ id: shopHeaders.id }).from(shopHeaders).where(and(eq(shopHeaders.shop_id, ctx.shop.id), eq(shopHeaders.active, true)));
    expect(actives).toEqual([]);
  });
});

describe('seller lookup before payment (seed 000 §7-§8)', () => {
  it('a configured supplier is ready; an unconfigured or unknown one is "not found"', async () => {
    const [s] = await h.db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.is_configured, true)).limit(1);
    expect(await sellerReadiness(h.db, s!.id)).toBe('ready');
    await h.db.execute(sql`update suppliers set is_configured = false where id = ${s!.id}::uuid`);
    expect(await sellerReadiness(h.db, s!.id)).toBe('not_found');
    await h.db.execute(sql`update suppliers set is_configured = true where id = ${s!.id}::uuid`);
    expect(await sellerReadiness(h.db, '00000000-0000-4000-8000-00000000abcd')).toBe('not_found');
  });
});
