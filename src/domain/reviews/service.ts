// Review rules (seed 001 §2 review modal, §3 Review, §6 signed-in customers write reviews):
// - only a signed-in buyer with a DELIVERED order line of the product may review it (403 with the reason
//   otherwise: never bought, or bought but not delivered yet); one review per buyer and product (409), which
//   its author may change or delete (anyone else: 404, as if it did not exist);
// - rating 1–5 required, title ≤ 120 and text ≤ 2000 characters (trimmed), up to 4 photos the author uploaded
//   through POST /api/reviews/photos (the admin upload's reading and content checks and size limit; JPEG or PNG);
// - the product's supplier may answer a review once, publicly (403 for anyone else, 409 the second time);
// - everyone may read the reviews of a product a storefront shows (404 for unknown or hidden items).
// Counts and averages come from product_review_stats (kept by a trigger, which also announces the change on
// product_events so cached product pages drop).
import { createHash } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/shared/errors.ts';
import { REVIEW_PHOTO_CONTENT_TYPES, REVIEW_RATING_MAX, REVIEW_RATING_MIN, REVIEWS_PAGE_SIZE } from '../../lib/shared/constants.ts';
import type { Viewer } from '../../lib/shared/viewer.ts';
import { checkImage, type UploadedFile } from '../admin/index.ts';
import { mediaFileUrl } from '../media/index.ts';
import { inTx } from '../../db/tx.ts';
import { orderReference } from '../orders/index.ts';
import * as repo from './repo.ts';
import type { PhotoUploadView, RatingSummaryView, ReviewInput, ReviewListQuery, ReviewPatch, ReviewView } from './schema.ts';
import { EMPTY_SUMMARY, publicName, summaryOf } from './summary.ts';

type SignedIn = Extract<Viewer, { kind: 'user' }>;

export const REVIEW_NOT_FOUND = 'Review not found';
const PRODUCT_NOT_FOUND = 'Product not found';
const notFound = () => new AppError('not_found', REVIEW_NOT_FOUND);
const iso = (d: Date) => d.toISOString();
const MEDIA_ID = /\/media\/([0-9a-f-]{36})\.[a-z0-9]+$/i;

function requireUser(viewer: Viewer): SignedIn {
  if (viewer.kind !== 'user') throw new AppError('unauthenticated', 'Sign in to write a review');
  return viewer;
}

export function reviewViewOf(r: repo.ReviewWithNames): ReviewView {
  return {
    id: r.id, product_id: r.product_id, rating: r.rating, title: r.title, text: r.text,
    photos: r.photos.map((url) => ({ id: MEDIA_ID.exec(url)?.[1] ?? '', url })),
    author: { name: publicName(r.author_name) ?? '' },
    verified_purchase: r.order_item_id !== null,
    created_at: iso(r.created_at), updated_at: iso(r.updated_at),
    edited: r.updated_at.getTime() > r.created_at.getTime(),
    answer: r.answer_text && r.answered_at ? { text: r.answer_text, at: iso(r.answered_at), supplier: { name: r.supplier_name ?? '' } } : null,
  };
}

async function visibleProduct(db: Db, id: string) {
  const p = await repo.findVisibleProduct(db, id);
  if (!p) throw new AppError('not_found', PRODUCT_NOT_FOUND);
  return p;
}

// ---------- reading ----------

export async function ratingSummary(db: Db, productId: string): Promise<RatingSummaryView> {
  await visibleProduct(db, productId);
  return summaryOf(await repo.stats(db, productId));
}

/** GET /api/products/{id}/reviews: newest, highest or lowest first; optionally one star only. */
export async function listProductReviews(db: Db, productId: string, q: ReviewListQuery): Promise<{ results: ReviewView[]; matches_estimated: number }> {
  await visibleProduct(db, productId);
  const { rows, total } = await repo.listForProduct(db, productId, q);
  return { results: rows.map(reviewViewOf), matches_estimated: total };
}

