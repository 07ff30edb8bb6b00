// Consumer search ranking, applied to the candidates the search index returns.
//
//   score = Σ wᵢ·sᵢ / Σ wᵢ              every sᵢ is in 0..1, so score is in 0..1
//
// The weights wᵢ and every number of the signals are the constants below (RANKING_WEIGHTS and the
// rest); RANKING_FORMULA spells the formula out from them for the OpenAPI description. The signals:
//   text             index text relevance, normalised to 0..1 within the candidates
//   distance         exp(-d / (radiusKm / DISTANCE_SCALE_PARTS)), d in km; 1 when the search had no
//                    location (with 3 parts, a place at a third of the radius scores 0.37, at the edge 0.05)
//   quality          (bayes - 1) / 4 with bayes = (C·m + rating·n) / (C + n), m = RATING_PRIOR_MEAN,
//                    C = RATING_PRIOR_WEIGHT: a Bayesian average that pulls ratings with few reviews
//                    towards m, mapped from the 1..5 star scale onto 0..1
//   verification     VERIFICATION_SCORES of the level
//   completeness     profile completeness / 100
//   personalisation  personalizationScore(document, session), 0 without a session
//
// Intent adjustments (the sum is renormalised, so the score stays in 0..1): "best", "top rated" or a
// minimum rating raise the quality weight; "verified", "licensed" the verification weight; "cheap"
// adds a price signal (1 / (1 + minPrice / CHEAP_PRICE_SCALE), UNKNOWN_PRICE_SCORE without a price);
// "open now" adds an open signal (1 open, UNKNOWN_HOURS_SCORE for unknown hours, 0 closed).
// Hard constraints (category, city, radius, max price, minimum rating, open on a day or late)
// are filters applied by the caller before ranking; these weights only order what is left.
// What the sentence asked for comes first: with `matchesQuery` in the context, the candidates that
// are not it ("ramen" asked, a restaurant without ramen found by its category) follow all that are.
// Ties (equal scores, e.g. the same text match and the same profile signals): open at search
// time first (then unknown hours, then closed), then nearer, then more reviews, then id (stable,
// deterministic pages). Openness is asked only for tied candidates: reading every candidate's
// hours would cost a document read per candidate. A nearer business with an equal text match
// and equal other signals never needs the tie-break: distance is part of the score.
import { formatMoney } from '../money';
import type { VerificationLevel } from '../profile';
import { rankingFieldsOf, type RankingFields, type SearchDocument } from './searchDocument';
import type { SearchIntent } from './intent';
import { hoursReason, type OpeningFilter } from './openingFilter';
import { createPersonalizationScorer, type SessionProfile } from './personalization';
import { createTermMatcher } from './termMatch';

export { personalizationScore, type SessionProfile } from './personalization';

export const RANKING_WEIGHTS = {
  text: 0.4,
  distance: 0.2,
  quality: 0.15,
  verification: 0.1,
  completeness: 0.05,
  personalization: 0.1,
} as const;
const BOOSTED_QUALITY = 0.3;
const BOOSTED_VERIFICATION = 0.2;
const PRICE_WEIGHT = 0.1;
const OPEN_WEIGHT = 0.1;

export const RATING_PRIOR_MEAN = 3.5;
export const RATING_PRIOR_WEIGHT = 10;
export const DEFAULT_RADIUS_KM = 50;
/** Distance decays over a part of the radius: a place at radiusKm / DISTANCE_SCALE_PARTS scores 1/e. */
const DISTANCE_SCALE_PARTS = 3;
const CHEAP_PRICE_SCALE = 20;
const UNKNOWN_PRICE_SCORE = 0.25;
const UNKNOWN_HOURS_SCORE = 0.5;

export const VERIFICATION_SCORES: Record<VerificationLevel, number> = {
  none: 0,
  basic: 0.25,
  verified: 0.5,
  premium: 0.75,
  certified: 1,
};

const weight = (value: number) => value.toFixed(2);

