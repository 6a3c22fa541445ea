// Search pages read name matches first and the matches only in tags or description after them (rankedPage in
// src/domain/search/repo.ts, issue 16). Every page, also one that straddles the two, must be what one query
// ordering every match by relevance answers: the shop's search and a catalogue's search, page sizes 1 to 7. The
// shop's search ranks names on shop_item_search (migration 0027), kept by triggers: after renames, hiding, moves
// and links added or removed its pages must still be the reference's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { freshDb } from '../support/db.ts';
import { catalogueProducts, catalogues, products, profiles, shopProducts, shops } from '../../src/db/schema/index.ts';
import { listCatalogueItems } from '../../src/domain/catalog/service.ts';
import { searchShopItems } from '../../src/domain/search/service.ts';
import { rowsOf, textMatch, visibleItem } from '../../src/domain/search/repo.ts';
import type { ShopRow } from '../../src/domain/shops/repo.ts';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const OWNER = uuid(6001);
const SHOP = uuid(6101);
const CAT = uuid(6201);

// Names with the words, names with them in another order or apart, and items with them only in tags or description.
const ITEMS = [
  ['Taza de barro', ''], ['Taza', ''], ['Juego de tazas grandes', ''], ['Plato hondo', 'Combina con la taza de barro'],
  ['Tazón de barro negro', ''], ['Jarra', 'Para servir: taza, vaso'], ['Barro y taza', ''], ['Cuchara', 'una taza de medir'],
  ['Vaso', ''], ['Bandeja', 'taza'], ['Mini taza de barro', ''], ['Olla', 'barro; taza aparte'], ['Taza de barro', 'otra'],
] as const;