export interface ProductReviewsData {
  productId: string;
  summary: RatingSummaryView;
  results: ReviewView[];
  /** 1-based page shown, of `pages`. */
  page: number;
  pages: number;
  pageSize: number;
}

/**
 * The product page's reviews: the summary and one page of the newest reviews (the caller already knows the item is
 * shown). `rawPage` is the ?opiniones= parameter as typed; out-of-range pages show the nearest one.
 */
export async function productReviewsPage(db: Db, productId: string, rawPage: string | null, pageSize = REVIEWS_PAGE_SIZE): Promise<ProductReviewsData> {
  const asked = Number.parseInt(rawPage ?? '1', 10);
  let page = Number.isFinite(asked) && asked >= 1 ? Math.min(asked, 10_000) : 1;
  const first = await repo.listForProduct(db, productId, { sort: 'newest', offset: (page - 1) * pageSize, limit: pageSize });
  let rows = first.rows;
  const summary = summaryOf(first.stats);
  const pages = Math.max(1, Math.ceil(summary.count / pageSize));
  if (page > pages) {
    page = pages;
    ({ rows } = await repo.listForProduct(db, productId, { sort: 'newest', offset: (page - 1) * pageSize, limit: pageSize }));
  }
  return { productId, summary: summary.count ? summary : EMPTY_SUMMARY, results: rows.map(reviewViewOf), page, pages, pageSize };
}

/** GET /api/reviews: the signed-in person's own reviews, newest first (optionally of one product). */
export async function myReviews(db: Db, viewer: Viewer, q: { product_id?: string; offset: number; limit: number }) {
  const v = requireUser(viewer);
  const { rows, total } = await repo.listByAuthor(db, v.user.id, q);
  return { results: rows.map(reviewViewOf), matches_estimated: total };
}

/**
 * The order page's entry for one item of a delivered order: the product (when a storefront still shows it, else
 * null: there is nothing to review) and the signed-in buyer's review of it, if any.
 */
export async function reviewEntryFor(db: Db, viewer: Viewer, productId: string): Promise<{ owner: string; type: 'product' | 'service' | 'experience'; review: ReviewView | null } | null> {
  if (viewer.kind !== 'user') return null;
  const [p, r] = await Promise.all([repo.findVisibleProduct(db, productId), repo.findByAuthor(db, viewer.user.id, productId)]);
  if (!p) return null;
  return { owner: p.owner, type: p.type, review: r ? reviewViewOf(r) : null };
}

/** schema.org parts for the product's JSON-LD: aggregateRating and the reviews shown (nothing without reviews). */
export function reviewsJsonLd(summary: RatingSummaryView, reviews: readonly ReviewView[], anonymousName = 'Comprador'): Record<string, unknown> {
  if (!summary.count || summary.average === null) return {};
  return {
    aggregateRating: {
      '@type': 'AggregateRating', ratingValue: summary.average, reviewCount: summary.count, ratingCount: summary.count,
      bestRating: REVIEW_RATING_MAX, worstRating: REVIEW_RATING_MIN,
    },
    ...(reviews.length ? {
      review: reviews.map((r) => ({
        '@type': 'Review',
        reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: REVIEW_RATING_MAX, worstRating: REVIEW_RATING_MIN },
        author: { '@type': 'Person', name: r.author.name || anonymousName },
        datePublished: r.created_at.slice(0, 10),
        ...(r.title ? { name: r.title } : {}),
        ...(r.text ? { reviewBody: r.text } : {}),
      })),
    } : {}),
  };
}

// ---------- writing (the author) ----------

/**
 * The delivered line that lets the person review the product, or the 403 that explains why not: no purchase of
 * it at all, or a purchase that has not arrived yet (naming the order and its state).
 */
