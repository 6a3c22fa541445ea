// The operator's directory (issue 25): a suspended supplier's items leave every store — the store's list and counts,
// its search, a catalogue, the sitemap, the item page, the cart's rule — and come back in the same places when it is
// re-enabled (store and catalogue positions untouched), and the page cache is told; an item the supplier adds while suspended stays out; items
// disabled for another reason stay disabled. Shops are disabled and re-enabled; a user's level changes, but never
// the operator's own nor the last operator's. Every action is in the audit log with before / after, only the
// operator may act, and a second click is a conflict.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { freshDb } from '../support/db.ts';
import { catalogueProducts, catalogues, operatorActions, products, profiles, shopMemberships, shopProducts, shops, supplierMembers, suppliers, users } from '../../src/db/schema/index.ts';
import { getShopItem, listCatalogueItems, listShopItems, sitemapCatalogues, sitemapItemBatches } from '../../src/domain/catalog/service.ts';
import { searchShopItems } from '../../src/domain/search/service.ts';
import { refusal } from '../../src/domain/cart/rules.ts';
import { changeUserLevel, listShops, listSuppliers, listUsers, setShopDisabled, setSupplierSuspended, userDetail } from '../../src/domain/operator/index.ts';
import type { ShopRow } from '../../src/domain/shops/repo.ts';
import type { Viewer } from '../../src/lib/shared/viewer.ts';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const SUP_PROFILE = uuid(9001);
const OTHER_PROFILE = uuid(9002);
const SHOP = uuid(9101);
const CAT = uuid(9201);
const SUP = uuid(9301);
const OTHER_SUP = uuid(9302);
const OP = uuid(9401);
const OP2 = uuid(9402);
const PLAIN = uuid(9403);
const viewerOf = (id: string, level: string): Viewer => ({ kind: 'user', anonymousId: 'x', sessionId: 'test', user: { id, user_level: level } } as unknown as Viewer);
const op = viewerOf(OP, 'ul3');

let h: Awaited<ReturnType<typeof freshDb>>;
let shop: ShopRow;
beforeAll(async () => {
  h = await freshDb();
  await h.db.insert(profiles).values([
    { id: SUP_PROFILE, name: 'Suspendible', slug: 'prov-suspendible', main_type: 'dssupplier' },
    { id: OTHER_PROFILE, name: 'Otro', slug: 'prov-otro', main_type: 'dssupplier' },
    { id: uuid(9011), name: 'Olga', slug: 'olga-op' }, { id: uuid(9012), name: 'Otra', slug: 'otra-op' }, { id: uuid(9013), name: 'Pedro', slug: 'pedro-plano' },
  ]);
  await h.db.insert(users).values([
    { id: OP, email: 'olga@ops.test', name: 'Olga Operación', password_hash: 'x', user_level: 'ul3', profile_id: uuid(9011) },
    { id: OP2, email: 'otra@ops.test', name: 'Otra Operadora', password_hash: 'x', user_level: 'ul3', profile_id: uuid(9012) },
    { id: PLAIN, email: 'pedro@ops.test', name: 'Pedro Plano', password_hash: 'x', user_level: 'ul1', profile_id: uuid(9013) },
  ]);
  await h.db.insert(suppliers).values([
    { id: SUP, profile_id: SUP_PROFILE, name: 'Café Suspendible', contact_email: 'ventas@suspendible.test' },
    { id: OTHER_SUP, profile_id: OTHER_PROFILE, name: 'Textiles Otros' },
  ]);
  await h.db.insert(supplierMembers).values({ supplier_id: SUP, user_id: PLAIN, permissions: ['dispatcher'] });
  const theme = { color1: '#123456', color2: '#654321', columns: 2, signup_form: 'basic', slider_info: [], header_info: null, sections_info: ['products'] } as never;
  [shop] = await h.db.insert(shops).values({ id: SHOP, slug: 'tienda-directorio', name: 'Tienda Directorio', store_theme_info: theme, owner: uuid(9013) }).returning() as [ShopRow];
  await h.db.insert(shopMemberships).values({ shop_id: SHOP, user_id: OP2, permissions: ['admin'] });
  // Eight items alternating between the two suppliers; item 7 (the suspendible one's) was disabled before.
  await h.db.insert(products).values(Array.from({ length: 8 }, (_, i) => ({
    id: uuid(i + 1), owner: i % 2 ? OTHER_PROFILE : SUP_PROFILE, supplier_id: i % 2 ? OTHER_SUP : SUP, type: 'product' as const,
    slug: `cafe-${i + 1}`, name: `Café molido ${i + 1}`, list_price: 1000, stock_type: 'ondemand' as const, disabled: i === 6,
  })));
  await h.db.insert(shopProducts).values(Array.from({ length: 8 }, (_, i) => ({ shop_id: SHOP, product_id: uuid(i + 1), queue_position: 7 - i })));
  await h.db.insert(catalogues).values({ id: CAT, shop_id: SHOP, slug: 'cafes', name: 'Cafés' });
  await h.db.insert(catalogueProducts).values(Array.from({ length: 8 }, (_, i) => ({ catalogue_id: CAT, product_id: uuid(i + 1), queue_position: i })));
});
afterAll(async () => { await h?.dispose(); });

