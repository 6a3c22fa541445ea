// The only place catalogue and product SQL lives.
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { catalogueProducts, catalogues, plans, productReviewStats, products, profiles, shopItemCounts, shopItemSearch, shopProducts, suppliers } from '../../db/schema/index.ts';
import { catalogueItems, currencyGroup, listItemColumns, ratingOf, rowsOf, toListItem, type RawItem } from '../search/index.ts';
import { escapeLike } from '../search/schema.ts';
import type { Catalogue, ItemType, ListItem } from './schema.ts';
import { DEFAULT_RESALE_PLAN } from '../../lib/shared/constants.ts';
import { HOME_CURRENCY } from '../../lib/shared/money.ts';
import { prepared } from '../../db/prepared.ts';
import { totalOver, withTotal } from '../../db/page-total.ts';


// Price orders group by currency first (src/domain/search/repo.ts currencyGroup: no exchange rates, no mixing).
const ITEM_ORDERS = {
  '-list_price': [currencyGroup, desc(products.list_price), asc(products.id)],
  list_price: [currencyGroup, asc(products.list_price), asc(products.id)],
  queue_position: [asc(shopItemSearch.queue_position), asc(products.id)],
} as const;

// The same orders on shop_item_search, written as its indexes are (migration 0039: the home currency as a literal,
// the descending price NULLS LAST), so the planner walks an index instead of sorting the store.
if (!/^[A-Z]{3}$/.test(HOME_CURRENCY)) throw new Error(`HOME_CURRENCY is not a currency code: ${HOME_CURRENCY}`);
const narrowGroup = sql`(${shopItemSearch.currency} <> ${sql.raw(`'${HOME_CURRENCY}'`)})`;
const NARROW_ORDERS = {
  '-list_price': [narrowGroup, asc(shopItemSearch.currency), sql`${shopItemSearch.list_price} desc nulls last`, asc(shopItemSearch.product_id)],
  list_price: [narrowGroup, asc(shopItemSearch.currency), asc(shopItemSearch.list_price), asc(shopItemSearch.product_id)],
  queue_position: [asc(shopItemSearch.queue_position), asc(shopItemSearch.product_id)],
} as const;

/**
 * A shop's visible items of a type, one page in `sort` order, and how many there are: one prepared statement per
 * order (src/db/prepared.ts; every home section and list page runs it), the total read from the kept counts in the
 * same statement. The page's ids come from shop_item_search (visible store items only, the same rows) on its narrow
 * index for the order (store order, or price by currency group), so page 200 skips 7,164 index entries instead of
 * sorting or skipping as many joined product rows, and only the page's 36 are read from products (issue 29).
 */
export async function listShopItems(db: Db, shopId: string, opts: { type: 'product' | 'service' | 'experience'; offset: number; limit: number; sort: string }) {
  const sort = opts.sort in ITEM_ORDERS ? (opts.sort as keyof typeof ITEM_ORDERS) : 'queue_position';
  const query = prepared(db, `shop_items_keyed_${sort.replace('-', 'desc_')}`, (d, name) => {
    const page = d.select({ pid: shopItemSearch.product_id, qp: shopItemSearch.queue_position }).from(shopItemSearch)
      .where(and(eq(shopItemSearch.shop_id, sql.placeholder('shop')), eq(shopItemSearch.type, sql.placeholder('type'))))
      .orderBy(...NARROW_ORDERS[sort]).offset(sql.placeholder('offset')).limit(sql.placeholder('limit')).as('page');
    return d.select({
      id: products.id, owner: products.owner, name: products.name, slug: products.slug, type: products.type,
      currency: products.currency, list_price: products.list_price, crossout_price: products.crossout_price,
      hide_price: products.hide_price, is_free: products.is_free, queue_position: page.qp,
      photo: sql<string | null>`${products.photos}->>0`, stock_type: products.stock_type,
      available: sql<number>`(${products.stock_on_hand} - ${products.stock_reserved})::int`, sold_out: products.sold_out,
      experience_date: products.experience_date,
      rating_count: productReviewStats.review_count, rating_sum: productReviewStats.rating_sum,
      // Kept by the database (shop_item_counts, migration 0023): counting a store of 100,000 items took 200-300 ms.
      total: sql<number>`coalesce((select n from shop_item_counts c where c.shop_id = ${sql.placeholder('shop')} and c.type = ${sql.placeholder('type')}), 0)::int`,
    }).from(page).innerJoin(products, eq(products.id, page.pid))
      .leftJoin(productReviewStats, eq(productReviewStats.product_id, products.id))
      .orderBy(...(sort === 'queue_position' ? [asc(page.qp), asc(page.pid)] : ITEM_ORDERS[sort])).prepare(name);
  });
  const rows = await query.execute({ shop: shopId, type: opts.type, offset: opts.offset, limit: opts.limit });
  // A page past the end has no row to carry the kept count: read it apart.
  const total = rows[0]?.total ?? (opts.offset > 0
    ? (await db.select({ n: shopItemCounts.n }).from(shopItemCounts)
      .where(and(eq(shopItemCounts.shop_id, shopId), eq(shopItemCounts.type, opts.type))))[0]?.n ?? 0
    : 0);
  const results: ListItem[] = rows.map(({ rating_count, rating_sum, total: _t, ...r }) => ({ ...r, in_store: true, experience_date: r.experience_date?.toISOString() ?? null, rating: ratingOf(rating_count, rating_sum) }));
  return { results, matches_estimated: total };
}

