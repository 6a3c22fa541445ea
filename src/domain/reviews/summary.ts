// Rating summary math (pure, browser-safe): the average shown beside the stars, the share of each star in the
// histogram, how many stars to draw filled, and the public name of an author.
import type { RatingSummaryView } from './schema.ts';

export type Star = 1 | 2 | 3 | 4 | 5;
export const STARS: readonly Star[] = [5, 4, 3, 2, 1];

export interface StatsRow { review_count: number; rating_sum: number; stars_1: number; stars_2: number; stars_3: number; stars_4: number; stars_5: number }

export const EMPTY_SUMMARY: RatingSummaryView = { count: 0, average: null, stars: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } };

/**
 * The mean of `sum / count`, rounded half up to one decimal (4.25 -> 4.3, 4.24 -> 4.2), null when there is nothing
 * to average. Works on integers (sum * 10 / count) so 4.35 is not 4.3 through a binary fraction.
 */
export function averageRating(sum: number, count: number): number | null {
  if (!Number.isFinite(sum) || !Number.isFinite(count) || count <= 0) return null;
  const tenths = Math.floor((sum * 20 + count) / (2 * count));
  return tenths / 10;
}

/** A summary from the stats row (missing row: no reviews). Per-star counts are never negative. */
export function summaryOf(row: StatsRow | null | undefined): RatingSummaryView {
  if (!row || row.review_count <= 0) return EMPTY_SUMMARY;
  const n = (v: number) => Math.max(0, Math.trunc(v));
  return {
    count: row.review_count,
    average: averageRating(row.rating_sum, row.review_count),
    stars: { 1: n(row.stars_1), 2: n(row.stars_2), 3: n(row.stars_3), 4: n(row.stars_4), 5: n(row.stars_5) },
  };
}

/** A summary computed from a list of ratings (tests, seeds). */
export function summarize(ratings: readonly number[]): RatingSummaryView {
  const stars = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } as Record<Star, number>;
  let sum = 0;
  for (const r of ratings) {
    if (!Number.isInteger(r) || r < 1 || r > 5) throw new RangeError(`not a rating: ${r}`);
    stars[r as Star]++;
    sum += r;
  }
  return ratings.length ? { count: ratings.length, average: averageRating(sum, ratings.length), stars } : EMPTY_SUMMARY;
}

/**
 * Whole percentages of each star that add up to 100 (largest remainder), so the histogram's labels never show
 * 33 % + 33 % + 33 %. All zero without reviews.
 */
export function starPercentages(s: RatingSummaryView): Record<Star, number> {
  const out = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } as Record<Star, number>;
  const total = STARS.reduce((a, k) => a + s.stars[k], 0);
  if (total <= 0) return out;
  const parts = STARS.map((k) => ({ k, exact: (s.stars[k] * 100) / total }));
  for (const p of parts) out[p.k] = Math.floor(p.exact);
  let left = 100 - STARS.reduce((a, k) => a + out[k], 0);
  // Ties go to the higher star (STARS is 5..1 and the sort is stable).
  for (const p of [...parts].sort((a, b) => (b.exact - Math.floor(b.exact)) - (a.exact - Math.floor(a.exact)))) {
    if (left <= 0) break;
    if (p.exact === 0) continue;
    out[p.k]++;
    left--;
  }
  return out;
}

/** Filled width of a five-star bar for an average, in percent (4.3 -> 86), clamped to 0..100. */
export function starFill(average: number | null): number {
  if (average === null || !Number.isFinite(average)) return 0;
  return Math.round(Math.min(5, Math.max(0, average)) * 20);
}

/** 'Rosa Martínez López' -> 'Rosa M.'; one word stays as it is; empty -> null (the caller shows 'a buyer'). */
export function publicName(fullName: string): string | null {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (!words.length) return null;
  if (words.length === 1) return words[0]!;
  return `${words[0]} ${words[1]!.charAt(0).toUpperCase()}.`;
}
