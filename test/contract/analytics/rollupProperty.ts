// Rollup answers equal raw-event answers: for random event streams (journeys of two
// businesses in zones that change to summer time inside the window, one of them across a month
// end, journeys over several days, late events arriving in any order and in batches of any size,
// repeated eventIds with the same or other content, the sandbox beside live), followed by a
// retention purge at a random instant, every question a store answers from its rollups equals the
// same question computed from the raw events by rawAnswers.ts, for ranges of a few days and
// ranges holding whole months (peer totals read those from their month rows). An engine's test
// file runs it with its own store (test/contract/analyticsRollupsProperty.test.ts embedded,
// test/integration/elasticsearchRollupsProperty.test.ts on Elasticsearch).
import fc from 'fast-check';
import type { AnalyticsEvent } from '../../../src/domain/analytics/analyticsEvent';
import { localDateOf } from '../../../src/domain/localTime';
import type { AnalyticsScope, AnalyticsStore } from '../../../src/ports/analyticsStore';
import { rawBusinessTotals, rawConvertedJourneys, rawRevenue, rawJourneys, rawVisibility, type StoredEvent } from './rawAnswers';

// America/Chicago springs forward on 2026-03-08 at 08:00 UTC; Pacific/Auckland falls back on
// 2026-04-05 (NZDT -> NZST) at 14:00 UTC on the 4th: both inside their businesses' windows, and
// Auckland's starts on its 03-31 (13:00 local), so its journeys cross into April.
const BUSINESSES = [
  { id: 'biz_chicago', zone: 'America/Chicago', start: Date.parse('2026-03-06T00:00:00Z') },
  { id: 'biz_auckland', zone: 'Pacific/Auckland', start: Date.parse('2026-03-31T00:00:00Z') },
];
const WINDOW_MINUTES = 5 * 24 * 60;
const TYPES = ['impression', 'impression', 'impression', 'citation', 'comparison', 'profile_view', 'website_visit', 'conversion'] as const;

const eventArbitrary = fc.record({
  business: fc.integer({ min: 0, max: 1 }),
  journey: fc.constantFrom('j1', 'j2', 'j3', undefined),
  /** Minutes from the journey's start: most near it (follow-ups within 30 min), some days later. */
  minutes: fc.oneof(fc.integer({ min: 0, max: 45 }), fc.integer({ min: 0, max: WINDOW_MINUTES })),
  type: fc.constantFrom(...TYPES),
  platform: fc.constantFrom('chatgpt', 'claude'),
  position: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
  query: fc.constantFrom('tacos', 'tacos near me', undefined),
  /** One event in ten in the sandbox, which no live answer may count. */
  live: fc.integer({ min: 0, max: 9 }).map((n) => n > 0),
  reporter: fc.constantFrom(undefined, 'acc_1'),
  /** Index of an earlier event whose eventId this one repeats (null: a new id). */
  repeatOf: fc.option(fc.nat(), { nil: null, freq: 6 }),
});

const dayOffset = fc.oneof(fc.integer({ min: -1, max: 6 }), fc.integer({ min: -45, max: 45 }));

const streamArbitrary = fc.record({
  journeyStarts: fc.array(fc.integer({ min: 0, max: WINDOW_MINUTES - 60 }), { minLength: 3, maxLength: 3 }),
  events: fc.array(eventArbitrary, { minLength: 20, maxLength: 80, size: "max" }),
  arrivalSeed: fc.array(fc.nat(), { minLength: 60, maxLength: 60 }),
  batchSizes: fc.array(fc.integer({ min: 1, max: 25 }), { minLength: 60, maxLength: 60 }),
  /** A retention cut inside one business's window (the other's is then wholly before or after it). */
  purge: fc.option(fc.tuple(fc.integer({ min: 0, max: 1 }), fc.integer({ min: 0, max: WINDOW_MINUTES })), { nil: undefined }),
  /** Day offsets from a business's start: inside its window, or far enough to hold whole months. */
  ranges: fc.array(fc.tuple(dayOffset, dayOffset), { minLength: 2, maxLength: 4 }),
});

type Stream = typeof streamArbitrary extends fc.Arbitrary<infer T> ? T : never;

function buildEvents(stream: Stream): AnalyticsEvent[] {
  const built: AnalyticsEvent[] = [];
  stream.events.forEach((spec, index) => {
    const business = BUSINESSES[spec.business];
    const journeyIndex = spec.journey === undefined ? 0 : Number(spec.journey.slice(1)) - 1;
    const ts = business.start + (stream.journeyStarts[journeyIndex] + spec.minutes) * 60_000;
    const repeated = spec.repeatOf !== null && built.length > 0 ? built[spec.repeatOf % built.length] : undefined;
    const event: AnalyticsEvent = {
      eventId: repeated?.eventId ?? `e${index}`,
      type: spec.type,
      businessId: business.id,
      environment: spec.live ? 'live' : 'test',
      timestamp: new Date(ts).toISOString(),
      localDate: localDateOf(new Date(ts), business.zone),
      platform: spec.platform,
      surface: 'ingested',
      ...(spec.journey !== undefined && { journeyId: `${spec.journey}` }),
      ...(spec.query !== undefined && { query: spec.query }),
      ...(spec.type === 'impression' && spec.position !== undefined && { position: spec.position }),
      ...(spec.reporter !== undefined && { reporter: spec.reporter }),
      // Two conversions in three carry a value (a paid booking's, say), in one of two currencies.
      ...(spec.type === 'conversion' && index % 3 !== 0 && { value: 5 + (index % 7) * 5, currency: index % 2 === 0 ? 'EUR' : 'USD' }),
    };
    // Half the repeats are the same event sent again, half another event under a used id.
    built.push(repeated && index % 2 === 0 ? { ...repeated } : repeated ? { ...event, environment: repeated.environment, reporter: repeated.reporter } : event);
  });
  return built;
}