export async function listCatalogues(db: Db, shopId: string, offset: number, limit: number) {
  const page = await db.select({
    id: catalogues.id, name: catalogues.name, slug: catalogues.slug, photo: catalogues.photo, icon_class: catalogues.icon_class,
    updated_at: catalogues.updated_at,
    num_products: numProducts, total: totalOver(),
  }).from(catalogues).where(eq(catalogues.shop_id, shopId)).orderBy(asc(catalogues.name)).offset(offset).limit(limit);
  const { rows, total } = await withTotal(page, { offset, limit }, async () => (await db.select({ n: count() }).from(catalogues).where(eq(catalogues.shop_id, shopId)))[0]?.n ?? 0);
  const results: Catalogue[] = rows.map((r) => ({ ...r, updated_at: r.updated_at.toISOString() }));
  return { results, matches_estimated: total };
}

/** Items per sitemap page: with the home, up to 1,000 catalogues and 5,000 blog entries on page 1, under 50,000. */
export const SITEMAP_ITEMS = 43_000;

/** A page-1 sitemap's catalogues (at most 1,000, by slug). */
export function sitemapCatalogues(db: Db, shopId: string) {
  return db.select({ slug: catalogues.slug, updated_at: catalogues.updated_at }).from(catalogues).where(eq(catalogues.shop_id, shopId)).orderBy(asc(catalogues.slug)).limit(1000);
}

export interface SitemapItem { id: string; owner: string; type: ItemType; updated_at: Date }
type SitemapKey = { qp: number; pid: string };

/**
 * The store's visible items in its order (queue_position, product id; every type), `limit` of them after `after`:
 * the three per-type ranges of shop_item_search's order index merged (visible items only, narrow rows), so a batch
 * costs its own rows wherever it starts.
 */
function storeOrderKeys(shopId: string, after: SitemapKey | null, limit: number, offset = 0) {
  const from = after ? sql` and (s.queue_position, s.product_id) > (${after.qp}, ${after.pid}::uuid)` : sql``;
  const per = (type: ItemType) => sql`(select s.queue_position as qp, s.product_id as pid from shop_item_search s
    where s.shop_id = ${shopId} and s.type = ${type}${from} order by s.queue_position, s.product_id limit ${offset + limit})`;
  return sql`${per('product')} union all ${per('service')} union all ${per('experience')} order by qp, pid offset ${offset} limit ${limit}`;
}

/** Rows read per statement while a sitemap streams. */
const SITEMAP_BATCH = 2_000;

/**
 * The items page `page` of a shop's sitemap lists (SITEMAP_ITEMS a page), in batches read by keyset as the file is
 * written (issue 29: the 43,000 rows of a page in one statement took seconds before the first byte). Null when the
 * page starts past the last item. The page's start is found on the narrow order index, not by OFFSET over products.
 */
