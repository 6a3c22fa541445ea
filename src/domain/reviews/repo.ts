// The only place review SQL lives: reviews, their per-product stats (kept by a trigger, read here), the purchase
// check over orders and order lines, and the photos' media rows.
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { media, orderItems, orders, products, suppliers, users } from '../../db/schema/index.ts';
import { productReviewStats, productReviews, reviewPhotos } from '../../db/schema/reviews.ts';
import { forgetMedia } from '../../lib/server/media-cache.ts';
import { inTx } from '../../db/tx.ts';
import { visibleItem } from '../search/index.ts';
import type { StatsRow } from './summary.ts';

export type ReviewRow = typeof productReviews.$inferSelect;
export type ReviewInsert = typeof productReviews.$inferInsert;
export interface ReviewWithNames extends ReviewRow { author_name: string; supplier_name: string | null }

const withNames = {
  review: productReviews,
  author_name: users.name,
  supplier_name: suppliers.name,
};

function flatten(rows: { review: ReviewRow; author_name: string; supplier_name: string | null }[]): ReviewWithNames[] {
  return rows.map((r) => ({ ...r.review, author_name: r.author_name, supplier_name: r.supplier_name }));
}

/** The product, when a storefront may show it (published, not hidden, not disabled), with its supplier's profile. */
export async function findVisibleProduct(db: Db, id: string): Promise<{ id: string; owner: string; type: 'product' | 'service' | 'experience'; supplier_profile: string | null } | null> {
  const [row] = await db.select({ id: products.id, owner: products.owner, type: products.type, supplier_profile: suppliers.profile_id }).from(products)
    .leftJoin(suppliers, eq(suppliers.id, products.supplier_id))
    .where(and(eq(products.id, id), visibleItem)).limit(1);
  return row ?? null;
}

/** Any product (visible or not) with what the answer rule needs. */
export async function findProduct(db: Db, id: string): Promise<{ id: string; owner: string; supplier_id: string | null; supplier_profile: string | null; type: string } | null> {
  const [row] = await db.select({ id: products.id, owner: products.owner, supplier_id: products.supplier_id, supplier_profile: suppliers.profile_id, type: products.type })
    .from(products).leftJoin(suppliers, eq(suppliers.id, products.supplier_id)).where(eq(products.id, id)).limit(1);
  return row ?? null;
}

export async function stats(db: Db, productId: string): Promise<StatsRow | null> {
  const [row] = await db.select().from(productReviewStats).where(eq(productReviewStats.product_id, productId)).limit(1);
  return row ?? null;
}

export type ReviewSort = 'newest' | 'highest' | 'lowest';
const ORDER: Record<ReviewSort, SQL[]> = {
  newest: [desc(productReviews.created_at), desc(productReviews.id)],
  highest: [desc(productReviews.rating), desc(productReviews.created_at), desc(productReviews.id)],
  lowest: [asc(productReviews.rating), desc(productReviews.created_at), desc(productReviews.id)],
};

/**
 * A product's reviews in one order, a page at a time. The count comes from the stats row when no star filter
 * applies (one key lookup instead of counting), else from the row's count for that star.
 */
export async function listForProduct(db: Db, productId: string, q: { sort: ReviewSort; rating?: number; offset: number; limit: number }) {
  const where = and(eq(productReviews.product_id, productId), q.rating ? eq(productReviews.rating, q.rating) : undefined);
  const [rows, st] = await Promise.all([
    db.select(withNames).from(productReviews)
      .innerJoin(users, eq(users.id, productReviews.user_id))
      .innerJoin(products, eq(products.id, productReviews.product_id))
      .leftJoin(suppliers, eq(suppliers.id, products.supplier_id))
      .where(where).orderBy(...ORDER[q.sort]).offset(q.offset).limit(q.limit),
    stats(db, productId),
  ]);
  const total = !st ? 0 : q.rating ? Number(st[`stars_${q.rating}` as keyof StatsRow]) : st.review_count;
  return { rows: flatten(rows), total, stats: st };
}

export async function findReview(db: Db, id: string): Promise<ReviewWithNames | null> {
  const [row] = await db.select(withNames).from(productReviews)
    .innerJoin(users, eq(users.id, productReviews.user_id))
    .innerJoin(products, eq(products.id, productReviews.product_id))
    .leftJoin(suppliers, eq(suppliers.id, products.supplier_id))
    .where(eq(productReviews.id, id)).limit(1);
  return row ? flatten([row])[0]! : null;
}

export async function findByAuthor(db: Db, userId: string, productId: string): Promise<ReviewWithNames | null> {
  const [row] = await db.select(withNames).from(productReviews)
    .innerJoin(users, eq(users.id, productReviews.user_id))
    .innerJoin(products, eq(products.id, productReviews.product_id))
    .leftJoin(suppliers, eq(suppliers.id, products.supplier_id))
    .where(and(eq(productReviews.user_id, userId), eq(productReviews.product_id, productId))).limit(1);
  return row ? flatten([row])[0]! : null;
}

export async function listByAuthor(db: Db, userId: string, q: { product_id?: string; offset: number; limit: number }) {
  const where = and(eq(productReviews.user_id, userId), q.product_id ? eq(productReviews.product_id, q.product_id) : undefined);
  const [rows, [count]] = await Promise.all([
    db.select(withNames).from(productReviews)
      .innerJoin(users, eq(users.id, productReviews.user_id))
      .innerJoin(products, eq(products.id, productReviews.product_id))
      .leftJoin(suppliers, eq(suppliers.id, products.supplier_id))
      .where(where).orderBy(desc(productReviews.created_at), desc(productReviews.id)).offset(q.offset).limit(q.limit),
    db.select({ n: sql<number>`count(*)::int` }).from(productReviews).where(where),
  ]);
  return { rows: flatten(rows), total: Number(count?.n ?? 0) };
}

