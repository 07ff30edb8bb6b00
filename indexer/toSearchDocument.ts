// Pure mapping from a stored profile to what the search index holds. Only published,
// non-deleted profiles of accounts in good standing that have not closed for good are searchable;
// anything else becomes a delete. A temporarily closed business is indexed without opening hours.
import { categoryKeysOf, indexedCategory } from '../src/domain/categories/canonicalCategory';
import { businessKinds, profileTexts } from '../src/domain/categories/describedKinds';
import { assessCompleteness } from '../src/domain/completeness';
import { isPermanentlyClosed, isTemporarilyClosed } from '../src/domain/freshness/operatingStatus';
import { locationOf, type BusinessProfile, type Environment } from '../src/domain/profile';
import { timeZoneAt } from '../src/domain/timeZone';
import type { IndexAction, SearchDocument } from '../src/ports/searchIndex';

export function isSearchable(profile: BusinessProfile): boolean {
  // ownerSuspended comes and goes through the change feed like any write, so suspending an
  // account deletes its documents and lifting the suspension upserts them again.
  // A permanently closed business leaves every search, like an unpublished one (its public page stays and says so).
  return profile.status === 'published' && profile.deletedAt === undefined && profile.ownerSuspended !== true && !isPermanentlyClosed(profile);
}

function lowestPrice(profile: BusinessProfile): { minPrice: number; minPriceCurrency: string } | undefined {
  let lowest: { minPrice: number; minPriceCurrency: string } | undefined;
  for (const { pricing } of profile.services) {
    if (!pricing) continue;
    const amount = pricing.type === 'range' ? pricing.minAmount : pricing.amount;
    if (lowest === undefined || amount < lowest.minPrice) lowest = { minPrice: amount, minPriceCurrency: pricing.currency };
  }
  return lowest;
}

export function toSearchDocument(profile: BusinessProfile): SearchDocument {
  const address = locationOf(profile).address ?? {};
  const coordinates = locationOf(profile).coordinates;
  const price = lowestPrice(profile);
  const closed = isTemporarilyClosed(profile);
  return {
    id: profile.id,
    environment: profile.environment,
    name: profile.name,
    // Filter values trimmed: Elasticsearch's keyword normalizer only lowercases, so a stored
    // " Austin " would never equal the trimmed `city` a search sends (the embedded index trims both).
    category: profile.category.trim(),
    // A profile stored before its keys were computed gets them here, as its next write would; one
    // whose label names no kind is of the kinds its own words describe (describedKinds.ts).
    ...indexedCategory(businessKinds(profile.categoryKeys ?? categoryKeysOf(profile.category), profileTexts(profile))),
    description: profile.description ?? '',
    tagline: profile.tagline ?? '',
    servicesText: profile.services.map((service) => [service.name, service.category, service.description].filter(Boolean).join(' ')).join('\n'),
    exclusiveText: Object.values(profile.exclusiveContent).filter(Boolean).join('\n'),
    address: {
      street: address.street ?? '',
      city: address.city?.trim() ?? '',
      state: address.state?.trim() ?? '',
      postalCode: address.postalCode ?? '',
      country: address.country ?? '',
    },
    ...(coordinates && { coordinates: { lat: coordinates.lat, lon: coordinates.lon } }),
    phone: profile.contact.phone ?? '',
    website: profile.contact.website ?? '',
    verificationLevel: profile.trust.verificationLevel,
    averageRating: profile.trust.averageRating,
    reviewCount: profile.trust.totalReviews,
    completeness: assessCompleteness(profile).completionPercentage,
    aiVisibilityScore: profile.aiVisibilityScore,
    ...price,
    // Closed for now: no hours, so "open now", "tonight" and every other time filter leave it out.
    hours: closed ? {} : profile.hours,
    ...(coordinates && { timeZone: timeZoneAt(coordinates) }),
    blackoutDates: profile.blackoutDates,
    updatedAt: profile.updatedAt,
    ...(closed && { operatingStatus: 'temporarily_closed' as const, ...(profile.operatingStatus?.reopensOn !== undefined && { reopensOn: profile.operatingStatus.reopensOn }) }),
    ...(profile.lastVerifiedAt !== undefined && { lastVerifiedAt: profile.lastVerifiedAt }),
  };
}

/** The index action that brings the index in line with this version of the profile. */
export function toIndexAction(profile: BusinessProfile): IndexAction {
  return isSearchable(profile)
    ? { type: 'upsert', document: toSearchDocument(profile) }
    : { type: 'delete', environment: profile.environment, id: profile.id };
}

/** A stored profile the mapper threw on (a poison document). */
export interface SkippedDocument {
  id: string;
  environment: Environment;
  error: string;
}

/**
 * toIndexAction for the feed and reindex: a profile that cannot be mapped is removed from the
 * index and reported instead of thrown, so one bad document cannot stall indexing for everyone.
 */
export function toIndexActionOrSkip(
  profile: BusinessProfile,
  onSkip: (skipped: SkippedDocument) => void,
  key: { id: string; environment: Environment } = profile,
): IndexAction {
  try {
    return toIndexAction(profile);
  } catch (error) {
    onSkip({ id: key.id, environment: key.environment, error: (error as Error).message });
    return { type: 'delete', environment: key.environment, id: key.id };
  }
}