export async function sitemapItemBatches(db: Db, shopId: string, page: number): Promise<AsyncGenerator<SitemapItem[]> | null> {
  let after: SitemapKey | null = null;
  if (page > 1) {
    const [start] = rowsOf<{ qp: number; pid: string }>(await db.execute(storeOrderKeys(shopId, null, 1, (page - 1) * SITEMAP_ITEMS - 1)));
    if (!start) return null;
    after = { qp: Number(start.qp), pid: start.pid };
  }
  const read = async (key: SitemapKey | null, limit: number) => rowsOf<SitemapItem & { qp: number }>(await db.execute(sql`
    select k.qp, k.pid as id, ${products.owner} as owner, ${products.type} as type, ${products.updated_at} as updated_at
    from (${storeOrderKeys(shopId, key, limit)}) as k join ${products} on ${products.id} = k.pid order by k.qp, k.pid`));
  const first = await read(after, Math.min(SITEMAP_BATCH, SITEMAP_ITEMS));
  if (page > 1 && !first.length) return null;
  return (async function* batches() {
    let rows = first, left = SITEMAP_ITEMS;
    while (rows.length) {
      const batch = rows.slice(0, left);
      yield batch.map((r) => ({ id: r.id, owner: r.owner, type: r.type, updated_at: new Date(r.updated_at) }));
      left -= batch.length;
      if (left <= 0 || rows.length < SITEMAP_BATCH) return;
      const last = rows[rows.length - 1]!;
      rows = await read({ qp: Number(last.qp), pid: last.id }, Math.min(SITEMAP_BATCH, left));
    }
  })();
}

/** How many items a shop's sitemap lists in all (only asked when they do not fit one page). */
export async function sitemapItemCount(db: Db, shopId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`coalesce(sum(${shopItemCounts.n}), 0)::int` }).from(shopItemCounts).where(eq(shopItemCounts.shop_id, shopId));
  return Number(row?.n ?? 0);
}

// ---------- catalogue pages, item detail, shop assortment (additions) ----------


export type CatalogueRow = typeof catalogues.$inferSelect;
export type ProductRow = typeof products.$inferSelect;

// Visible items only, as the catalogue page counts them: kept by the database (catalogue_item_counts, migration
// 0023; counting a catalogue of 100,000 items took most of a second). The outer column is written qualified:
// drizzle renders a single-table select's columns unqualified ("id"), which inside this subquery would bind wrongly.
const numProducts = sql<number>`coalesce((select cc.n from catalogue_item_counts cc where cc.catalogue_id = "catalogues"."id"), 0)::int`;

/** A shop's catalogues whose name contains `name` (accents and case ignored), by name. */
export async function searchCatalogues(db: Db, shopId: string, name: string, offset: number, limit: number) {
  const where = and(eq(catalogues.shop_id, shopId),
    sql`public.f_search_name(${catalogues.name}) like '%' || public.f_search_name(${escapeLike(name)}) || '%'`);
  const [rows, [total]] = await Promise.all([
    db.select({
      id: catalogues.id, name: catalogues.name, slug: catalogues.slug, photo: catalogues.photo, icon_class: catalogues.icon_class,
      updated_at: catalogues.updated_at, num_products: numProducts,
    }).from(catalogues).where(where).orderBy(asc(catalogues.name)).offset(offset).limit(limit),
    db.select({ n: count() }).from(catalogues).where(where),
  ]);
  const results: Catalogue[] = rows.map((r) => ({ ...r, updated_at: r.updated_at.toISOString() }));
  return { results, matches_estimated: total?.n ?? 0 };
}

export async function findCatalogueBySlug(db: Db, shopId: string, slug: string, by: 'slug' | 'id' = 'slug'): Promise<(Catalogue & { shop_id: string }) | null> {
  const [row] = await db.select({
    id: catalogues.id, shop_id: catalogues.shop_id, name: catalogues.name, slug: catalogues.slug, photo: catalogues.photo,
    icon_class: catalogues.icon_class, updated_at: catalogues.updated_at, num_products: numProducts,
  }).from(catalogues).where(and(eq(catalogues.shop_id, shopId), by === 'id' ? eq(catalogues.id, slug) : eq(catalogues.slug, slug))).limit(1);
  return row ? { ...row, updated_at: row.updated_at.toISOString() } : null;
}

export function listCatalogueItems(db: Db, shopId: string, catalogueId: string, opts: { text: string; offset: number; limit: number }) {
  return catalogueItems(db, shopId, catalogueId, opts);
}

export interface ProductWithSupplier {
  product: ProductRow;
  /** Its reviews' average and count (product_review_stats), null without reviews. */
  rating: ListItem['rating'];
  supplier: { id: string; name: string; image: string | null; profile_slug: string } | null;
  owner_slug: string;
}

