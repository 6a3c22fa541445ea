// Review shapes shared by the server, the review modal island and the API document (zod only, browser-safe).
import { z } from 'zod';
import {
  REVIEW_ANSWER_MAX, REVIEW_PHOTOS_MAX, REVIEW_RATING_MAX, REVIEW_RATING_MIN, REVIEW_SORTS, REVIEW_TEXT_MAX, REVIEW_TITLE_MAX,
  REVIEWS_API_PAGE_SIZE, REVIEWS_PAGE_SIZE_MAX,
} from '../../lib/shared/constants.ts';

// The API's messages are keys, translated in the answer (src/lib/i18n/validation.ts); the island shows its own words.
export const reviewRating = z.number({ error: 'validation.rating' }).int('validation.rating')
  .min(REVIEW_RATING_MIN, 'validation.rating').max(REVIEW_RATING_MAX, 'validation.rating');
export const reviewTitle = z.string().trim().max(REVIEW_TITLE_MAX, 'validation.tooLong');
export const reviewText = z.string().trim().max(REVIEW_TEXT_MAX, 'validation.tooLong');
/** Ids of photos the author uploaded through POST /api/reviews/photos. */
export const reviewPhotos = z.array(z.uuid('validation.invalidId')).max(REVIEW_PHOTOS_MAX, 'validation.tooManyPhotos')
  .refine((ids) => new Set(ids).size === ids.length, 'validation.samePhotoTwice');

export const reviewInput = z.object({
  product_id: z.uuid('validation.invalidId'),
  rating: reviewRating,
  title: reviewTitle.default(''),
  text: reviewText.default(''),
  photos: reviewPhotos.default([]),
});
export type ReviewInput = z.infer<typeof reviewInput>;

export const reviewPatch = z.object({
  rating: reviewRating.optional(),
  title: reviewTitle.optional(),
  text: reviewText.optional(),
  photos: reviewPhotos.optional(),
});
export type ReviewPatch = z.infer<typeof reviewPatch>;

export const answerInput = z.object({ text: z.string().trim().min(1, 'validation.required').max(REVIEW_ANSWER_MAX, 'validation.tooLong') });

export const reviewParams = z.object({ id: z.uuid() });
export const productReviewParams = z.object({ id: z.uuid() });

export const reviewListQuery = z.object({
  sort: z.enum(REVIEW_SORTS).default('newest'),
  /** Only reviews of this many stars. */
  rating: z.coerce.number().int().min(REVIEW_RATING_MIN).max(REVIEW_RATING_MAX).optional(),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(REVIEWS_PAGE_SIZE_MAX).default(REVIEWS_API_PAGE_SIZE),
});
export type ReviewListQuery = z.infer<typeof reviewListQuery>;

export const myReviewsQuery = z.object({
  product_id: z.uuid().optional(),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(REVIEWS_PAGE_SIZE_MAX).default(REVIEWS_API_PAGE_SIZE),
});

export const reviewPhotoView = z.object({ id: z.string(), url: z.string() });

export const reviewView = z.object({
  id: z.string(),
  product_id: z.string(),
  rating: z.number().int(),
  title: z.string(),
  text: z.string(),
  photos: z.array(reviewPhotoView),
  /** The author as shown publicly: first name and the initial of the last. */
  author: z.object({ name: z.string() }),
  /** Always true: only buyers of a delivered order line can review. */
  verified_purchase: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The author changed it after writing it. */
  edited: z.boolean(),
  answer: z.object({ text: z.string(), at: z.string(), supplier: z.object({ name: z.string() }) }).nullable(),
});
export type ReviewView = z.infer<typeof reviewView>;

export const reviewList = z.object({ results: z.array(reviewView), matches_estimated: z.number().int() });

export const ratingSummaryView = z.object({
  count: z.number().int(),
  /** Mean rating rounded to one decimal, null without reviews. */
  average: z.number().nullable(),
  /** How many reviews gave each number of stars. */
  stars: z.object({ 1: z.number().int(), 2: z.number().int(), 3: z.number().int(), 4: z.number().int(), 5: z.number().int() }),
});
export type RatingSummaryView = z.infer<typeof ratingSummaryView>;

export const photoUploadView = z.object({ id: z.string(), url: z.string(), width: z.number().nullable(), height: z.number().nullable(), content_type: z.string(), byte_size: z.number() });
export type PhotoUploadView = z.infer<typeof photoUploadView>;