/** The formula in one paragraph, written from the constants above, for the OpenAPI description of consumer search. */
export const RANKING_FORMULA =
  `score = sum(w_i * s_i) / sum(w_i), each s_i in 0..1: text relevance ${weight(RANKING_WEIGHTS.text)} (normalised within the candidates); ` +
  `distance ${weight(RANKING_WEIGHTS.distance)} = exp(-d / (radiusKm / ${DISTANCE_SCALE_PARTS})), 1 without a location; ` +
  `quality ${weight(RANKING_WEIGHTS.quality)} = (bayes - 1) / 4 with bayes = (${RATING_PRIOR_WEIGHT} * ${RATING_PRIOR_MEAN} + rating * reviews) / (${RATING_PRIOR_WEIGHT} + reviews); ` +
  `verification ${weight(RANKING_WEIGHTS.verification)} (${Object.entries(VERIFICATION_SCORES).map(([level, score]) => `${level} ${score}`).join(', ')}); ` +
  `completeness ${weight(RANKING_WEIGHTS.completeness)}; personalisation ${weight(RANKING_WEIGHTS.personalization)}. ` +
  `"best"/"top rated" raise quality to ${weight(BOOSTED_QUALITY)}, "verified" raises verification to ${weight(BOOSTED_VERIFICATION)}, ` +
  `"cheap" adds price ${weight(PRICE_WEIGHT)} = 1 / (1 + minPrice / ${CHEAP_PRICE_SCALE}), "open now" adds open ${weight(OPEN_WEIGHT)}. ` +
  'Category, place, radius, price cap, minimum rating, day and "late" are filters. Results that match the query (matchesQuery) come ' +
  'before those that do not, each group in score order. ' +
  'With an equal text match and equal other signals a nearer business scores higher; equal scores put a business open at ' +
  'search time first (then unknown hours, then closed), then the nearer, then more reviews, then id.';

export interface RankInput {
  /**
   * May be a getter that builds the document on first read (see SearchHit). With `fields` given,
   * ranking reads it only where a candidate's text or hours count: a session's terms, "open now",
   * and the explained results.
   */
  readonly document: SearchDocument;
  /** The document's ranking fields; read from `document` when absent. */
  fields?: RankingFields;
  /** 0..1 from the index (SearchHit.textScore). */
  textScore: number;
  distanceKm?: number;
  /** Whether the business is open at search time (domain opening hours, computed by the caller); undefined = unknown. */
  openNow?: boolean;
}

export interface RankContext {
  intent: SearchIntent;
  /** The search radius; sets the distance decay scale. */
  radiusKm?: number;
  session?: SessionProfile;
  /** Only the first N results (after sorting) get `reasons`; the rest get []. Default: all. */
  explainTop?: number;
  /**
   * Whether a candidate is open at search time, for inputs without `openNow`. Asked only where the
   * answer is used: every candidate when "open now" weighs in, otherwise the explained results.
   * Given the candidate, not its document: an answer known without the hours (every candidate
   * passed an "open now" filter) then builds no document.
   */
  isOpen?: (candidate: RankInput) => boolean | undefined;
  /** The search's time conditions: the explained results then give that day's hours as a reason. */
  opening?: OpeningFilter;
  /**
   * Whether a candidate is what the sentence asked for (queryMatch.ts): when given, every
   * candidate gets `matchesQuery`, and those that match come first, each group in score order.
   */
  matchesQuery?: (candidate: RankedResult) => boolean;
  /**
   * Only the first `certainTop` results are wanted in their final order (a page ending there).
   * With `matchesQuery`, candidates are then asked in score order only until that many match:
   * every one not asked comes after them whatever its answer. The results past `certainTop` are
   * the rest in score order, those not asked without `matchesQuery`. Default: all are ranked.
   */
  certainTop?: number;
}

export type ScoreComponent = keyof typeof RANKING_WEIGHTS | 'price' | 'open';

export interface RankedResult extends RankInput {
  fields: RankingFields;
  score: number;
  personalizationScore: number;
  /** Short grounded phrases for the summary: 'matches "vegan"', 'rated 4.8 from 120 reviews', '1.2 km away'. */
  reasons: string[];
  /** Each component's signal (0..1) before weighting, for debugging and explanations. */
  components: Partial<Record<ScoreComponent, number>>;
  /** Whether it is what the sentence asked for (queryMatch.ts); set by consumer search, not by ranking. */
  matchesQuery?: boolean;
}