/** What a shopper sees: the store's items in order, its count, a search, the catalogue and the sitemap. */
async function storefront() {
  const list = await listShopItems(h.db, shop, { type: 'product', offset: 0, limit: 50 });
  const found = await searchShopItems(h.db, shop, { text: 'cafe molido', type: 'product', offset: 0, limit: 50 });
  const cat = await listCatalogueItems(h.db, shop, { id: CAT }, { offset: 0, limit: 50 });
  const items = [];
  for await (const batch of (await sitemapItemBatches(h.db, shop)) ?? []) items.push(...batch);
  const map = { catalogues: await sitemapCatalogues(h.db, shop), items };
  return {
    store: list.results.map((r) => [r.id, r.queue_position]), count: list.matches_estimated,
    search: found.results.map((r) => r.id).sort(), catalogue: cat.results.map((r) => [r.id, r.queue_position]),
    sitemap: JSON.stringify(map),
  };
}
const anonymous = { kind: 'anonymous', anonymousId: 'a' } as unknown as Viewer;
const itemPage = (n: number) => getShopItem(h.db, shop, anonymous, { owner: null, id: uuid(n) }, { showResaleInfo: false }).then(() => 'shown', (e: { code?: string }) => e.code);

describe('suspending a supplier', () => {
  it('takes its items out of every store and brings them back in their places', async () => {
    const before = await storefront();
    expect(before.count).toBe(7);
    expect(before.search).toHaveLength(7);
    expect(await itemPage(1)).toBe('shown');

    // The page cache hears of it as it hears of any product change (product_events, migration 0007/0029): an
    // 'update' that is not stock-only makes every cached page stale in every process (src/lib/server/page-cache.ts).
    const heard: { product_id?: string; op?: string }[] = [];
    const stop = await h.listen('product_events', (p) => heard.push(JSON.parse(p)));
    const r = await setSupplierSuspended(h.db, op, SUP, { suspend: true, reason: 'Reclamos de compradores' });
    expect(r.items).toBe(3); // 1, 3, 5 (7 was already disabled)
    for (let i = 0; i < 100 && heard.length < 3; i++) await new Promise((res) => setTimeout(res, 10));
    await stop();
    expect(heard.filter((e) => e.op === 'update').map((e) => e.product_id).sort()).toEqual([uuid(1), uuid(3), uuid(5)]);
    const during = await storefront();
    const others = [uuid(2), uuid(4), uuid(6), uuid(8)];
    expect(during.store.map(([id]) => id).sort()).toEqual(others);
    expect(during.count).toBe(4);
    expect(during.search).toEqual(others);
    expect(during.catalogue.map(([id]) => id).sort()).toEqual(others);
    for (const n of [1, 3, 5]) expect(during.sitemap).not.toContain(uuid(n));
    expect(await itemPage(1)).toBe('not_found');
    const [row] = await h.db.select().from(products).where(eq(products.id, uuid(1)));
    expect(refusal({ ...row!, variant_available: null } as never)).toBe('unavailable_for_sale');

    // An item added while suspended stays out with the rest.
    await h.db.insert(products).values({ id: uuid(9), owner: SUP_PROFILE, supplier_id: SUP, type: 'product', slug: 'cafe-9', name: 'Café molido 9', list_price: 1000, stock_type: 'ondemand' });
    await h.db.insert(shopProducts).values({ shop_id: SHOP, product_id: uuid(9), queue_position: 8 });
    expect((await storefront()).count).toBe(4);

    // Twice is a conflict; only the operator may do it.
    await expect(setSupplierSuspended(h.db, op, SUP, { suspend: true, reason: 'otra vez' })).rejects.toMatchObject({ code: 'conflict' });
    await expect(setSupplierSuspended(h.db, viewerOf(PLAIN, 'ul1'), SUP, { suspend: false, reason: 'yo mismo' })).rejects.toMatchObject({ code: 'forbidden' });
    const listed = await listSuppliers(h.db, op, { term: 'suspendible', page: 1 });
    expect(listed.results).toHaveLength(1);
    expect(listed.results[0]).toMatchObject({ name: 'Café Suspendible', suspension_reason: 'Reclamos de compradores', suspended_by_name: 'Olga Operación' });
    expect((await listSuppliers(h.db, op, { term: 'ventas@suspendible', page: 1 })).total).toBe(1);
    expect((await listSuppliers(h.db, op, { term: '%', page: 1 })).total).toBe(0);

    const back = await setSupplierSuspended(h.db, op, SUP, { suspend: false, reason: 'Aclarado con el proveedor' });
    expect(back.items).toBe(4);
    const after = await storefront();
    expect(after.store).toEqual([...before.store, [uuid(9), 8]]); // the same places, and the item added meanwhile at its own
    expect(after.catalogue).toEqual(before.catalogue);
    expect(after.sitemap).toContain(uuid(1));
    expect(await itemPage(7)).toBe('shown'); // disabled items keep their "temporarily unavailable" page
    const [still] = await h.db.select({ disabled: products.disabled }).from(products).where(eq(products.id, uuid(7)));
    expect(still!.disabled).toBe(true);

    const log = await h.db.select().from(operatorActions).where(eq(operatorActions.target_id, SUP)).orderBy(operatorActions.id);
    expect(log.map((a) => a.action)).toEqual(['supplier.suspend', 'supplier.enable']);
    expect(log[0]).toMatchObject({ actor: OP, before: { suspended_at: null }, after: { reason: 'Reclamos de compradores', items_hidden: 3 } });
    expect(log[1]).toMatchObject({ after: { suspended_at: null, reason: 'Aclarado con el proveedor', items_back: 4 } });
  });
});

