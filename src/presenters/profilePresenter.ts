// The public shape of a profile (spec 2.2): internal bookkeeping (owner, partition,
// dedupe keys, revision) stays inside.
import { inWeekdayOrder, locationOf, type BusinessProfile, type Coordinates } from '../domain/profile';
import { categoryFieldsOf } from '../domain/categories/canonicalCategory';
import { timeZoneAt } from '../domain/timeZone';
import { operatingStatusOf } from '../domain/freshness/operatingStatus';
import { DEFAULT_PUBLIC_PAGE, hasPublicPage, publicPagePath } from '../domain/publicPage/publicVisibility';

/** The zone the hours are read in (derived from the coordinates); null without coordinates. */
function timeZoneOf(coordinates: Coordinates | undefined): string | null {
  if (!coordinates) return null;
  try {
    return timeZoneAt(coordinates);
  } catch {
    return null; // coordinates stored before they were validated: no zone rather than a failed read
  }
}

export function presentProfile(profile: BusinessProfile) {
  return {
    id: profile.id,
    name: profile.name,
    category: profile.category,
    // A profile stored before the keys existed shows what its next write will store.
    ...(profile.categoryKeys && profile.categoryTaxonomy
      ? { categoryKeys: profile.categoryKeys, categoryTaxonomy: profile.categoryTaxonomy }
      : categoryFieldsOf(profile.category)),
    description: profile.description ?? '',
    tagline: profile.tagline ?? '',
    location: profile.location,
    timeZone: timeZoneOf(locationOf(profile).coordinates),
    contact: profile.contact,
    services: profile.services,
    // Profiles stored before hours were kept in order still read Monday first.
    hours: inWeekdayOrder(profile.hours),
    blackoutDates: profile.blackoutDates,
    media: profile.media,
    trust: profile.trust,
    exclusiveContent: profile.exclusiveContent,
    ...(profile.exclusiveScores && { exclusiveScores: profile.exclusiveScores }),
    aiVisibilityScore: profile.aiVisibilityScore,
    status: profile.status,
    publicPage: presentPublicPage(profile),
    operatingStatus: operatingStatusOf(profile),
    lastVerifiedAt: profile.lastVerifiedAt ?? null,
    lastVerifiedBy: profile.lastVerifiedBy ?? null,
    createdAt: profile.createdAt,
    updatedAt: profile.updatedAt,
  };
}

/** The owner's page setting and where the page is (null while there is none). */
export function presentPublicPage(profile: BusinessProfile) {
  return { setting: profile.publicPage ?? DEFAULT_PUBLIC_PAGE, path: hasPublicPage(profile) ? publicPagePath(profile) : null };
}