/** One product with its supplier, by id (a uuid) or by owner + slug. */
export async function findProduct(db: Db, by: { id: string } | { owner: string; slug: string }): Promise<ProductWithSupplier | null> {
  const where = 'id' in by ? eq(products.id, by.id) : and(eq(products.owner, by.owner), eq(products.slug, by.slug));
  const [row] = await db.select({
    product: products,
    supplier_id: suppliers.id, supplier_name: suppliers.name, supplier_image: suppliers.image,
    owner_slug: profiles.slug,
    rating_count: productReviewStats.review_count, rating_sum: productReviewStats.rating_sum,
  }).from(products)
    .innerJoin(profiles, eq(profiles.id, products.owner))
    .leftJoin(suppliers, eq(suppliers.id, products.supplier_id))
    .leftJoin(productReviewStats, eq(productReviewStats.product_id, products.id))
    .where(where).limit(1);
  if (!row) return null;
  return {
    product: row.product,
    rating: ratingOf(row.rating_count, row.rating_sum),
    supplier: row.supplier_id ? { id: row.supplier_id, name: row.supplier_name!, image: row.supplier_image ?? null, profile_slug: row.owner_slug } : null,
    owner_slug: row.owner_slug,
  };
}

export async function findProfileIdBySlug(db: Db, slug: string): Promise<string | null> {
  const [row] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.slug, slug)).limit(1);
  return row?.id ?? null;
}

/** How a shop offers a product: in its store (with its position) and/or in one of its catalogues. */
export async function shopOffer(db: Db, shopId: string, productId: string): Promise<{ in_store: boolean; queue_position: number | null; in_catalogue: boolean }> {
  const res = await db.execute(sql`select
      (select ${shopProducts.queue_position} from ${shopProducts} where ${shopProducts.shop_id} = ${shopId} and ${shopProducts.product_id} = ${productId}) as queue_position,
      exists (select 1 from ${catalogueProducts} join ${catalogues} on ${catalogues.id} = ${catalogueProducts.catalogue_id}
        where ${catalogues.shop_id} = ${shopId} and ${catalogueProducts.product_id} = ${productId}) as in_catalogue`);
  const r = rowsOf<{ queue_position: number | null; in_catalogue: boolean }>(res)[0];
  const qp = r?.queue_position ?? null;
  return { in_store: qp !== null, queue_position: qp === null ? null : Number(qp), in_catalogue: Boolean(r?.in_catalogue) };
}

/** Whether a product is in a catalogue, and at which position. */
export async function cataloguePosition(db: Db, catalogueId: string, productId: string): Promise<number | null> {
  const [row] = await db.select({ p: catalogueProducts.queue_position }).from(catalogueProducts)
    .where(and(eq(catalogueProducts.catalogue_id, catalogueId), eq(catalogueProducts.product_id, productId))).limit(1);
  return row ? row.p : null;
}

/** A shop as the plan rules see it: its id (for its active subscription) and its `signup_plan`. */
export interface PlanShop { id: string; signup_plan: string | null }

/**
 * The shop's plan: the plan of its active subscription (a package bought at /apps/paquetes, issue 14), else its
 * `signup_plan` when that names a plan, else the default plan.
 */
export async function shopPlanId(db: Db, shop: PlanShop | null): Promise<string> {
  if (!shop) return DEFAULT_RESALE_PLAN;
  const rows = rowsOf<{ plan: string | null }>(await db.execute(sql`
    select coalesce(
      (select s.plan_id from subscriptions s where s.shop_id = ${shop.id} and s.state = 'active' limit 1),
      (select p.id from plans p where p.id = ${shop.signup_plan ?? ''})
    ) as plan`));
  return rows[0]?.plan ?? DEFAULT_RESALE_PLAN;
}

/** The commission rate of the shop's plan (`shopPlanId`), the default plan's when that one is missing. */
export async function shopPlanRate(db: Db, shop: PlanShop | null): Promise<string | null> {
  const planId = await shopPlanId(db, shop);
  return (await planCommissionRate(db, planId)) ?? (planId !== DEFAULT_RESALE_PLAN ? await planCommissionRate(db, DEFAULT_RESALE_PLAN) : null);
}

