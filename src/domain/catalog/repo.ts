// The only place catalogue and product SQL lives.
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { catalogueProducts, catalogues, products, shopProducts } from '../../db/schema/index.ts';
import type { Catalogue, ListItem } from './schema.ts';

const visible = and(eq(products.list_state, 'published'), eq(products.hiden, false), eq(products.disabled, false));

export async function listShopItems(db: Db, shopId: string, opts: { type: 'product' | 'service' | 'experience'; offset: number; limit: number; sort: string }) {
  const where = and(eq(shopProducts.shop_id, shopId), eq(products.type, opts.type), visible);
  const order = opts.sort === '-list_price' ? [desc(products.list_price), asc(products.id)]
    : opts.sort === 'list_price' ? [asc(products.list_price), asc(products.id)]
    : [asc(shopProducts.queue_position), asc(products.id)];
  const [rows, [total]] = await Promise.all([
    db.select({
      id: products.id, owner: products.owner, name: products.name, slug: products.slug, type: products.type,
      currency: products.currency, list_price: products.list_price, crossout_price: products.crossout_price,
      hide_price: products.hide_price, is_free: products.is_free, queue_position: shopProducts.queue_position,
      photo: sql<string | null>`${products.photos}->>0`, stock_type: products.stock_type,
      available: sql<number>`(${products.stock_on_hand} - ${products.stock_reserved})::int`, sold_out: products.sold_out,
      experience_date: products.experience_date,
    }).from(shopProducts).innerJoin(products, eq(products.id, shopProducts.product_id))
      .where(where).orderBy(...order).offset(opts.offset).limit(opts.limit),
    db.select({ n: count() }).from(shopProducts).innerJoin(products, eq(products.id, shopProducts.product_id)).where(where),
  ]);
  const results: ListItem[] = rows.map((r) => ({ ...r, in_store: true, experience_date: r.experience_date?.toISOString() ?? null }));
  return { results, matches_estimated: total?.n ?? 0 };
}

export async function listCatalogues(db: Db, shopId: string, offset: number, limit: number) {
  const [rows, [total]] = await Promise.all([
    db.select({
      id: catalogues.id, name: catalogues.name, slug: catalogues.slug, photo: catalogues.photo, icon_class: catalogues.icon_class,
      updated_at: catalogues.updated_at,
      num_products: sql<number>`(select count(*)::int from ${catalogueProducts} where ${catalogueProducts.catalogue_id} = ${catalogues.id})`,
    }).from(catalogues).where(eq(catalogues.shop_id, shopId)).orderBy(asc(catalogues.name)).offset(offset).limit(limit),
    db.select({ n: count() }).from(catalogues).where(eq(catalogues.shop_id, shopId)),
  ]);
  const results: Catalogue[] = rows.map((r) => ({ ...r, updated_at: r.updated_at.toISOString() }));
  return { results, matches_estimated: total?.n ?? 0 };
}

/** Everything a shop's sitemap lists (capped: a sitemap file holds at most 50,000 addresses). */
export async function sitemapRows(db: Db, shopId: string) {
  const [cats, items] = await Promise.all([
    db.select({ slug: catalogues.slug, updated_at: catalogues.updated_at }).from(catalogues).where(eq(catalogues.shop_id, shopId)).orderBy(asc(catalogues.slug)).limit(1000),
    db.select({ id: products.id, owner: products.owner, type: products.type, updated_at: products.updated_at })
      .from(shopProducts).innerJoin(products, eq(products.id, shopProducts.product_id))
      .where(and(eq(shopProducts.shop_id, shopId), visible)).orderBy(asc(shopProducts.queue_position)).limit(48_000),
  ]);
  return { catalogues: cats, items };
}
