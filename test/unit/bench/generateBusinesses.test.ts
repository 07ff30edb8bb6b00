import { aiVisibilityScore } from '../../../src/domain/aiVisibilityScore';
import { assessCompleteness } from '../../../src/domain/completeness';
import { dedupeKeys } from '../../../src/domain/dedupeKeys';
import { haversineKm } from '../../../src/domain/distance';
import { minutesOf } from '../../../src/domain/openingHours';
import { VERIFICATION_LEVELS, type BusinessProfile } from '../../../src/domain/profile';
import { categoryKeysOf } from '../../../src/domain/categories/canonicalCategory';
import { findUsCity } from '../../../src/domain/search/usCities';
import { BENCH_CITIES } from '../../../scripts/bench/benchCities';
import { BENCH_REFERENCE_DATE, generateBusinesses } from '../../../scripts/bench/generateBusinesses';

const COUNT = 3000;
const profiles = generateBusinesses(COUNT, 'bench-test');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

describe('generateBusinesses: determinism', () => {
  it('gives identical profiles, ids included, for the same count and seed', () => {
    expect(generateBusinesses(200, 'bench-test')).toEqual(profiles.slice(0, 200));
  });

  it('gives different businesses for a different seed', () => {
    const other = generateBusinesses(50, 'another-seed');
    expect(other.map((p) => p.id)).not.toEqual(profiles.slice(0, 50).map((p) => p.id));
    expect(other.map((p) => p.name)).not.toEqual(profiles.slice(0, 50).map((p) => p.name));
  });

  it('mints business ids in the order it generates the businesses, as the API does over time', () => {
    const ids = profiles.map((p) => p.id);
    expect([...ids].sort()).toEqual(ids);
  });

  it('uses the given owner for every profile', () => {
    expect(generateBusinesses(20, 1, { ownerId: 'acct_someoneElse000000000' }).every((p) => p.ownerId === 'acct_someoneElse000000000')).toBe(true);
  });
});