async function deliveredLine(db: Db, userId: string, productId: string): Promise<string> {
  const lines = await repo.purchasesOf(db, userId, productId);
  const delivered = lines.find((l) => l.status === 'delivered');
  if (delivered) return delivered.item_id;
  if (!lines.length) {
    throw new AppError('forbidden', 'Only buyers can review this product: there is no order of it on your account', { fields: { product_id: ['not_bought'] } });
  }
  const open = lines.find((l) => l.status !== 'canceled');
  if (!open) {
    throw new AppError('forbidden', 'Only buyers can review this product: your orders of it were canceled', { fields: { product_id: ['not_delivered'] } });
  }
  const state = open.status.replace(/_/g, ' ');
  throw new AppError('forbidden', `You can review this product once it is delivered: order ${orderReference(open.number)} is ${state}`, { fields: { product_id: ['not_delivered'] } });
}

const photoError = (message: string) => new AppError('validation_error', message, { fields: { photos: [message] } });

/** Checks the photo ids: the author's own review uploads, pending or already on this review; answers their addresses. */
async function checkPhotos(db: Db, userId: string, ids: string[], reviewId: string | null): Promise<string[]> {
  if (!ids.length) return [];
  const found = new Map((await repo.photosByIds(db, ids)).map((p) => [p.id, p]));
  return ids.map((id) => {
    const p = found.get(id);
    if (!p || p.user_id !== userId) throw photoError(`Unknown photo ${id}: upload it with POST /api/reviews/photos first`);
    if (p.review_id !== null && p.review_id !== reviewId) throw photoError(`Photo ${id} belongs to another review`);
    return mediaFileUrl(p.id, p.content_type);
  });
}

const photoIds = (urls: readonly string[]) => urls.map((u) => MEDIA_ID.exec(u)?.[1]).filter((x): x is string => !!x);

export async function createReview(db: Db, viewer: Viewer, input: ReviewInput): Promise<ReviewView> {
  const v = requireUser(viewer);
  await visibleProduct(db, input.product_id);
  const orderItemId = await deliveredLine(db, v.user.id, input.product_id);
  const existing = await repo.findByAuthor(db, v.user.id, input.product_id);
  if (existing) throw alreadyReviewed(existing.id);
  const photos = await checkPhotos(db, v.user.id, input.photos, null);
  const id = await inTx(db, async (tx) => {
    const row = await repo.insertReview(tx, {
      product_id: input.product_id, user_id: v.user.id, order_item_id: orderItemId, rating: input.rating,
      title: input.title, text: input.text, photos,
    });
    if (!row) return null;
    await repo.attachPhotos(tx, row.id, input.photos);
    return row.id;
  });
  if (!id) {
    // Two submits raced: the other one wrote it.
    const other = await repo.findByAuthor(db, v.user.id, input.product_id);
    throw alreadyReviewed(other?.id ?? null);
  }
  return reviewViewOf((await repo.findReview(db, id))!);
}

function alreadyReviewed(id: string | null) {
  return new AppError('conflict', `You already reviewed this product${id ? `: change your review with PATCH /api/reviews/${id}` : ''}`, { fields: { product_id: ['already_reviewed'] } });
}

async function ownReview(db: Db, v: SignedIn, id: string) {
  const r = await repo.findReview(db, id);
  if (!r || r.user_id !== v.user.id) throw notFound();
  return r;
}

export async function updateReview(db: Db, viewer: Viewer, id: string, patch: ReviewPatch): Promise<ReviewView> {
  const v = requireUser(viewer);
  const r = await ownReview(db, v, id);
  const set: Partial<repo.ReviewInsert> = {};
  if (patch.rating !== undefined) set.rating = patch.rating;
  if (patch.title !== undefined) set.title = patch.title;
  if (patch.text !== undefined) set.text = patch.text;
  let removed: string[] = [];
  if (patch.photos !== undefined) {
    set.photos = await checkPhotos(db, v.user.id, patch.photos, r.id);
    removed = photoIds(r.photos).filter((p) => !patch.photos!.includes(p));
  }
  const changed = (Object.keys(set) as (keyof typeof set)[]).some((k) => JSON.stringify(set[k]) !== JSON.stringify(r[k as keyof typeof r]));
  if (!changed) return reviewViewOf(r);
  await inTx(db, async (tx) => {
    await repo.updateReview(tx, r.id, set);
    if (patch.photos) await repo.attachPhotos(tx, r.id, patch.photos);
    await repo.deletePhotos(tx, v.user.id, removed);
  });
  return reviewViewOf((await repo.findReview(db, r.id))!);
}

