// Synthetic AI-visibility events for `npm run bench:analytics`: journeys of one consumer with one
// business over the 365 local days before `end`, in time order (or at random times: `shuffled`),
// shaped like what the service records (an impression with its rank, often a citation or
// comparison beside it, sometimes a website visit minutes later, rarely a conversion or a profile
// view). Deterministic for a seed.
import type { AnalyticsEvent } from '../../src/domain/analytics/analyticsEvent';
import { createSeededRandom } from './seededRandom';

export interface BenchBusiness {
  id: string;
  /** Whole hours east of UTC, enough to give each business its own local days. */
  utcOffsetHours: number;
}

const PLATFORMS: ReadonlyArray<readonly [string, number]> = [
  ['chatgpt', 40], ['claude', 15], ['gemini', 15], ['perplexity', 10], ['copilot', 8], ['meta_ai', 4], ['other', 3], ['direct', 5],
];
const QUERIES = ['best dentist near me', 'cheap plumber', 'coffee open now', 'vegan restaurant', 'hair salon downtown', 'emergency locksmith', 'family doctor', 'thai food delivery', 'yoga studio', 'car repair'];
const DAY_MS = 86_400_000;

/** Batches of `batchSize` events, `total` in all, over the businesses. */
export function* analyticsEventBatches(options: { businesses: BenchBusiness[]; total: number; end: Date; seed: string; batchSize: number; shuffled?: boolean }): Generator<AnalyticsEvent[]> {
  const random = createSeededRandom(`${options.seed}:events`);
  const endMs = options.end.getTime();
  let produced = 0;
  let journey = 0;
  let batch: AnalyticsEvent[] = [];
  const push = (event: AnalyticsEvent) => {
    batch.push(event);
    produced += 1;
  };
  while (produced < options.total) {
    const business = options.businesses[Math.floor(random.next() * options.businesses.length)];
    // Journeys start in time order across the year (with a few minutes of jitter), as a live
    // service receives them; bench:analytics-engines --shuffled starts them at random times.
    const start = options.shuffled
      ? endMs - Math.floor(random.next() * 365 * DAY_MS)
      : endMs - 365 * DAY_MS + Math.floor((produced / options.total) * 365 * DAY_MS) + Math.floor(random.next() * 10 * 60_000);
    const platform = random.weighted(PLATFORMS);
    const journeyId = `bench_j${(journey += 1)}`;
    const query = random.pick(QUERIES);
    const at = (offsetMs: number) => {
      const ts = start + offsetMs;
      const local = new Date(ts + business.utcOffsetHours * 3_600_000).toISOString().slice(0, 10);
      return { timestamp: new Date(ts).toISOString(), localDate: local };
    };
    const base = { businessId: business.id, environment: 'live' as const, platform, journeyId, query, surface: 'consumer' as const };
    push({ ...base, eventId: `evt_${produced}`, type: 'impression', position: random.int(1, 10), ...at(0) });
    if (random.chance(0.35)) push({ ...base, eventId: `evt_${produced}`, type: 'citation', ...at(0) });
    if (random.chance(0.3)) push({ ...base, eventId: `evt_${produced}`, type: 'comparison', ...at(0) });
    if (random.chance(0.08)) {
      push({ ...base, eventId: `evt_${produced}`, type: 'website_visit', surface: 'redirect', ...at(random.int(1, 40) * 60_000) });
      if (random.chance(0.2)) push({ ...base, eventId: `evt_${produced}`, type: 'conversion', surface: 'ingested', value: random.int(10, 300), currency: 'USD', ...at(random.int(41, 90) * 60_000) });
    } else if (random.chance(0.03)) {
      push({ ...base, eventId: `evt_${produced}`, type: 'profile_view', surface: 'ingested', ...at(random.int(1, 10) * 60_000) });
    }
    if (batch.length >= options.batchSize) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