describe('generateBusinesses: what the store and the index need', () => {
  it('fills every profile as a published, live, version-1 record with id shapes of src/domain/ids.ts', () => {
    const wrong = profiles.filter(
      (p) =>
        p.status !== 'published' || p.environment !== 'live' || p.version !== 1 ||
        !/^biz_[0-9A-HJKMNP-TV-Z]{26}$/.test(p.id) || p.services.some((s) => !/^svc_[0-9A-Za-z]{20}$/.test(s.id)) ||
        Date.parse(p.createdAt) > Date.parse(p.updatedAt) || Date.parse(p.updatedAt) > BENCH_REFERENCE_DATE.getTime(),
    );
    expect(wrong.map((p) => p.id)).toEqual([]);
    expect(new Set(profiles.map((p) => p.id)).size).toBe(COUNT);
  });

  it('meets the publish requirements, as a published profile in the API must', () => {
    const incomplete = profiles.filter((p) => !assessCompleteness(p).profileComplete);
    expect(incomplete.map((p) => [p.id, assessCompleteness(p).missingForPublish])).toEqual([]);
  });

  it('computes dedupe keys and aiVisibilityScore with the domain functions, and no two profiles share a dedupe key', () => {
    const wrong = profiles.filter(
      (p) => JSON.stringify(p.dedupeKeys) !== JSON.stringify(dedupeKeys(p)) || p.aiVisibilityScore !== aiVisibilityScore(p, BENCH_REFERENCE_DATE),
    );
    expect(wrong.map((p) => p.id)).toEqual([]);
    // Name+postal+country and phone for every profile, none shared (the store would reject it).
    const keys = profiles.flatMap((p) => p.dedupeKeys);
    expect(keys).toHaveLength(2 * COUNT);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('generateBusinesses: realism', () => {
  it('places businesses within about 15 km of a real US city that query understanding knows', () => {
    const misplaced = profiles.filter((p) => {
      const { city, state, country } = p.location.address!;
      const known = findUsCity(city!, state);
      // 15 km from the bench's centres; GeoNames puts some city centres a few km from those (Chicago's 3.5 km).
      return country !== 'US' || !known || haversineKm(p.location.coordinates!, known.centre) >= 20;
    });
    expect(misplaced.map((p) => p.location)).toEqual([]);
    expect(new Set(profiles.map((p) => p.location.address!.city)).size).toBeGreaterThanOrEqual(45);
    expect(BENCH_CITIES.length).toBeGreaterThanOrEqual(50);
  });

  it('spreads businesses over at least 20 categories the taxonomy knows, restaurants the most common', () => {
    const counts = new Map<string, number>();
    for (const p of profiles) counts.set(p.category, (counts.get(p.category) ?? 0) + 1);
    expect([...counts.keys()].filter((c) => categoryKeysOf(c).length === 0)).toEqual([]);
    expect(counts.size).toBeGreaterThanOrEqual(20);
    expect([...counts.entries()].sort((a, b) => b[1] - a[1])[0][0]).toBe('restaurants');
  });

  it('prices services in USD as fixed, range or hourly amounts', () => {
    const services = profiles.flatMap((p) => p.services);
    const types = new Set(services.map((s) => s.pricing!.type));
    const wrong = services.filter(
      (s) => s.pricing!.currency !== 'USD' || (s.pricing!.type === 'range' ? s.pricing!.minAmount >= s.pricing!.maxAmount : s.pricing!.amount < 0),
    );
    expect(wrong).toEqual([]);
    expect([...types].sort()).toEqual(['fixed', 'hourly', 'range']);
    expect(profiles.every((p) => p.services.length >= 2)).toBe(true);
  });

  it('writes valid weekly hours, including past-midnight closings, closed Sundays and all-day opening', () => {
    let pastMidnight = 0;
    let closedSunday = 0;
    let allDay = 0;
    let malformed = 0;
    for (const p of profiles) {
      for (const day of Object.values(p.hours)) {
        if ('closed' in day) continue;
        const open = minutesOf(day.open);
        const close = minutesOf(day.close);
        if (open === null || close === null) malformed += 1;
        else if (open === close) allDay += 1;
        else if (close < open) pastMidnight += 1;
      }
      if (p.hours.sunday && 'closed' in p.hours.sunday) closedSunday += 1;
    }
    expect(malformed).toBe(0);
    expect(pastMidnight).toBeGreaterThan(0);
    expect(closedSunday).toBeGreaterThan(COUNT * 0.1);
    expect(allDay).toBeGreaterThan(0);
  });

  it('skews ratings high and review counts to a long tail, with every verification level present', () => {
    const rated = profiles.filter((p) => p.trust.totalReviews > 0);
    const ratingMedian = median(rated.map((p) => p.trust.averageRating));
    expect(ratingMedian).toBeGreaterThanOrEqual(4);
    expect(ratingMedian).toBeLessThanOrEqual(4.6);
    const reviews = profiles.map((p) => p.trust.totalReviews);
    const mean = reviews.reduce((a, b) => a + b, 0) / reviews.length;
    expect(median(reviews)).toBeLessThan(mean);
    expect(Math.max(...reviews)).toBeGreaterThan(500);
    expect(profiles.some((p) => p.trust.totalReviews === 0 && p.trust.averageRating === 0)).toBe(true);
    expect(new Set(profiles.map((p) => p.trust.verificationLevel))).toEqual(new Set(VERIFICATION_LEVELS));
  });

  it('gives exclusive content, with its scores, to some businesses and not others', () => {
    const withContent = profiles.filter((p: BusinessProfile) => Object.keys(p.exclusiveContent).length > 0);
    expect(withContent.length).toBeGreaterThan(COUNT * 0.2);
    expect(withContent.length).toBeLessThan(COUNT * 0.5);
    expect(withContent.every((p) => p.exclusiveScores !== undefined)).toBe(true);
    expect(profiles.filter((p) => Object.keys(p.exclusiveContent).length === 0).every((p) => p.exclusiveScores === undefined)).toBe(true);
  });
});
