// Deep pages of large shops (issue 29) are read off narrow indexes: the store's listings in its order and by price
// from shop_item_search, a catalogue's from catalogue_products' visible-items index (migration 0039), a one-letter
// search's first pages from the names' first character, and the sitemap in keyset batches. Every page must be what
// one query ordering every visible item on products answers, also after the changes the triggers keep them through:
// price and currency edits, hiding, unpublishing, disabling, moves, links added and removed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { freshDb } from '../support/db.ts';
import { catalogueProducts, catalogues, products, profiles, shopProducts, shops } from '../../src/db/schema/index.ts';
import { listCatalogueItems, listShopItems, sitemapItemBatches } from '../../src/domain/catalog/service.ts';
import { searchShopItems } from '../../src/domain/search/service.ts';
import { currencyGroup, rowsOf, textMatch, visibleItem } from '../../src/domain/search/repo.ts';
import type { ShopRow } from '../../src/domain/shops/repo.ts';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const OWNER = uuid(7001);
const SHOP = uuid(7101);
const CAT = uuid(7201);
const N = 40;
// Names: some are the letter t alone or start with it (the best ranks of a search for 't'), many only have a word
// starting with it, ties on length; prices repeat (ties broken by id) in three currencies.
const NAMES = ['T azul', 'Taza', 'Té verde', 'Mesa de té', 'Tapete', 'Vaso', 'Silla tallada', 'T', 'Tela', 'Olla de barro'];
const CURRENCIES = ['MXN', 'USD', 'EUR', 'MXN'];
const ids = Array.from({ length: N }, (_, i) => uuid(i + 1));

