// The four questions' facts computed the slow, obvious way from a list of raw events: the oracle
// the rollup property test compares every store's answers with. Written apart from the adapters
// (no rollups, no SQL): every rule below is the port's wording, applied event by event.
import type { AnalyticsEvent } from '../../../src/domain/analytics/analyticsEvent';
import type { AnalyticsScope, BusinessTotals, ConvertedJourney, JourneyFacts, TouchpointType, VisibilityFacts, VisibilityCounts } from '../../../src/ports/analyticsStore';

const STAGES = ['awareness', 'consideration', 'intent', 'conversion'] as const;
const STAGE_OF: Record<string, number> = { impression: 0, citation: 1, comparison: 1, profile_view: 1, website_visit: 2, conversion: 3 };
const WINDOW_MS = 30 * 60 * 1000;

export interface StoredEvent extends AnalyticsEvent {
  /** Arrival order: ties in time are ordered by it. */
  arrival: number;
}

const inScope = (e: AnalyticsEvent, s: Omit<AnalyticsScope, 'businessId'>) => e.environment === s.environment && e.localDate >= s.from && e.localDate <= s.to;
const ms = (e: AnalyticsEvent) => Date.parse(e.timestamp);

/** Impressions with a website visit or conversion of their journey (same business) within 30 minutes after. */
function followed(impression: AnalyticsEvent, all: readonly AnalyticsEvent[]): boolean {
  if (impression.journeyId === undefined) return false;
  const at = ms(impression);
  return all.some((e) => (e.type === 'website_visit' || e.type === 'conversion') && e.environment === impression.environment
    && e.businessId === impression.businessId && e.journeyId === impression.journeyId && ms(e) >= at && ms(e) <= at + WINDOW_MS);
}

function empty(): VisibilityCounts {
  return { impressions: 0, citations: 0, comparisons: 0, zeroClick: 0, positionSum: 0, positionCount: 0, crawls: { training: 0, search: 0, user: 0 } };
}

/** `everStored`: every accepted event, purged or not (daily counts outlive the raw events). */
export function rawVisibility(everStored: readonly AnalyticsEvent[], scope: AnalyticsScope & { platform?: string }): VisibilityFacts {
  const totals = empty();
  const platforms = new Map<string, VisibilityCounts>();
  const days = new Map<string, { date: string; impressions: number; citations: number }>();
  for (const e of everStored) {
    if (!inScope(e, scope) || e.businessId !== scope.businessId || (scope.platform !== undefined && e.platform !== scope.platform)) continue;
    if (e.type !== 'impression' && e.type !== 'citation' && e.type !== 'comparison' && e.type !== 'crawl') continue;
    if (!platforms.has(e.platform)) platforms.set(e.platform, empty());
    for (const counts of [totals, platforms.get(e.platform) as VisibilityCounts]) {
      if (e.type === 'crawl') counts.crawls[e.crawlPurpose as 'training' | 'search' | 'user'] += 1;
      else if (e.type === 'impression') {
        counts.impressions += 1;
        if (!followed(e, everStored)) counts.zeroClick += 1;
        if (e.position !== undefined) {
          counts.positionSum += e.position;
          counts.positionCount += 1;
        }
      } else if (e.type === 'citation') counts.citations += 1;
      else counts.comparisons += 1;
    }
    if (e.type === 'comparison' || e.type === 'crawl') continue;
    if (!days.has(e.localDate)) days.set(e.localDate, { date: e.localDate, impressions: 0, citations: 0 });
    const day = days.get(e.localDate) as { impressions: number; citations: number };
    if (e.type === 'impression') day.impressions += 1;
    else day.citations += 1;
  }
  return {
    totals,
    platforms: [...platforms].map(([name, counts]) => ({ name, ...counts })).sort((a, b) => a.name.localeCompare(b.name)),
    days: [...days.values()].sort((a, b) => a.date.localeCompare(b.date)),
  };
}

function journeyEvents(retained: readonly StoredEvent[], scope: AnalyticsScope): Map<string, StoredEvent[]> {
  const byJourney = new Map<string, StoredEvent[]>();
  for (const e of retained) {
    if (!inScope(e, scope) || e.businessId !== scope.businessId || e.journeyId === undefined) continue;
    byJourney.set(e.journeyId, [...(byJourney.get(e.journeyId) ?? []), e]);
  }
  return byJourney;
}

/** `retained`: the accepted events the retention purge left. */
export function rawJourneys(retained: readonly StoredEvent[], scope: AnalyticsScope): JourneyFacts[] {
  return [...journeyEvents(retained, scope)].map(([journeyId, events]) => ({
    journeyId,
    stage: STAGES[Math.max(...events.map((e) => STAGE_OF[e.type]))],
    touchpoints: events.length,
    firstAt: Math.min(...events.map(ms)),
    lastAt: Math.max(...events.map(ms)),
    queries: [...new Set(events.map((e) => e.query).filter((q): q is string => q !== undefined))],
  }));
}

export function rawConvertedJourneys(retained: readonly StoredEvent[], scope: AnalyticsScope): ConvertedJourney[] {
  const out: ConvertedJourney[] = [];
  for (const [journeyId, events] of journeyEvents(retained, scope)) {
    const conversions = events.filter((e) => e.type === 'conversion').map(ms);
    if (conversions.length === 0) continue;
    const first = Math.min(...conversions);
    // Crawls carry no journey, so what is not a conversion here is a touchpoint.
    const before = events.filter((e): e is typeof e & { type: TouchpointType } => e.type !== 'conversion' && e.type !== 'crawl' && ms(e) <= first).sort((a, b) => ms(a) - ms(b) || a.arrival - b.arrival);
    const revenue = new Map<string, number>();
    for (const e of events) if (e.type === 'conversion' && e.value !== undefined) revenue.set(e.currency!, (revenue.get(e.currency!) ?? 0) + e.value);
    if (before.length > 0) out.push({ journeyId, touchpoints: before.map((e) => ({ type: e.type, platform: e.platform })), revenue: [...revenue].sort(([a], [b]) => a.localeCompare(b)).map(([currency, amount]) => ({ currency, amount: Math.round(amount * 100) / 100 })) });
  }
  return out;
}

/** What the conversions of the scope's journeys carried, per currency, by currency (2 decimals). */
export function rawRevenue(retained: readonly StoredEvent[], scope: AnalyticsScope): Array<{ currency: string; amount: number }> {
  const sums = new Map<string, number>();
  for (const events of journeyEvents(retained, scope).values()) {
    for (const e of events) if (e.type === 'conversion' && e.value !== undefined) sums.set(e.currency!, (sums.get(e.currency!) ?? 0) + e.value);
  }
  return [...sums].sort(([a], [b]) => a.localeCompare(b)).map(([currency, amount]) => ({ currency, amount: Math.round(amount * 100) / 100 }));
}

export function rawBusinessTotals(everStored: readonly AnalyticsEvent[], retained: readonly StoredEvent[], scope: Omit<AnalyticsScope, 'businessId'>, businessId: string): BusinessTotals {
  const counted = everStored.filter((e) => inScope(e, scope) && e.businessId === businessId);
  const journeys = journeyEvents(retained, { ...scope, businessId });
  return {
    businessId,
    impressions: counted.filter((e) => e.type === 'impression').length,
    citations: counted.filter((e) => e.type === 'citation').length,
    journeys: journeys.size,
    convertedJourneys: [...journeys.values()].filter((events) => events.some((e) => e.type === 'conversion')).length,
  };
}
