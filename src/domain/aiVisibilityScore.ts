// aiVisibilityScore: one 0..100 number for "how well can an assistant find and
// recommend this business", kept on the profile and in the search index, default directory sort.
//
//   score = round(100 * (0.35*C + 0.25*V + 0.20*L + 0.15*R + 0.05*F))
//   C completeness   = assessCompleteness(profile).completionPercentage / 100
//   V exclusive      = visibilityScore(profile.exclusiveContent) / 100
//   L verification   = none 0, basic 0.25, verified 0.5, premium 0.75, certified 1
//   R reviews        = ((B - 1) / 4) * (1 - e^(-n/25)), B = (10*3.5 + n*rating) / (10 + n)
//                      (Bayesian average toward a 3.5 prior worth 10 reviews, times a confidence
//                      that grows with the review count n, so 2 five-star reviews do not beat 200 4.7s)
//   F freshness      = 0.5^(days since updatedAt / 90)   (half-life 90 days; future dates count as now)

import { assessCompleteness } from './completeness';
import { visibilityScore } from './exclusiveContentScores';
import { VERIFICATION_LEVELS, type BusinessProfile } from './profile';

export const AI_VISIBILITY_FORMULA =
  'round(100 * (0.35*C + 0.25*V + 0.20*L + 0.15*R + 0.05*F)); C = completionPercentage/100, ' +
  'V = exclusive-content visibilityScore/100, L = verification level (none 0, basic 0.25, verified 0.5, premium 0.75, certified 1), ' +
  'R = ((B-1)/4) * (1 - e^(-n/25)) with B = (10*3.5 + n*averageRating)/(10 + n) and n = totalReviews, ' +
  'F = 0.5^(days since updatedAt / 90).';

const PRIOR_RATING = 3.5;
const PRIOR_WEIGHT = 10;
const CONFIDENCE_SCALE = 25;
const FRESHNESS_HALF_LIFE_DAYS = 90;
const DAY_MS = 86_400_000;

const clamp01 = (x: number) => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0);

export function verificationFactor(level: BusinessProfile['trust']['verificationLevel']): number {
  const rank = VERIFICATION_LEVELS.indexOf(level);
  return rank <= 0 ? 0 : rank / (VERIFICATION_LEVELS.length - 1);
}

/** 0..1: Bayesian-averaged rating scaled to 0..1, times confidence in the review count. */
export function reviewFactor(averageRating: number, totalReviews: number): number {
  const n = Number.isFinite(totalReviews) && totalReviews > 0 ? totalReviews : 0;
  const rating = Number.isFinite(averageRating) ? Math.min(5, Math.max(0, averageRating)) : 0;
  const bayes = (PRIOR_WEIGHT * PRIOR_RATING + n * rating) / (PRIOR_WEIGHT + n);
  return clamp01((bayes - 1) / 4) * (1 - Math.exp(-n / CONFIDENCE_SCALE));
}

export function freshnessFactor(updatedAt: string, now: Date): number {
  const updated = Date.parse(updatedAt);
  if (!Number.isFinite(updated)) return 0;
  const ageDays = Math.max(0, (now.getTime() - updated) / DAY_MS);
  return Math.pow(0.5, ageDays / FRESHNESS_HALF_LIFE_DAYS);
}

export function aiVisibilityScore(profile: BusinessProfile, now: Date): number {
  const c = assessCompleteness(profile).completionPercentage / 100;
  const v = visibilityScore(profile.exclusiveContent) / 100;
  const l = verificationFactor(profile.trust.verificationLevel);
  const r = reviewFactor(profile.trust.averageRating, profile.trust.totalReviews);
  const f = freshnessFactor(profile.updatedAt, now);
  return Math.round(100 * clamp01(0.35 * c + 0.25 * v + 0.2 * l + 0.15 * r + 0.05 * f));
}
