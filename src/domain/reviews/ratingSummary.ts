// The numbers derived from a business's visible reviews: the histogram the reviews list shows
// and the trust fields of the profile (and so of the search index).
import { MAX_RATING, MIN_RATING } from './review';

/** Counts of visible reviews per star, "1".."5". */
export type RatingHistogram = Record<'1' | '2' | '3' | '4' | '5', number>;

export interface RatingSummary {
  histogram: RatingHistogram;
}

export function emptyHistogram(): RatingHistogram {
  return { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
}

/** A histogram from (rating, count) pairs as engines return them; ratings outside 1-5 are ignored. */
export function histogramOf(counts: Iterable<{ rating: number; count: number }>): RatingHistogram {
  const histogram = emptyHistogram();
  for (const { rating, count } of counts) {
    if (Number.isInteger(rating) && rating >= MIN_RATING && rating <= MAX_RATING) histogram[String(rating) as keyof RatingHistogram] += count;
  }
  return histogram;
}

export function totalOf(histogram: RatingHistogram): number {
  return Object.values(histogram).reduce((sum, count) => sum + count, 0);
}

/**
 * The mean star rating to one decimal (as Google and Yelp show it), 0 when nothing counts.
 * Computed from integer sums, so the same reviews always give the same number on every engine.
 */
export function averageOf(histogram: RatingHistogram): number {
  const total = totalOf(histogram);
  if (total === 0) return 0;
  const stars = Object.entries(histogram).reduce((sum, [rating, count]) => sum + Number(rating) * count, 0);
  return Math.round((stars * 10) / total) / 10;
}