/** Inserts the review; null when the author already has one for the product (the unique index answered). */
export async function insertReview(db: Db, row: ReviewInsert): Promise<ReviewRow | null> {
  const [out] = await db.insert(productReviews).values(row).onConflictDoNothing({ target: [productReviews.user_id, productReviews.product_id] }).returning();
  return out ?? null;
}

export async function updateReview(db: Db, id: string, patch: Partial<ReviewInsert>): Promise<ReviewRow | null> {
  const [out] = await db.update(productReviews).set({ ...patch, updated_at: sql`now()` }).where(eq(productReviews.id, id)).returning();
  return out ?? null;
}

/** Sets the answer unless there already is one (answers null then). */
export async function answerOnce(db: Db, id: string, text: string, userId: string): Promise<ReviewRow | null> {
  const [out] = await db.update(productReviews).set({ answer_text: text, answered_at: sql`now()`, answered_by: userId })
    .where(and(eq(productReviews.id, id), sql`${productReviews.answer_text} is null`)).returning();
  return out ?? null;
}

export async function deleteReview(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(productReviews).where(eq(productReviews.id, id)).returning({ id: productReviews.id });
  return rows.length > 0;
}

/**
 * The user's order lines of the product, newest first, with their order's state: what decides whether they may
 * review it (a delivered one) and what to tell them when they may not (the order is still on its way).
 */
export async function purchasesOf(db: Db, userId: string, productId: string) {
  return db.select({ item_id: orderItems.id, order_id: orders.id, number: orders.number, status: orders.status, delivered_at: orders.delivered_at })
    .from(orderItems).innerJoin(orders, eq(orders.id, orderItems.order_id))
    .where(and(eq(orders.user_id, userId), eq(orderItems.product_id, productId)))
    .orderBy(sql`${orders.status} = 'delivered' desc`, desc(orders.delivered_at), desc(orders.placed_at));
}

/** Whether the user has received anything yet (who may upload review photos). */
export async function hasDeliveredOrder(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(and(eq(orders.user_id, userId), eq(orders.status, 'delivered'))).limit(1);
  return !!row;
}

// ---------- photos ----------

export const PENDING_PHOTOS_KEPT = 8;

/** Stores an uploaded photo (always a new media row: review photos are never shared) and registers it as pending. */
export async function insertPhoto(db: Db, row: typeof media.$inferInsert, userId: string): Promise<string> {
  return inTx(db, async (tx) => {
    const [m] = await tx.insert(media).values(row).returning({ id: media.id });
    await tx.insert(reviewPhotos).values({ media_id: m!.id, user_id: userId });
    // Photos picked in a modal that was then abandoned: keep only the newest few pending ones per person.
    await tx.execute(sql`delete from ${media} where ${media.id} in (
      select ${reviewPhotos.media_id} from ${reviewPhotos} where ${reviewPhotos.user_id} = ${userId} and ${reviewPhotos.review_id} is null
      order by ${reviewPhotos.created_at} desc, ${reviewPhotos.media_id} desc offset ${PENDING_PHOTOS_KEPT})`);
    return m!.id;
  });
}

/** The registered uploads among `ids` (with their owner, review and type). */
export async function photosByIds(db: Db, ids: string[]) {
  return ids.length
    ? db.select({ id: reviewPhotos.media_id, user_id: reviewPhotos.user_id, review_id: reviewPhotos.review_id, content_type: media.content_type })
      .from(reviewPhotos).innerJoin(media, eq(media.id, reviewPhotos.media_id)).where(inArray(reviewPhotos.media_id, ids))
    : [];
}

export async function attachPhotos(db: Db, reviewId: string, ids: string[]) {
  if (ids.length) await db.update(reviewPhotos).set({ review_id: reviewId }).where(inArray(reviewPhotos.media_id, ids));
}

/** Deletes the files of review photos (their registry rows go with them). */
export async function deletePhotos(db: Db, userId: string, ids: string[]): Promise<number> {
  if (!ids.length) return 0;
  const rows = await db.delete(media).where(and(inArray(media.id, ids),
    sql`exists (select 1 from ${reviewPhotos} where ${reviewPhotos.media_id} = ${media.id} and ${reviewPhotos.user_id} = ${userId})`))
    .returning({ id: media.id });
  // This process's media fast path stops serving them now (other processes within MEDIA_INDEX_TTL_MS).
  forgetMedia(rows.map((r) => r.id));
  return rows.length;
}

/** The reviews of one supplier's products (by its supplier id or its profile as owner), unanswered first, newest first. */
export async function listForSupplier(db: Db, s: { supplierId: string; profileId: string | null }, q: { offset: number; limit: number }) {
  const mine = s.profileId
    ? sql`(${products.supplier_id} = ${s.supplierId} or ${products.owner} = ${s.profileId})`
    : eq(products.supplier_id, s.supplierId);
  const [rows, [count]] = await Promise.all([
    db.select({ ...withNames, product_name: products.name }).from(productReviews)
      .innerJoin(users, eq(users.id, productReviews.user_id))
      .innerJoin(products, eq(products.id, productReviews.product_id))
      .leftJoin(suppliers, eq(suppliers.id, products.supplier_id))
      .where(mine)
      .orderBy(sql`${productReviews.answer_text} is not null`, desc(productReviews.created_at), asc(productReviews.id))
      .offset(q.offset).limit(q.limit),
    db.select({ n: sql<number>`count(*)::int` }).from(productReviews).innerJoin(products, eq(products.id, productReviews.product_id)).where(mine),
  ]);
  return { rows: rows.map((r) => ({ ...flatten([r])[0]!, product_name: r.product_name })), total: count?.n ?? 0 };
}
