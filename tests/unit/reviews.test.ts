// Rating summary math (src/domain/reviews/summary.ts) and the review rules shared by the server and the modal.
import { describe, expect, it } from 'vitest';
import { averageRating, EMPTY_SUMMARY, publicName, starFill, starPercentages, summarize, summaryOf } from '../../src/domain/reviews/summary.ts';
import { reviewsJsonLd } from '../../src/domain/reviews/service.ts';
import { reviewInput, reviewPatch } from '../../src/domain/reviews/schema.ts';
import type { ReviewView } from '../../src/domain/reviews/schema.ts';

describe('rating summary', () => {
  it('averages to one decimal, rounding halves up, exactly (no binary fractions)', () => {
    expect(averageRating(14, 3)).toBe(4.7); // 4.666…
    expect(averageRating(13, 3)).toBe(4.3); // 4.333…
    expect(averageRating(17, 4)).toBe(4.3); // 4.25 -> 4.3
    expect(averageRating(87, 20)).toBe(4.4); // 4.35 -> 4.4 (4.35 * 10 is 43.49999… in floating point)
    expect(averageRating(5, 1)).toBe(5);
    expect(averageRating(1, 1)).toBe(1);
    expect(averageRating(0, 0)).toBeNull();
    expect(averageRating(3, -1)).toBeNull();
    expect(averageRating(Number.NaN, 2)).toBeNull();
  });

  it('counts each star and the average from a list of ratings', () => {
    expect(summarize([5, 4, 5])).toEqual({ count: 3, average: 4.7, stars: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 2 } });
    expect(summarize([])).toEqual(EMPTY_SUMMARY);
    expect(() => summarize([0])).toThrow(RangeError);
    expect(() => summarize([4.5])).toThrow(RangeError);
    expect(() => summarize([6])).toThrow(RangeError);
  });

  it('reads the stats row (none or an emptied one: no reviews; never a negative star)', () => {
    const row = { review_count: 4, rating_sum: 14, stars_1: 0, stars_2: 1, stars_3: 0, stars_4: 1, stars_5: 2 };
    expect(summaryOf(row)).toEqual({ count: 4, average: 3.5, stars: { 1: 0, 2: 1, 3: 0, 4: 1, 5: 2 } });
    expect(summaryOf(null)).toEqual(EMPTY_SUMMARY);
    expect(summaryOf({ ...row, review_count: 0, rating_sum: 0 })).toEqual(EMPTY_SUMMARY);
    expect(summaryOf({ ...row, stars_1: -1 }).stars[1]).toBe(0);
  });

  it('gives whole percentages per star that add up to 100', () => {
    const thirds = starPercentages(summarize([5, 4, 3]));
    expect(thirds).toEqual({ 5: 34, 4: 33, 3: 33, 2: 0, 1: 0 });
    expect(Object.values(thirds).reduce((a, b) => a + b, 0)).toBe(100);
    expect(starPercentages(summarize([5, 5, 5, 1]))).toEqual({ 5: 75, 4: 0, 3: 0, 2: 0, 1: 25 });
    expect(starPercentages(EMPTY_SUMMARY)).toEqual({ 5: 0, 4: 0, 3: 0, 2: 0, 1: 0 });
    for (let n = 1; n <= 40; n++) {
      const ratings = Array.from({ length: n }, (_, i) => (i * 7) % 5 + 1);
      const p = starPercentages(summarize(ratings));
      expect(Object.values(p).reduce((a, b) => a + b, 0)).toBe(100);
      for (const k of [1, 2, 3, 4, 5] as const) if (!summarize(ratings).stars[k]) expect(p[k]).toBe(0);
    }
  });

  it('fills five stars in proportion to the average', () => {
    expect(starFill(4.7)).toBe(94);
    expect(starFill(5)).toBe(100);
    expect(starFill(0)).toBe(0);
    expect(starFill(null)).toBe(0);
    expect(starFill(7)).toBe(100);
    expect(starFill(-2)).toBe(0);
  });

  it('shows authors by first name and initial', () => {
    expect(publicName('Rosa Martínez López')).toBe('Rosa M.');
    expect(publicName('  lucía   hernández ')).toBe('lucía H.');
    expect(publicName('Cher')).toBe('Cher');
    expect(publicName('   ')).toBeNull();
  });
});

describe('review rules', () => {
  const id = '00000000-0000-4000-8000-000000000001';
  it('requires a whole rating from 1 to 5 and trims title and text within their limits', () => {
    expect(reviewInput.parse({ product_id: id, rating: 5 })).toEqual({ product_id: id, rating: 5, title: '', text: '', photos: [] });
    expect(reviewInput.parse({ product_id: id, rating: 1, title: '  Bien  ', text: ' ok ' })).toMatchObject({ title: 'Bien', text: 'ok' });
    for (const rating of [0, 6, 4.5, '5', null, undefined]) expect(reviewInput.safeParse({ product_id: id, rating }).success).toBe(false);
    expect(reviewInput.safeParse({ product_id: id, rating: 3, title: 'x'.repeat(120) }).success).toBe(true);
    expect(reviewInput.safeParse({ product_id: id, rating: 3, title: 'x'.repeat(121) }).success).toBe(false);
    expect(reviewInput.safeParse({ product_id: id, rating: 3, title: ` ${'x'.repeat(120)} ` }).success).toBe(true);
    expect(reviewInput.safeParse({ product_id: id, rating: 3, text: 'y'.repeat(2001) }).success).toBe(false);
  });

  it('takes up to four different photo ids', () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-00000000000${i}`);
    expect(reviewInput.safeParse({ product_id: id, rating: 3, photos: ids(4) }).success).toBe(true);
    expect(reviewInput.safeParse({ product_id: id, rating: 3, photos: ids(5) }).success).toBe(false);
    expect(reviewInput.safeParse({ product_id: id, rating: 3, photos: [id, id] }).success).toBe(false);
    expect(reviewPatch.safeParse({ photos: ['/media/x.png'] }).success).toBe(false);
    expect(reviewPatch.parse({})).toEqual({});
  });
});

describe('review JSON-LD', () => {
  const review = (over: Partial<ReviewView> = {}): ReviewView => ({
    id: 'r1', product_id: 'p1', rating: 4, title: 'Bien', text: 'Llegó a tiempo', photos: [], author: { name: 'Rosa M.' },
    verified_purchase: true, created_at: '2026-02-22T07:00:00.000Z', updated_at: '2026-02-22T07:00:00.000Z', edited: false, answer: null, ...over,
  });

  it('adds aggregateRating and the reviews shown, and nothing without reviews', () => {
    expect(reviewsJsonLd(EMPTY_SUMMARY, [])).toEqual({});
    const ld = reviewsJsonLd(summarize([4, 5]), [review(), review({ id: 'r2', rating: 5, title: '', text: '', author: { name: '' } })], 'Comprador');
    expect(ld.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 2, ratingCount: 2, bestRating: 5, worstRating: 1 });
    expect(ld.review).toEqual([
      { '@type': 'Review', reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 }, author: { '@type': 'Person', name: 'Rosa M.' }, datePublished: '2026-02-22', name: 'Bien', reviewBody: 'Llegó a tiempo' },
      { '@type': 'Review', reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 }, author: { '@type': 'Person', name: 'Comprador' }, datePublished: '2026-02-22' },
    ]);
  });
});
