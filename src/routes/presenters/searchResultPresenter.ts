// Search result items. Consumer items follow spec 2.5 (distance in kilometres); directory
// and partner items are 2.5 without personalisation, plus aiVisibilityScore and
// verificationLevel (documented in OpenAPI).
import type { RankedResult } from '../../domain/search/ranking';
import type { SearchDocument, SearchHit, SearchResult } from '../../ports/searchIndex';

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

function baseItem(doc: SearchDocument) {
  return {
    id: doc.id,
    name: doc.name,
    category: doc.category,
    description: doc.description,
    tagline: doc.tagline,
    address: doc.address,
    coordinates: doc.coordinates ?? null,
    phone: doc.phone,
    website: doc.website,
    verified: doc.verificationLevel !== 'none',
    averageRating: doc.averageRating,
    reviewCount: doc.reviewCount,
  };
}

export function presentConsumerResult(result: RankedResult) {
  return {
    ...baseItem(result.document),
    distance: result.distanceKm === undefined ? null : round(result.distanceKm, 2),
    personalizationScore: round(result.personalizationScore, 3),
  };
}

export function presentListingItem(hit: SearchHit) {
  return {
    ...baseItem(hit.document),
    verificationLevel: hit.document.verificationLevel,
    aiVisibilityScore: hit.document.aiVisibilityScore,
    ...(hit.distanceKm !== undefined && { distance: round(hit.distanceKm, 2) }),
  };
}

/** A directory or partner page: items plus offset-style pagination (spec 2.6). */
export function presentListingPage(found: SearchResult, page: { limit: number; offset: number }) {
  return {
    businesses: found.hits.map(presentListingItem),
    pagination: { total: found.total, limit: page.limit, offset: page.offset, hasMore: page.offset + found.hits.length < found.total },
  };
}
