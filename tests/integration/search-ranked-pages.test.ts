// Search pages read name matches first and the matches only in tags or description after them (rankedPage in
// src/domain/search/repo.ts, issue 16). Every page, also one that straddles the two, must be what one query
// ordering every match by relevance answers: the shop's search and a catalogue's search, page sizes 1 to 7.
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
  async function reference(text: string, table: 'shop' | 'catalogue') {
    const m = textMatch(text);
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
});