/** Bayesian average rating on the 0..5 scale. */
export function bayesianRating(averageRating: number, reviewCount: number): number {
  const n = Math.max(0, reviewCount);
  const rating = Number.isFinite(averageRating) ? averageRating : 0;
  return (RATING_PRIOR_WEIGHT * RATING_PRIOR_MEAN + rating * n) / (RATING_PRIOR_WEIGHT + n);
}

export function distanceDecay(distanceKm: number | undefined, radiusKm: number = DEFAULT_RADIUS_KM): number {
  if (distanceKm === undefined) return 1;
  const scale = Math.max(radiusKm, 0.001) / DISTANCE_SCALE_PARTS;
  return Math.exp(-Math.max(0, distanceKm) / scale);
}

function clamp01(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
}

function weightsFor(intent: SearchIntent): Partial<Record<ScoreComponent, number>> {
  const weights: Partial<Record<ScoreComponent, number>> = { ...RANKING_WEIGHTS };
  const quality = intent.quality;
  if (quality?.best || quality?.minRating !== undefined) weights.quality = BOOSTED_QUALITY;
  if (quality?.verifiedOnly) weights.verification = BOOSTED_VERIFICATION;
  if (intent.price?.cheap) weights.price = PRICE_WEIGHT;
  if (intent.when?.openNow) weights.open = OPEN_WEIGHT;
  return weights;
}

function formatKm(km: number): string {
  if (km < 10) return `${Math.max(0.1, Math.round(km * 10) / 10).toFixed(1)} km away`;
  return `${Math.round(km)} km away`;
}

/**
 * The reasons, the text match first, then what the sentence asked about ("open on Saturday",
 * "under $20", "verified", "best"), then the rest in a fixed order: the summary shows only the
 * first few, and the hours on the day asked about matter more to that caller than "open now".
 */
function reasonsFor(result: RankedResult, matched: string[], { intent, radiusKm = DEFAULT_RADIUS_KM, opening }: RankContext): string[] {
  const { fields } = result;
  const asked: string[] = [];
  const other: string[] = [];
  const add = (reason: string, wasAsked: boolean | undefined) => (wasAsked ? asked : other).push(reason);
  const quality = intent.quality;
  if (matched.length > 0) asked.push(`matches ${matched.slice(0, 3).map((t) => `"${t}"`).join(' and ')}`);
  if (fields.reviewCount > 0) {
    const reviews = fields.reviewCount === 1 ? '1 review' : `${fields.reviewCount} reviews`;
    add(`rated ${fields.averageRating.toFixed(1)} from ${reviews}`, quality?.best || quality?.minRating !== undefined || quality?.minReviews !== undefined);
  }
  // Beyond the caller's radius (a place named in the sentence, far from them) distance is no reason.
  if (result.distanceKm !== undefined && result.distanceKm <= radiusKm) add(formatKm(result.distanceKm), intent.nearby);
  if (result.openNow === true) add('open now', intent.when?.openNow);
  const hours = opening && hoursReason(result.document, opening);
  if (hours) asked.push(hours);
  if (fields.verificationLevel === 'certified') add('certified', quality?.verifiedOnly);
  else if (fields.verificationLevel === 'verified' || fields.verificationLevel === 'premium') add('verified', quality?.verifiedOnly);
  if ((intent.price?.cheap || intent.price?.maxAmount !== undefined) && fields.minPrice !== undefined) {
    asked.push(`services from ${formatMoney(fields.minPrice, result.document.minPriceCurrency)}`);
  }
  if (result.personalizationScore >= 0.5) other.push('fits your recent searches');
  return [...asked, ...other];
}

/**
 * One ranked candidate. A class rather than a literal: its `document` getter lives on the
 * prototype, so ranking a hundred candidates creates no closures, and the candidate's document
 * is built only if something reads it.
 */
class RankedCandidate implements RankedResult {
  readonly #input: RankInput;
  readonly textScore: number;
  readonly distanceKm: number | undefined;
  reasons: string[] = [];
  matchesQuery: boolean | undefined = undefined;

  constructor(
    input: RankInput,
    readonly fields: RankingFields,
    public openNow: boolean | undefined,
    readonly score: number,
    readonly personalizationScore: number,
    readonly components: Partial<Record<ScoreComponent, number>>,
  ) {
    this.#input = input;
    this.textScore = input.textScore;
    this.distanceKm = input.distanceKm;
  }

