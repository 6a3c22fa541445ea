// The item counts the database keeps (migration 0023: shop_item_counts, catalogue_item_counts) against counting the
// rows, after every kind of change that can move them: links added and removed, in bulk and one by one, products
// hidden, unpublished, disabled, retyped and deleted (their links go by cascade), catalogues and shops deleted.
// The storefront's counts read them (listShopItems, catalogue num_products, the sitemap), so they must never drift.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { freshDb } from '../support/db.ts';
import { catalogueProducts, catalogues, products, profiles, shopProducts, shops } from '../../src/db/schema/index.ts';
import { listShopItems, searchShopCatalogues, sitemapItemCount } from '../../src/domain/catalog/service.ts';
import type { ShopRow } from '../../src/domain/shops/repo.ts';
import { rowsOf } from '../../src/domain/search/repo.ts';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const OWNER = uuid(7001);
const SHOP_A = uuid(7101);
const SHOP_B = uuid(7102);
const CAT_A = uuid(7201);
const CAT_B = uuid(7202);
const TYPES = ['product', 'service', 'experience'] as const;

describe('kept item counts', () => {
  let h: Awaited<ReturnType<typeof freshDb>>;
  let shopA: ShopRow;

  /** Every kept count beside the count of rows it stands for (visible items: published, not hidden, not disabled). */
  async function drift() {
    const kept = rowsOf<{ k: string; n: number }>(await h.db.execute(sql`
      select shop_id || ':' || type as k, n from shop_item_counts where n <> 0
      union all select catalogue_id || ':c', n from catalogue_item_counts where n <> 0`));
    const real = rowsOf<{ k: string; n: number }>(await h.db.execute(sql`
      select sp.shop_id || ':' || p.type as k, count(*)::int as n from shop_products sp join products p on p.id = sp.product_id
        where p.list_state = 'published' and not p.hiden and not p.disabled group by 1
      union all select cp.catalogue_id || ':c', count(*)::int from catalogue_products cp join products p on p.id = cp.product_id
        where p.list_state = 'published' and not p.hiden and not p.disabled group by 1`));
    const asMap = (rows: { k: string; n: number }[]) => Object.fromEntries(rows.map((r) => [r.k, Number(r.n)]).sort());
    return { kept: asMap(kept), real: asMap(real) };
  }
  const expectNoDrift = async () => { const d = await drift(); expect(d.kept).toEqual(d.real); return d.real; };

  beforeAll(async () => {
    h = await freshDb();
    await h.db.insert(profiles).values({ id: OWNER, name: 'Proveedor', slug: 'proveedor-cuentas', main_type: 'dssupplier' });
    const theme = { color1: '#123456', color2: '#654321', columns: 2, signup_form: 'basic', slider_info: [], header_info: null, sections_info: ['products'] } as never;
    [shopA] = await h.db.insert(shops).values([
      { id: SHOP_A, slug: 'tienda-cuentas-a', name: 'Cuentas A', store_theme_info: theme }, { id: SHOP_B, slug: 'tienda-cuentas-b', name: 'Cuentas B', store_theme_info: theme },
    ]).returning() as [ShopRow];
    await h.db.insert(catalogues).values([{ id: CAT_A, shop_id: SHOP_A, slug: 'uno', name: 'Uno' }, { id: CAT_B, shop_id: SHOP_B, slug: 'dos', name: 'Dos' }]);
    // 300 items: a third of each type; every 10th unpublished, every 17th hidden, every 23rd disabled.
    await h.db.insert(products).values(Array.from({ length: 300 }, (_, i) => ({
      id: uuid(i + 1), owner: OWNER, type: TYPES[i % 3]!, slug: `c-${i + 1}`, name: `Cosa ${i + 1}`, list_price: 1000,
      list_state: i % 10 === 0 ? 'unpublished' as const : 'published' as const, hiden: i % 17 === 0, disabled: i % 23 === 0,
    })));
  });
  afterAll(async () => { await h?.dispose(); });

  it('follow links added in bulk and one by one, and removed', async () => {
    await h.db.insert(shopProducts).values(Array.from({ length: 250 }, (_, i) => ({ shop_id: SHOP_A, product_id: uuid(i + 1), queue_position: i })));
    for (let i = 100; i < 110; i++) await h.db.insert(shopProducts).values({ shop_id: SHOP_B, product_id: uuid(i + 1), queue_position: i });
    await h.db.insert(catalogueProducts).values(Array.from({ length: 200 }, (_, i) => ({ catalogue_id: CAT_A, product_id: uuid(i + 51), queue_position: i })));
    await h.db.insert(catalogueProducts).values(Array.from({ length: 30 }, (_, i) => ({ catalogue_id: CAT_B, product_id: uuid(i + 1), queue_position: i })));
    const real = await expectNoDrift();
    expect(real[`${SHOP_A}:product`]).toBeGreaterThan(50);
    await h.db.delete(shopProducts).where(and(eq(shopProducts.shop_id, SHOP_A), inArray(shopProducts.product_id, [uuid(2), uuid(3), uuid(4), uuid(11)])));
    await h.db.delete(catalogueProducts).where(eq(catalogueProducts.product_id, uuid(60)));
    await expectNoDrift();
  });

  it('follow products hidden, unpublished, disabled, retyped and shown again, one by one and in bulk', async () => {
    await h.db.update(products).set({ hiden: true }).where(eq(products.id, uuid(101)));
    await h.db.update(products).set({ list_state: 'unpublished' }).where(inArray(products.id, [uuid(102), uuid(103), uuid(104)]));
    await h.db.update(products).set({ type: 'service' }).where(eq(products.id, uuid(106)));
    await h.db.update(products).set({ disabled: true, type: 'experience' }).where(eq(products.id, uuid(107)));
    await expectNoDrift();
    await h.db.update(products).set({ hiden: false, disabled: false, list_state: 'published' }).where(sql`${products.id} in (select id from products order by id limit 200)`);
    await expectNoDrift();
    // Changes that move nothing (stock, price) leave the counts as they are.
    const before = await drift();
    await h.db.update(products).set({ stock_on_hand: 5, list_price: 2000 }).where(sql`true`);
    expect((await drift()).kept).toEqual(before.kept);
  });

  it('follow products deleted with their links, a catalogue deleted and a shop deleted', async () => {
    await h.db.delete(products).where(inArray(products.id, [uuid(5), uuid(6), uuid(120), uuid(121), uuid(299)]));
    await expectNoDrift();
    await h.db.delete(products).where(sql`${products.id} in (select id from products order by id desc limit 40)`);
    await expectNoDrift();
    await h.db.delete(catalogues).where(eq(catalogues.id, CAT_B));
    await h.db.delete(shops).where(eq(shops.id, SHOP_B));
    await expectNoDrift();
  });

  it('are what the storefront reads: per-type totals, catalogue sizes, the sitemap count', async () => {
    const real = (await drift()).real;
    for (const type of TYPES) {
      const list = await listShopItems(h.db, shopA, { type, offset: 0, limit: 5 });
      expect(list.matches_estimated).toBe(real[`${SHOP_A}:${type}`] ?? 0);
    }
    const { results } = await searchShopCatalogues(h.db, shopA, { offset: 0, limit: 10 });
    expect(results.find((c) => c.slug === 'uno')?.num_products).toBe(real[`${CAT_A}:c`]);
    expect(await sitemapItemCount(h.db, shopA)).toBe(TYPES.reduce((n, t) => n + (real[`${SHOP_A}:${t}`] ?? 0), 0));
  });
});
