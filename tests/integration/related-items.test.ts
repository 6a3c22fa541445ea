// A product page's related items (relatedShopItems): visible items of the same type in the same store that share
// tags, most shared tags first, then the store's order. They are picked on shop_item_search (migration 0027), kept
// by triggers: retagging, hiding, moving and removing items must show on the next page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { freshDb } from '../support/db.ts';
import { products, profiles, shopProducts, shops } from '../../src/db/schema/index.ts';
import { relatedShopItems } from '../../src/domain/catalog/service.ts';
import type { ShopRow } from '../../src/domain/shops/repo.ts';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const OWNER = uuid(7001);
const SHOP = uuid(7101);
const OTHER_SHOP = uuid(7102);

// [name, type, tags]; the store's order is the list's order.
const ITEMS = [
  ['Taza azul', 'product', ['cocina', 'barro', 'azul']],
  ['Plato', 'product', ['cocina']],
  ['Jarra de barro', 'product', ['cocina', 'barro']],
  ['Olla azul de barro', 'product', ['cocina', 'barro', 'azul']],
  ['Curso de barro', 'service', ['barro', 'azul']],
  ['Mochila', 'product', ['viaje']],
  ['Cazuela', 'product', ['barro']],
] as const;

describe('related items on a product page', () => {
  let h: Awaited<ReturnType<typeof freshDb>>;
  let shop: ShopRow;
  const taza = { id: uuid(1), type: 'product' as const, tags: ['cocina', 'barro', 'azul'] };
  const related = async (limit = 8) => (await relatedShopItems(h.db, shop, taza, limit)).map((r) => r.name);

  beforeAll(async () => {
    h = await freshDb();
    await h.db.insert(profiles).values({ id: OWNER, name: 'Proveedor', slug: 'proveedor-related', main_type: 'dssupplier' });
    const theme = { color1: '#123456', color2: '#654321', columns: 2, signup_form: 'basic', slider_info: [], header_info: null, sections_info: ['products'] } as never;
    [shop] = await h.db.insert(shops).values([
      { id: SHOP, slug: 'tienda-related', name: 'Related', store_theme_info: theme },
      { id: OTHER_SHOP, slug: 'tienda-related-2', name: 'Otra', store_theme_info: theme },
    ]).returning() as [ShopRow];
    await h.db.insert(products).values(ITEMS.map(([name, type, tags], i) => ({
      id: uuid(i + 1), owner: OWNER, type, slug: `rel-${i + 1}`, name, tags: [...tags], list_price: 1000,
    })));
    await h.db.insert(shopProducts).values(ITEMS.map((_, i) => ({ shop_id: SHOP, product_id: uuid(i + 1), queue_position: i })));
    // Another store's item sharing every tag is not this store's.
    await h.db.insert(products).values({ id: uuid(50), owner: OWNER, type: 'product', slug: 'rel-50', name: 'Taza de otra tienda', tags: ['cocina', 'barro', 'azul'], list_price: 1000 });
    await h.db.insert(shopProducts).values({ shop_id: OTHER_SHOP, product_id: uuid(50), queue_position: 0 });
  });
  afterAll(async () => { await h?.dispose(); });

  it('lists the store\'s items of the same type sharing tags, most shared first, then in the store\'s order', async () => {
    expect(await related()).toEqual(['Olla azul de barro', 'Jarra de barro', 'Plato', 'Cazuela']);
    expect(await related(2)).toEqual(['Olla azul de barro', 'Jarra de barro']);
  });

  it('follows retagging, hiding, moving and removing items', async () => {
    await h.db.update(products).set({ tags: ['viaje', 'azul'] }).where(sql`${products.id} = ${uuid(6)}`);
    await h.db.update(products).set({ hiden: true }).where(sql`${products.id} = ${uuid(4)}`);
    // Cazuela moves to the front of the store: it now comes before Plato (both share one tag).
    await h.db.execute(sql`update shop_products set queue_position = case when product_id = ${uuid(7)} then -1 else queue_position end where shop_id = ${SHOP}`);
    expect(await related()).toEqual(['Jarra de barro', 'Cazuela', 'Plato', 'Mochila']);

    await h.db.delete(shopProducts).where(sql`${shopProducts.shop_id} = ${SHOP} and ${shopProducts.product_id} = ${uuid(3)}`);
    await h.db.update(products).set({ hiden: false }).where(sql`${products.id} = ${uuid(4)}`);
    await h.db.update(products).set({ type: 'service' }).where(sql`${products.id} = ${uuid(2)}`);
    expect(await related()).toEqual(['Olla azul de barro', 'Cazuela', 'Mochila']);
  });
});
