// GET /analytics/benchmarks: the business against its peers, the published businesses of its kind
// (or of `category`), optionally in one place (`location`), over the same local days. A kind is a
// taxonomy key, as profiles carry them (categoryKeys): "Dentists", "Family Dentistry" and "dental
// clinic" are all amenity/dentist, and a narrower kind counts (a pizza restaurant is a restaurant).
// When the business's own kind has too few peers, its broader kind is asked (a ramen bar among
// restaurants). `category` takes the words the directory takes (requestCategoryFilter). Peers are
// found through the search index (what is published and where, exactly as listings see it); their
// numbers come from the analytics store. Fewer than MIN_PEERS peers: no percentiles, so no one
// competitor's figures can be read off the answer.
import type { Static } from 'typebox';
import type { benchmarksResponse } from '../../schemas/responses/analytics';
import { MIN_PEERS, peerPercentiles } from '../../domain/analytics/peerPercentiles';
import { ratio } from '../../domain/analytics/rounding';
import { businessKinds, profileTexts } from '../../domain/categories/describedKinds';
import { kindName, withBroaderKinds } from '../../domain/categories/taxonomy';
import type { BusinessProfile } from '../../domain/profile';
import { requestCategoryFilter } from '../../domain/search/categoryWords';
import { LISTING_RESULT_WINDOW } from '../../domain/search/listingWindow';
import type { Principal } from '../../domain/principal';
import type { AnalyticsQuestions, BusinessTotals } from '../../ports/analyticsStore';
import type { SearchIndex, SearchQuery } from '../../ports/searchIndex';
import type { BenchmarksQuery } from '../../schemas/endpoints/analytics';
import type { AnalyticsAccess } from './analyticsAccess';
import { peerLocation } from './peerLocation';

const PEER_PAGE = 1000;

export const TOO_FEW_PEERS_REASON = `fewer than ${MIN_PEERS} peers: percentiles are withheld so no single competitor's numbers can be read off`;

interface Metrics {
  impressions: number;
  citations: number;
  conversionRate: number;
}

/** The answer, as its schema describes it. */
export type Benchmarks = Static<typeof benchmarksResponse>;

function metricsOf(totals: BusinessTotals): Metrics {
  return { impressions: totals.impressions, citations: totals.citations, conversionRate: ratio(totals.convertedJourneys, totals.journeys) };
}

type KindFilter = Pick<SearchQuery, 'categoryKeys' | 'categories'>;

/** A way to choose peers: the filter, and the category the answer names for it. */
interface PeerKind {
  filter: KindFilter;
  category: string;
  categoryKeys: string[];
}

/**
 * The kinds to compare with, first choice first: `category` as asked (the directory's words), else
 * the business's own kinds and then each broader kind in turn, else its label as written.
 */
export function peerKinds(asked: string | undefined, profile: Pick<BusinessProfile, 'category' | 'categoryKeys'> & Partial<Pick<BusinessProfile, 'description' | 'tagline' | 'services'>>): PeerKind[] {
  if (asked) {
    const filter = requestCategoryFilter(asked);
    return [{ filter, category: asked, categoryKeys: 'categoryKeys' in filter ? filter.categoryKeys : [] }];
  }
  // As the search index files it: its label's kinds, or the kinds its own words describe.
  const own = businessKinds(profile.categoryKeys ?? [], profileTexts(profile));
  if (own.length === 0) return [{ filter: { categories: [profile.category] }, category: profile.category, categoryKeys: [] }];
  const kinds: PeerKind[] = [{ filter: { categoryKeys: own }, category: own.map(kindName).join(', '), categoryKeys: own }];
  for (let keys = own; ; ) {
    const broader = [...new Set(keys.map((key) => withBroaderKinds([key]).at(1)).filter((key): key is string => key !== undefined))];
    if (broader.length === 0) return kinds;
    kinds.push({ filter: { categoryKeys: broader }, category: broader.map(kindName).join(', '), categoryKeys: broader });
    keys = broader;
  }
}

export function createBenchmarks(deps: { access: AnalyticsAccess; analytics: Pick<AnalyticsQuestions, 'businessTotals'>; searchIndex: Pick<SearchIndex, 'search'> }) {
  async function peerIds(principal: Principal, filter: KindFilter, location: string | undefined, exclude: string): Promise<string[]> {
    const ids: string[] = [];
    const place = location ? peerLocation(location) : {};
    for (let offset = 0; offset < LISTING_RESULT_WINDOW; offset += PEER_PAGE) {
      const page = await deps.searchIndex.search({
        environment: principal.environment,
        ...filter,
        ...place,
        sort: 'name',
        order: 'asc',
        limit: Math.min(PEER_PAGE, LISTING_RESULT_WINDOW - offset),
        offset,
      });
      for (const hit of page.hits) if (hit.fields.id !== exclude) ids.push(hit.fields.id);
      if (page.hits.length < PEER_PAGE) break;
    }
    return ids;
  }

  return async (principal: Principal, query: BenchmarksQuery): Promise<Benchmarks> => {
    const { profile, scope, period } = await deps.access(principal, query);
    // The narrowest kind with enough peers; the broadest tried when none has.
    let chosen: PeerKind | undefined;
    let peers: string[] = [];
    for (const kind of peerKinds(query.category?.trim() || undefined, profile)) {
      chosen = kind;
      peers = await peerIds(principal, kind.filter, query.location, profile.id);
      if (peers.length >= MIN_PEERS) break;
    }
    const { category, categoryKeys } = chosen as PeerKind;
    const totals = await deps.analytics.businessTotals({ environment: scope.environment, from: scope.from, to: scope.to, businessIds: [profile.id, ...peers] });
    const byId = new Map(totals.map((entry) => [entry.businessId, metricsOf(entry)]));
    const yours = byId.get(profile.id) as Metrics;
    const peerMetrics = peers.map((id) => byId.get(id) as Metrics);
    const enough = peers.length >= MIN_PEERS;
    const of = (key: keyof Metrics) => peerPercentiles(peerMetrics.map((m) => m[key]), yours[key]);
    return {
      businessId: profile.id,
      period,
      yourMetrics: yours,
      benchmarks: {
        category,
        categoryKeys,
        location: query.location?.trim() || null,
        sampleSize: peers.length,
        percentiles: { impressions: of('impressions'), citations: of('citations'), conversionRate: of('conversionRate') },
        ...(!enough && { percentilesWithheld: TOO_FEW_PEERS_REASON }),
      },
    };
  };
}