export async function planCommissionRate(db: Db, planId: string): Promise<string | null> {
  const [row] = await db.select({ rate: plans.plan_commission_rate }).from(plans).where(eq(plans.id, planId)).limit(1);
  return row?.rate ?? null;
}

/**
 * Visible items of the same type in the shop that share tags with `tags`: among the first RELATED_CANDIDATES such
 * items in the shop's order, those sharing the most tags (bounded, so a shop of 100,000 items answers at once).
 * The candidates are picked on shop_item_search (visible items only, with the store's order and the tags: narrow
 * rows, where walking the store skipped a product row per item passed over), the page's few rows from products.
 */
export const RELATED_CANDIDATES = 300;
export async function relatedItems(db: Db, shopId: string, opts: { productId: string; type: ItemType; tags: string[]; limit: number }) {
  if (!opts.tags.length) return [];
  const tags = sql`${`{${opts.tags.map((t) => `"${t.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`}::text[]`;
  const res = await db.execute(sql`
    select ${listItemColumns(sql`r.qp`)} from (
      select * from (
        select s.product_id as pid, s.queue_position as qp,
          cardinality(array(select unnest(s.tags) intersect select unnest(${tags}))) as shared
        from shop_item_search s
        where s.shop_id = ${shopId} and s.type = ${opts.type} and s.tags && ${tags} and s.product_id <> ${opts.productId}
        order by s.queue_position, s.product_id
        limit ${RELATED_CANDIDATES}
      ) as candidates
      order by shared desc, qp, pid
      limit ${opts.limit}
    ) as r join ${products} on ${products.id} = r.pid
    order by r.shared desc, r.qp, r.pid`);
  return rowsOf<RawItem>(res).map((r) => toListItem(r));
}

/** Puts a product in the shop's store (at the end, or at `position`) or takes it out. */
export async function setInStore(db: Db, shopId: string, productId: string, inStore: boolean): Promise<void> {
  if (!inStore) {
    await db.delete(shopProducts).where(and(eq(shopProducts.shop_id, shopId), eq(shopProducts.product_id, productId)));
    return;
  }
  await db.execute(sql`insert into ${shopProducts} (shop_id, product_id, queue_position)
    select ${shopId}, ${productId}, coalesce(max(${shopProducts.queue_position}) + 1, 0) from ${shopProducts} where ${shopProducts.shop_id} = ${shopId}
    on conflict do nothing`);
}

/**
 * Moves an item of the store to a zero-based position; the items in between shift by one so the order stays
 * a sequence. One transaction; answers the position it got (clamped to the last one).
 */
export async function moveInStore(db: Db, shopId: string, productId: string, position: number): Promise<number | null> {
  return db.transaction(async (tx) => {
    // Serialise moves within one shop.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`shop-order:${shopId}`}))`);
    const [current] = await tx.select({ p: shopProducts.queue_position }).from(shopProducts)
      .where(and(eq(shopProducts.shop_id, shopId), eq(shopProducts.product_id, productId)));
    if (!current) return null;
    const [{ last } = { last: 0 }] = await tx.select({ last: sql<number>`coalesce(max(${shopProducts.queue_position}), 0)::int` })
      .from(shopProducts).where(eq(shopProducts.shop_id, shopId));
    const to = Math.min(position, Number(last));
    const from = current.p;
    if (to === from) return to;
    if (to < from) {
      await tx.execute(sql`update ${shopProducts} set queue_position = queue_position + 1
        where shop_id = ${shopId} and queue_position >= ${to} and queue_position < ${from} and product_id <> ${productId}`);
    } else {
      await tx.execute(sql`update ${shopProducts} set queue_position = queue_position - 1
        where shop_id = ${shopId} and queue_position > ${from} and queue_position <= ${to} and product_id <> ${productId}`);
    }
    await tx.update(shopProducts).set({ queue_position: to }).where(and(eq(shopProducts.shop_id, shopId), eq(shopProducts.product_id, productId)));
    return to;
  });
}

/** The distinct owners of a shop's store items (at most two: enough to tell a one-supplier store). */
export async function storeOwners(db: Db, shopId: string): Promise<string[]> {
  const rows = await db.selectDistinct({ owner: products.owner }).from(shopProducts)
    .innerJoin(products, eq(products.id, shopProducts.product_id)).where(eq(shopProducts.shop_id, shopId)).limit(2);
  return rows.map((r) => r.owner);
}
