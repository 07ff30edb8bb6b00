// The formula OpenAPI publishes for consumer search is written from the ranking constants: this is
// the text as a reader should see it, so a changed weight shows up here and in the document together.
import { RANKING_FORMULA } from '../../../src/domain/search/ranking';

it('spells out the ranking constants in the published formula', () => {
  expect(RANKING_FORMULA).toBe(
    'score = sum(w_i * s_i) / sum(w_i), each s_i in 0..1: text relevance 0.40 (normalised within the candidates); ' +
      'distance 0.20 = exp(-d / (radiusKm / 3)), 1 without a location; quality 0.15 = (bayes - 1) / 4 with ' +
      'bayes = (10 * 3.5 + rating * reviews) / (10 + reviews); verification 0.10 (none 0, basic 0.25, verified 0.5, ' +
      'premium 0.75, certified 1); completeness 0.05; personalisation 0.10. "best"/"top rated" raise quality to 0.30, ' +
      '"verified" raises verification to 0.20, "cheap" adds price 0.10 = 1 / (1 + minPrice / 20), "open now" adds open 0.10. ' +
      'Category, place, radius, price cap, minimum rating, day and "late" are filters. Results that match the query (matchesQuery) come ' +
      'before those that do not, each group in score order. ' +
      'With an equal text match and equal other signals a nearer business scores higher; equal scores put a business open at ' +
      'search time first (then unknown hours, then closed), then the nearer, then more reviews, then id.',
  );
});
