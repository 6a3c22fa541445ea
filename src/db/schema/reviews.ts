// Product reviews (seed 001 §2 review modal, §3 Review: rating, title, text, photos; §6 signed-in customers).
//
// A review is written by the buyer of a delivered order line (order_item_id: the purchase that makes it a
// 'verified purchase'); one per buyer and product (editable); the product's supplier may answer it once, publicly.
// product_review_stats keeps each product's count, rating sum and counts per star, maintained by a trigger on
// product_reviews (migration, hand-written part), so the product page's summary and JSON-LD cost one key lookup.
// The same trigger announces every change on product_events (as the catalogue triggers of migration 0007 do),
// so anonymous shoppers' cached product pages drop at once (src/lib/server/page-cache.ts).
// review_photos registers every photo a customer uploads for a review (its media row is never shared: no
// de-duplication), so only the author's own review uploads can be attached, and removing one deletes its file.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { media } from './media.ts';
import { products } from './catalog.ts';
import { orderItems } from './commerce.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const productReviews = pgTable('product_reviews', {
  id: uuid('id').primaryKey().defaultRandom(),
  product_id: uuid('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  /** The author (the buyer). */
  user_id: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** The delivered order line the author bought the product on. */
  order_item_id: uuid('order_item_id').notNull().references(() => orderItems.id),
  rating: smallint('rating').notNull(),
  title: text('title').notNull().default(''),
  text: text('text').notNull().default(''),
  /** Up to four photo addresses (/media/{id}.{jpg|png}) in the author's order; each is a review_photos upload. */
  photos: jsonb('photos').$type<string[]>().notNull().default([]),
  /** The supplier's one public answer. */
  answer_text: text('answer_text'),
  answered_at: ts('answered_at'),
  answered_by: uuid('answered_by').references(() => users.id, { onDelete: 'set null' }),
  created_at: ts('created_at').notNull().defaultNow(),
  updated_at: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('product_reviews_author_product').on(t.user_id, t.product_id),
  index('product_reviews_newest').on(t.product_id, t.created_at.desc(), t.id.desc()),
  index('product_reviews_rating').on(t.product_id, t.rating, t.created_at.desc()),
  check('product_reviews_rating_range', sql`${t.rating} between 1 and 5`),
  check('product_reviews_title_len', sql`char_length(${t.title}) <= 120`),
  check('product_reviews_text_len', sql`char_length(${t.text}) <= 2000`),
  check('product_reviews_photos', sql`jsonb_typeof(${t.photos}) = 'array' and jsonb_array_length(${t.photos}) <= 4`),
  check('product_reviews_answer_len', sql`${t.answer_text} is null or char_length(${t.answer_text}) between 1 and 2000`),
]);

/** Per product: how many reviews, the sum of their ratings and how many of each star (kept by a trigger). */
export const productReviewStats = pgTable('product_review_stats', {
  product_id: uuid('product_id').primaryKey().references(() => products.id, { onDelete: 'cascade' }),
  review_count: integer('review_count').notNull().default(0),
  rating_sum: integer('rating_sum').notNull().default(0),
  stars_1: integer('stars_1').notNull().default(0),
  stars_2: integer('stars_2').notNull().default(0),
  stars_3: integer('stars_3').notNull().default(0),
  stars_4: integer('stars_4').notNull().default(0),
  stars_5: integer('stars_5').notNull().default(0),
  updated_at: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  check('product_review_stats_nonneg', sql`${t.review_count} >= 0 and ${t.rating_sum} >= 0 and ${t.stars_1} >= 0 and ${t.stars_2} >= 0 and ${t.stars_3} >= 0 and ${t.stars_4} >= 0 and ${t.stars_5} >= 0`),
]);

/** A customer's review photo upload: pending (review_id null) until a review attaches it. */
export const reviewPhotos = pgTable('review_photos', {
  media_id: uuid('media_id').primaryKey().references(() => media.id, { onDelete: 'cascade' }),
  user_id: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  review_id: uuid('review_id').references(() => productReviews.id, { onDelete: 'set null' }),
  created_at: ts('created_at').notNull().defaultNow(),
}, (t) => [
  index('review_photos_user').on(t.user_id, t.created_at),
  index('review_photos_review').on(t.review_id),
]);