describe('disabling a shop', () => {
  it('disables and re-enables it once each, logged', async () => {
    await setShopDisabled(h.db, op, SHOP, { disable: true, reason: 'Contenido prohibido' });
    const [s] = await h.db.select().from(shops).where(eq(shops.id, SHOP));
    expect(s).toMatchObject({ disabled: true, disabled_by: OP, disabled_reason: 'Contenido prohibido' });
    await expect(setShopDisabled(h.db, op, SHOP, { disable: true, reason: 'de nuevo' })).rejects.toMatchObject({ code: 'conflict' });
    expect((await listShops(h.db, op, { term: 'directorio', page: 1 })).results[0]).toMatchObject({ disabled: true, disabled_by_name: 'Olga Operación' });
    await setShopDisabled(h.db, op, SHOP, { disable: false, reason: 'Corregido' });
    const [e] = await h.db.select().from(shops).where(eq(shops.id, SHOP));
    expect(e).toMatchObject({ disabled: false, disabled_at: null, disabled_reason: null });
    const log = await h.db.select().from(operatorActions).where(eq(operatorActions.target_id, SHOP)).orderBy(operatorActions.id);
    expect(log.map((a) => [a.action, (a.before as { disabled: boolean }).disabled])).toEqual([['shop.disable', false], ['shop.enable', true]]);
  });
});

describe('users', () => {
  it('finds them, shows where they act, changes levels but keeps the operator and at least one operator', async () => {
    expect((await listUsers(h.db, op, { term: 'PEDRO', page: 1 })).results.map((u) => u.email)).toEqual(['pedro@ops.test']);
    const pedro = await userDetail(h.db, op, PLAIN);
    expect(pedro.memberships.ownedShops.map((s) => s.slug)).toEqual(['tienda-directorio']);
    expect(pedro.memberships.supplierTeams).toMatchObject([{ name: 'Café Suspendible', permissions: ['dispatcher'] }]);
    expect((await userDetail(h.db, op, OP2)).memberships.shopTeams).toMatchObject([{ slug: 'tienda-directorio', permissions: ['admin'] }]);

    await changeUserLevel(h.db, op, PLAIN, 'ul2');
    await expect(changeUserLevel(h.db, op, PLAIN, 'ul2')).rejects.toMatchObject({ code: 'conflict', textKey: 'operatorConsole.levelRefused-unchanged' });
    await expect(changeUserLevel(h.db, op, OP, 'ul0')).rejects.toMatchObject({ code: 'conflict', textKey: 'operatorConsole.levelRefused-self_demotion' });
    await changeUserLevel(h.db, op, OP2, 'ul1'); // another operator is left (Olga)
    await changeUserLevel(h.db, op, OP2, 'ul3');
    // With Olga demoted by the other operator, the other is the last one and cannot be demoted by anyone.
    await changeUserLevel(h.db, viewerOf(OP2, 'ul3'), OP, 'ul2');
    await expect(changeUserLevel(h.db, viewerOf(OP2, 'ul3'), OP2, 'ul0')).rejects.toMatchObject({ textKey: 'operatorConsole.levelRefused-self_demotion' });
    const [p] = await h.db.select({ l: users.user_level }).from(users).where(eq(users.id, PLAIN));
    expect(p!.l).toBe('ul2');
    const log = await h.db.select().from(operatorActions).where(eq(operatorActions.action, 'user.level')).orderBy(operatorActions.id);
    expect(log.map((a) => [(a.before as { user_level: string }).user_level, (a.after as { user_level: string }).user_level])).toEqual([['ul1', 'ul2'], ['ul3', 'ul1'], ['ul1', 'ul3'], ['ul3', 'ul2']]);
    await expect(changeUserLevel(h.db, viewerOf(PLAIN, 'ul2'), OP2, 'ul0')).rejects.toMatchObject({ code: 'forbidden' });
  });
});