  get document(): SearchDocument {
    return this.#input.document;
  }
}

export function rankCandidates(candidates: RankInput[], context: RankContext): RankedResult[] {
  const { intent } = context;
  const weights = weightsFor(intent);
  // Resolved once per search, not per candidate: this loop runs for every candidate of the pool.
  const weighted = Object.entries(weights) as Array<[ScoreComponent, number]>;
  const totalWeight = weighted.reduce((sum, [, w]) => sum + w, 0);
  const withPrice = weights.price !== undefined;
  const withOpen = weights.open !== undefined;
  const matchTerms = createTermMatcher([...intent.terms, ...intent.serviceTerms, ...(intent.categoryWords ?? [])]);
  const personalise = createPersonalizationScorer(context.session);
  const openOf = (input: RankInput): boolean | undefined => input.openNow ?? context.isOpen?.(input);

  const ranked = candidates.map((input): RankedResult => {
    const fields = input.fields ?? rankingFieldsOf(input.document);
    const personal = personalise([fields.categoryKey, ...fields.categoryKeys], () => input.document);
    const openNow = withOpen ? openOf(input) : input.openNow;
    const components: Partial<Record<ScoreComponent, number>> = {
      text: clamp01(input.textScore),
      distance: distanceDecay(input.distanceKm, context.radiusKm),
      quality: clamp01((bayesianRating(fields.averageRating, fields.reviewCount) - 1) / 4),
      verification: VERIFICATION_SCORES[fields.verificationLevel],
      completeness: clamp01(fields.completeness / 100),
      personalization: personal,
    };
    if (withPrice) components.price = fields.minPrice === undefined ? UNKNOWN_PRICE_SCORE : 1 / (1 + Math.max(0, fields.minPrice) / CHEAP_PRICE_SCALE);
    if (withOpen) components.open = openNow === undefined ? UNKNOWN_HOURS_SCORE : openNow ? 1 : 0;
    let sum = 0;
    for (const [name, weight] of weighted) sum += weight * (components[name] ?? 0);
    return new RankedCandidate(input, fields, openNow, sum / totalWeight, personal, components);
  });

  // 0 open, 1 unknown, 2 closed; asked once per tied candidate (see Ties above).
  const openRanks = new Map<RankedResult, number>();
  const openRank = (result: RankedResult): number => {
    let rank = openRanks.get(result);
    if (rank === undefined) {
      if (result.openNow === undefined) result.openNow = openOf(result);
      rank = result.openNow === true ? 0 : result.openNow === false ? 2 : 1;
      openRanks.set(result, rank);
    }
    return rank;
  };
  ranked.sort(
    (a, b) =>
      b.score - a.score ||
      openRank(a) - openRank(b) ||
      (a.distanceKm ?? Infinity) - (b.distanceKm ?? Infinity) ||
      b.fields.reviewCount - a.fields.reviewCount ||
      (a.fields.id < b.fields.id ? -1 : a.fields.id > b.fields.id ? 1 : 0),
  );
  if (context.matchesQuery) putMatchesFirst(ranked, context.matchesQuery, context.certainTop ?? ranked.length);
  // Reasons need a text scan per document: only for the results that will be shown.
  const explained = Math.min(ranked.length, context.explainTop ?? ranked.length);
  for (let i = 0; i < explained; i++) {
    const result = ranked[i];
    if (result.openNow === undefined) result.openNow = openOf(result);
    result.reasons = reasonsFor(result, matchTerms(result.document), context);
  }
  return ranked;
}

/**
 * Those that match first, each group in the order it has (score order). `ranked` is in one total
 * order (score, then the ties' rules), so once `certainTop` candidates match, every later one
 * comes after them in the final order, matching or not: the rest is not asked (a candidate not of
 * the kinds asked for is asked by reading its document).
 */
function putMatchesFirst(ranked: RankedResult[], matchesQuery: (candidate: RankedResult) => boolean, certainTop: number): void {
  const matching: RankedResult[] = [];
  const others: RankedResult[] = [];
  let asked = 0;
  while (asked < ranked.length && matching.length < certainTop) {
    const result = ranked[asked++];
    result.matchesQuery = matchesQuery(result);
    (result.matchesQuery ? matching : others).push(result);
  }
  ranked.splice(0, asked, ...matching, ...others);
}