export async function deleteReview(db: Db, viewer: Viewer, id: string): Promise<{ deleted: boolean }> {
  const v = requireUser(viewer);
  const r = await ownReview(db, v, id);
  await inTx(db, async (tx) => {
    await repo.deleteReview(tx, r.id);
    await repo.deletePhotos(tx, v.user.id, photoIds(r.photos));
  });
  return { deleted: true };
}

// ---------- the supplier's answer ----------

export async function answerReview(db: Db, viewer: Viewer, id: string, text: string): Promise<ReviewView> {
  const v = requireUser(viewer);
  const r = await repo.findReview(db, id);
  if (!r) throw notFound();
  const p = await repo.findProduct(db, r.product_id);
  const profile = v.user.profile_id;
  if (!p || (p.supplier_profile !== profile && p.owner !== profile)) {
    throw new AppError('forbidden', 'Only the supplier of this product can answer its reviews');
  }
  if (r.answer_text !== null) throw new AppError('conflict', 'This review already has an answer', { fields: { text: ['already_answered'] } });
  const row = await repo.answerOnce(db, r.id, text, v.user.id);
  if (!row) throw new AppError('conflict', 'This review already has an answer', { fields: { text: ['already_answered'] } });
  return reviewViewOf((await repo.findReview(db, r.id))!);
}

/**
 * The reviews of the supplier's products for its workspace (issue 28: it answers them in the interface), unanswered
 * first. `supplier` is the workspace's supplier (src/domain/suppliers/access.ts requireSupplier).
 */
export async function supplierReviews(db: Db, supplier: { id: string; profile_id: string }, q: { offset: number; limit: number }) {
  const { rows, total } = await repo.listForSupplier(db, { supplierId: supplier.id, profileId: supplier.profile_id }, q);
  return { results: rows.map((r) => ({ ...reviewViewOf(r), product_name: r.product_name })), matches_estimated: total };
}

// ---------- photos ----------

/** Who may upload review photos: signed-in people with at least one delivered order (checked before the body is read). */
export async function assertMayUploadPhotos(db: Db, viewer: Viewer): Promise<SignedIn> {
  const v = requireUser(viewer);
  if (!(await repo.hasDeliveredOrder(db, v.user.id))) {
    throw new AppError('forbidden', 'Review photos can be uploaded once one of your orders is delivered');
  }
  return v;
}

/**
 * POST /api/reviews/photos: the admin upload's content checks (type by the bytes, name and declared type must
 * agree; the size limit is applied while reading, by readUpload); review photos must be JPEG or PNG.
 */
export async function uploadReviewPhoto(db: Db, v: SignedIn, file: UploadedFile): Promise<PhotoUploadView> {
  const img = await checkImage(file);
  const type = img.probe.contentType;
  if (!(REVIEW_PHOTO_CONTENT_TYPES as readonly string[]).includes(type)) {
    throw new AppError('unsupported_media_type', 'Imagen rechazada – las fotos de una opinión deben ser .jpeg o .png', { textKey: 'apiErrors.image_rejected_review_type', fields: { file: ['invalid_type'] } });
  }
  const id = await repo.insertPhoto(db, {
    owner: v.user.profile_id, content_type: type, bytes: img.bytes, byte_size: img.bytes.length,
    width: img.probe.width, height: img.probe.height, sha256: createHash('sha256').update(img.bytes).digest('hex'),
    original_name: file.name.replace(/[\\/\0-\x1f]/g, '').slice(-200) || null,
  }, v.user.id);
  return { id, url: mediaFileUrl(id, type), width: img.probe.width, height: img.probe.height, content_type: type, byte_size: img.bytes.length };
}