describe('ranked search pages', () => {
  let h: Awaited<ReturnType<typeof freshDb>>;
  let shop: ShopRow;
  beforeAll(async () => {
    h = await freshDb();
    await h.db.insert(profiles).values({ id: OWNER, name: 'Proveedor', slug: 'proveedor-rank', main_type: 'dssupplier' });
    const theme = { color1: '#123456', color2: '#654321', columns: 2, signup_form: 'basic', slider_info: [], header_info: null, sections_info: ['products'] } as never;
    [shop] = await h.db.insert(shops).values({ id: SHOP, slug: 'tienda-rank', name: 'Rank', store_theme_info: theme }).returning() as [ShopRow];
    await h.db.insert(products).values(ITEMS.map(([name, description], i) => ({
      id: uuid(i + 1), owner: OWNER, type: 'product' as const, slug: `r-${i + 1}`, name, plain_description: description, list_price: 1000,
    })));
    // The shop's order is not the insertion order, so ties on name length are broken by queue_position visibly.
    await h.db.insert(shopProducts).values(ITEMS.map((_, i) => ({ shop_id: SHOP, product_id: uuid(i + 1), queue_position: (i * 5) % ITEMS.length })));
    await h.db.insert(catalogues).values({ id: CAT, shop_id: SHOP, slug: 'todo', name: 'Todo' });
    await h.db.insert(catalogueProducts).values(ITEMS.map((_, i) => ({ catalogue_id: CAT, product_id: uuid(i + 1), queue_position: (i * 7) % ITEMS.length })));
  });
  afterAll(async () => { await h?.dispose(); });

  /** Every match ordered by relevance in one query: the order every page must follow. */
  async function reference(text: string, table: 'shop' | 'catalogue', mode: 'strict' | 'fuzzy' = 'strict') {
    const m = textMatch(text, mode);
    const [link, qp, scope] = table === 'shop'
      ? [sql`shop_products l`, sql`l.queue_position`, sql`l.shop_id = ${SHOP}`]
      : [sql`catalogue_products l`, sql`l.queue_position`, sql`l.catalogue_id = ${CAT}`];
    return rowsOf<{ id: string }>(await h.db.execute(sql`select ${products.id} as id from ${link} join ${products} on ${products.id} = l.product_id
      where ${scope} and ${visibleItem} and ${m.where} order by ${m.order}, ${qp}, ${products.id}`)).map((r) => r.id);
  }

  for (const text of ['taza', 'taza barro', 'barro']) {
    it(`pages "${text}" like one ordered query, across the name and description matches`, async () => {
      for (const table of ['shop', 'catalogue'] as const) {
        const all = await reference(text, table);
        expect(all.length, table).toBeGreaterThan(4);
        for (let limit = 1; limit <= 7; limit++) {
          for (let offset = 0; offset <= all.length; offset++) {
            const page = table === 'shop'
              ? await searchShopItems(h.db, shop, { text, type: 'product', offset, limit })
              : await listCatalogueItems(h.db, shop, { id: CAT }, { text, offset, limit });
            expect(page.results.map((r) => r.id), `${table} ${text} offset ${offset} limit ${limit}`).toEqual(all.slice(offset, offset + limit));
            expect(page.matches_estimated).toBe(all.length);
          }
        }
      }
    });
  }

  /** Every page of the shop's search for `text`, sizes 1 to 7, against the reference. */
  async function expectShopPages(text: string, mode: 'strict' | 'fuzzy' = 'strict') {
    const all = await reference(text, 'shop', mode);
    for (let limit = 1; limit <= 7; limit++) {
      for (let offset = 0; offset <= all.length; offset++) {
        const page = await searchShopItems(h.db, shop, { text, type: 'product', offset, limit });
        expect(page.results.map((r) => r.id), `${text} offset ${offset} limit ${limit}`).toEqual(all.slice(offset, offset + limit));
        expect(page.matches_estimated, `${text} offset ${offset} limit ${limit}`).toBe(all.length);
      }
    }
    return all;
  }

  it('pages near matches ("barros", nothing strict) like one ordered query, with their count', async () => {
    expect(await reference('barros', 'shop')).toEqual([]);
    expect((await expectShopPages('barros', 'fuzzy')).length).toBeGreaterThan(3);
  });

  it('keeps the shop\'s search in step with renamed, hidden, moved, added and removed items', async () => {
    const extra = uuid(99);
    await h.db.insert(products).values({ id: extra, owner: OWNER, type: 'product', slug: 'r-99', name: 'Taza nueva', list_price: 1000 });
    const before = await reference('taza', 'shop');
    await h.db.insert(shopProducts).values({ shop_id: SHOP, product_id: extra, queue_position: 0 });
    expect((await expectShopPages('taza')).length).toBe(before.length + 1);

    await h.db.update(products).set({ name: 'Vaso de barro' }).where(sql`${products.id} = ${uuid(2)}`);
    await h.db.update(products).set({ hiden: true }).where(sql`${products.id} = ${uuid(1)}`);
    await h.db.update(products).set({ list_state: 'unpublished' }).where(sql`${products.id} = ${uuid(11)}`);
    // A move shifts the positions of the items between, as the store's reorder does.
    await h.db.execute(sql`update shop_products set queue_position = case when product_id = ${uuid(13)} then -1 else queue_position + 1 end where shop_id = ${SHOP}`);
    await h.db.delete(shopProducts).where(sql`${shopProducts.shop_id} = ${SHOP} and ${shopProducts.product_id} = ${uuid(5)}`);
    const after = await expectShopPages('taza');
    expect(after).not.toContain(uuid(1));
    expect(after).not.toContain(uuid(2));
    expect(after).not.toContain(uuid(11));
    expect(after).not.toContain(uuid(5));
    expect(await expectShopPages('vaso de barro')).toContain(uuid(2));

    await h.db.update(products).set({ hiden: false }).where(sql`${products.id} = ${uuid(1)}`);
    const shown = await expectShopPages('taza');
    // Two 'Taza de barro' tie on relevance: the moved one (first in the store now) comes first.
    expect(shown.indexOf(uuid(13))).toBeGreaterThanOrEqual(0);
    expect(shown.indexOf(uuid(13))).toBeLessThan(shown.indexOf(uuid(1)));
    await h.db.delete(products).where(sql`${products.id} = ${extra}`);
    expect(await expectShopPages('taza')).not.toContain(extra);
  });
});