/** Arrival order: a permutation of the events (late ones arrive after later ones). */
function arrivalOrder(events: AnalyticsEvent[], seed: number[]): AnalyticsEvent[] {
  const order = events.map((event, i) => ({ event, key: seed[i % seed.length] * 1000 + i }));
  return order.sort((a, b) => a.key - b.key).map((entry) => entry.event);
}

function localDay(start: number, offsetDays: number, zone: string): string {
  return localDateOf(new Date(start + offsetDays * 86_400_000), zone);
}

export interface RollupPropertyOptions {
  /** A fresh, empty store. */
  createStore(): Promise<AnalyticsStore>;
  /** Whatever the store needs before it is asked (e.g. folding its rollups); nothing by default. */
  beforeQuestions?(store: AnalyticsStore): Promise<void>;
  /**
   * The instant before which the engine's purge removes raw events, for a cut-off asked: the
   * cut-off itself by default; an engine that drops whole months of raw events says which.
   */
  retainedFrom?(cut: Date): Date;
  numRuns: number;
}

export async function checkRollupsAgainstRawEvents(options: RollupPropertyOptions): Promise<void> {
  await fc.assert(
    fc.asyncProperty(streamArbitrary, async (stream) => {
      const store = await options.createStore();
      try {
        const arriving = arrivalOrder(buildEvents(stream), stream.arrivalSeed);
        const keys = new Set<string>();
        const accepted: StoredEvent[] = [];
        let position = 0;
        for (let b = 0; position < arriving.length; b += 1) {
          const batch = arriving.slice(position, position + stream.batchSizes[b % stream.batchSizes.length]);
          position += batch.length;
          let expected = 0;
          for (const event of batch) {
            const key = `${event.environment}|${event.reporter ?? ''}|${event.eventId}`;
            if (keys.has(key)) continue;
            keys.add(key);
            accepted.push({ ...event, arrival: accepted.length });
            expected += 1;
          }
          expect(await store.append(batch)).toEqual({ accepted: expected, duplicates: batch.length - expected });
        }
        let retained = accepted;
        if (stream.purge !== undefined) {
          const cut = new Date(BUSINESSES[stream.purge[0]].start + stream.purge[1] * 60_000);
          await store.purgeRawEvents(cut);
          const kept = (options.retainedFrom?.(cut) ?? cut).getTime();
          retained = accepted.filter((e) => Date.parse(e.timestamp) >= kept);
        }
        await options.beforeQuestions?.(store);

        const byId = (a: { journeyId: string }, b: { journeyId: string }) => a.journeyId.localeCompare(b.journeyId);
        for (const business of BUSINESSES) {
          for (const [a, b] of stream.ranges) {
            const [from, to] = [localDay(business.start, Math.min(a, b), business.zone), localDay(business.start, Math.max(a, b), business.zone)];
            const scope: AnalyticsScope = { environment: 'live', businessId: business.id, from, to };
            expect(await store.visibility(scope)).toEqual(rawVisibility(accepted, scope));
            expect(await store.visibility({ ...scope, platform: 'claude' })).toEqual(rawVisibility(accepted, { ...scope, platform: 'claude' }));
            const journeys = (await store.journeys(scope)).map((j) => ({ ...j, queries: [...j.queries].sort() })).sort(byId);
            expect(journeys).toEqual(rawJourneys(retained, scope).map((j) => ({ ...j, queries: [...j.queries].sort() })).sort(byId));
            expect((await store.convertedJourneys(scope)).sort(byId)).toEqual(rawConvertedJourneys(retained, scope).sort(byId));
            expect(await store.revenue(scope)).toEqual(rawRevenue(retained, scope));
            const ids = ['biz_chicago', 'biz_auckland', 'biz_none'];
            const totals = await store.businessTotals({ environment: 'live', from, to, businessIds: ids });
            expect(totals.sort((x, y) => x.businessId.localeCompare(y.businessId))).toEqual(ids.map((id) => rawBusinessTotals(accepted, retained, { environment: 'live', from, to }, id)).sort((x, y) => x.businessId.localeCompare(y.businessId)));
          }
        }
      } finally {
        await store.close();
      }
    }),
    // Shrinking a counterexample of 80 events takes minutes: the first failure is reported as found.
    { numRuns: options.numRuns, endOnFailure: true },
  );
}