describe('pages read off narrow indexes', () => {
  let h: Awaited<ReturnType<typeof freshDb>>;
  let shop: ShopRow;
  beforeAll(async () => {
    h = await freshDb();
    await h.db.insert(profiles).values({ id: OWNER, name: 'Proveedor', slug: 'proveedor-keyed', main_type: 'dssupplier' });
    const theme = { color1: '#123456', color2: '#654321', columns: 2, signup_form: 'basic', slider_info: [], header_info: null, sections_info: ['products'] } as never;
    [shop] = await h.db.insert(shops).values({ id: SHOP, slug: 'tienda-keyed', name: 'Keyed', store_theme_info: theme }).returning() as [ShopRow];
    await h.db.insert(products).values(ids.map((id, i) => ({
      id, owner: OWNER, type: i % 9 === 8 ? 'service' as const : 'product' as const, slug: `k-${i + 1}`, name: `${NAMES[i % NAMES.length]}${i % 3 ? ` ${i}` : ''}`,
      list_price: 100 * ((i * 7) % 11), currency: CURRENCIES[i % CURRENCIES.length]!, hiden: i === 5, list_state: i === 12 ? 'unpublished' as const : 'published' as const,
    })));
    // Neither order is the insertion order; two items share a position (ties by id).
    await h.db.insert(shopProducts).values(ids.map((id, i) => ({ shop_id: SHOP, product_id: id, queue_position: i === 3 ? 10 : (i * 13) % N })));
    await h.db.insert(catalogues).values({ id: CAT, shop_id: SHOP, slug: 'todo', name: 'Todo' });
    await h.db.insert(catalogueProducts).values(ids.map((id, i) => ({ catalogue_id: CAT, product_id: id, queue_position: (i * 17) % N })));
  });
  afterAll(async () => { await h?.dispose(); });

  const ORDERS = {
    queue_position: sql`l.queue_position, ${products.id}`,
    list_price: sql`${currencyGroup}, ${products.list_price} asc, ${products.id}`,
    '-list_price': sql`${currencyGroup}, ${products.list_price} desc, ${products.id}`,
  } as const;

  /** Every visible item of the store (or catalogue) in one ordered query on products. */
  async function reference(scope: 'shop' | 'catalogue', order: keyof typeof ORDERS, type = 'product') {
    const [link, where] = scope === 'shop' ? [sql`shop_products l`, sql`l.shop_id = ${SHOP} and ${products.type} = ${type}`] : [sql`catalogue_products l`, sql`l.catalogue_id = ${CAT}`];
    return rowsOf<{ id: string }>(await h.db.execute(sql`select ${products.id} as id from ${link} join ${products} on ${products.id} = l.product_id
      where ${where} and ${visibleItem} order by ${scope === 'shop' ? ORDERS[order] : ORDERS.queue_position}`)).map((r) => r.id);
  }

  async function expectListings() {
    for (const sort of Object.keys(ORDERS) as (keyof typeof ORDERS)[]) {
      for (const type of ['product', 'service'] as const) {
        const all = await reference('shop', sort, type);
        expect(all.length).toBeGreaterThan(2);
        for (const limit of [1, 3, 7]) {
          for (let offset = 0; offset <= all.length; offset += limit) {
            const page = await listShopItems(h.db, shop, { type, sort, offset, limit });
            expect(page.results.map((r) => r.id), `${type} ${sort} offset ${offset} limit ${limit}`).toEqual(all.slice(offset, offset + limit));
            expect(page.matches_estimated).toBe(all.length);
          }
        }
      }
    }
    const all = await reference('catalogue', 'queue_position');
    for (const limit of [1, 4, 30]) {
      for (let offset = 0; offset <= all.length; offset += limit) {
        const page = await listCatalogueItems(h.db, shop, { id: CAT }, { offset, limit });
        expect(page.results.map((r) => r.id), `catalogue offset ${offset} limit ${limit}`).toEqual(all.slice(offset, offset + limit));
        expect(page.matches_estimated).toBe(all.length);
      }
    }
  }

  /** Every page of a one-letter search against one query ranking every match. */
  async function expectLetterPages(text: string) {
    const m = textMatch(text);
    const all = rowsOf<{ id: string }>(await h.db.execute(sql`select ${products.id} as id from shop_products l join ${products} on ${products.id} = l.product_id
      where l.shop_id = ${SHOP} and ${products.type} = 'product' and ${visibleItem} and ${m.where} order by ${m.order}, l.queue_position, ${products.id}`)).map((r) => r.id);
    expect(all.length).toBeGreaterThan(5);
    for (const limit of [1, 2, 5, 24]) {
      for (let offset = 0; offset <= all.length; offset += limit) {
        const page = await searchShopItems(h.db, shop, { text, type: 'product', offset, limit });
        expect(page.results.map((r) => r.id), `"${text}" offset ${offset} limit ${limit}`).toEqual(all.slice(offset, offset + limit));
        expect(page.matches_estimated).toBe(all.length);
      }
    }
  }

  /** The sitemap's items, batch after batch, against the store's visible items of every type in its order. */
  async function expectSitemap() {
    const all = rowsOf<{ id: string }>(await h.db.execute(sql`select ${products.id} as id from shop_products l join ${products} on ${products.id} = l.product_id
      where l.shop_id = ${SHOP} and ${visibleItem} order by l.queue_position, ${products.id}`)).map((r) => r.id);
    const got: string[] = [];
    for await (const batch of (await sitemapItemBatches(h.db, shop, 1)) ?? []) got.push(...batch.map((i) => i.id));
    expect(got).toEqual(all);
    expect(await sitemapItemBatches(h.db, shop, 2)).toBeNull();
  }

  it('pages the store by its order and by price, the catalogue, a one-letter search and the sitemap like one ordered query', async () => {
    await expectListings();
    await expectLetterPages('t');
    await expectLetterPages('d');
    await expectSitemap();
  });

  it('stays in step after price, currency and visibility changes, moves, and links added and removed', async () => {
    await h.db.update(products).set({ list_price: 5 }).where(sql`${products.id} = ${ids[10]}`);
    await h.db.update(products).set({ currency: 'USD', list_price: 999_999 }).where(sql`${products.id} = ${ids[0]}`);
    await h.db.update(products).set({ hiden: false }).where(sql`${products.id} = ${ids[5]}`);
    await h.db.update(products).set({ hiden: true }).where(sql`${products.id} = ${ids[1]}`);
    await h.db.update(products).set({ disabled: true }).where(sql`${products.id} = ${ids[2]}`);
    await h.db.update(products).set({ list_state: 'published', name: 'T rojo' }).where(sql`${products.id} = ${ids[12]}`);
    await h.db.execute(sql`update shop_products set queue_position = case when product_id = ${ids[20]} then -1 else queue_position + 1 end where shop_id = ${SHOP}`);
    await h.db.execute(sql`update catalogue_products set queue_position = case when product_id = ${ids[30]} then -1 else queue_position end where catalogue_id = ${CAT}`);
    await h.db.delete(shopProducts).where(sql`${shopProducts.shop_id} = ${SHOP} and ${shopProducts.product_id} = ${ids[4]}`);
    await h.db.delete(catalogueProducts).where(sql`${catalogueProducts.catalogue_id} = ${CAT} and ${catalogueProducts.product_id} = ${ids[6]}`);
    const extra = uuid(99);
    await h.db.insert(products).values({ id: extra, owner: OWNER, type: 'product', slug: 'k-99', name: 'Tambor', list_price: 1, hiden: true });
    await h.db.insert(shopProducts).values({ shop_id: SHOP, product_id: extra, queue_position: 3 });
    await h.db.insert(catalogueProducts).values({ catalogue_id: CAT, product_id: extra, queue_position: 3 });
    await expectListings();
    await h.db.update(products).set({ hiden: false }).where(sql`${products.id} = ${extra}`);
    await expectListings();
    await expectLetterPages('t');
    await expectSitemap();
    expect(await reference('catalogue', 'queue_position')).toContain(extra);
    expect(await reference('catalogue', 'queue_position')).not.toContain(ids[1]);
  });
});
