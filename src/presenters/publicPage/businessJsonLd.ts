// The schema.org description of a business page, as JSON-LD: the most specific LocalBusiness type
// of its kind (domain/publicPage/schemaOrgType.ts), address and geo, weekly hours and upcoming
// closures, services as offers with their prices, rating and reviews, the booking action, its
// website and images. Typed with schema-dts, so a misspelt property or a wrong value type fails
// the build; test/http/publicPages checks the expanded graph against the schema.org vocabulary.
// Each part is its own function. A closure by the operating status is a special opening period
// from today; when the information was last confirmed is the page's lastReviewed.
import type {
  AggregateRating,
  FoodEstablishmentLeaf,
  LocalBusinessLeaf,
  Offer,
  OpeningHoursSpecification,
  PostalAddress,
  PriceSpecification,
  ReserveAction,
  Review as ReviewNode,
  UnitPriceSpecification,
  WebPage,
  WithContext,
} from 'schema-dts';
import { operatingStatusOf } from '../../domain/freshness/operatingStatus';
import { bookable as takesBookings } from './pageActions';
import { upcomingBlackoutDates } from '../../domain/blackoutDates';
import { publicMediaPath } from '../../domain/publicPage/publicVisibility';
import { schemaOrgTypeOf, typeHasProperty } from '../../domain/publicPage/schemaOrgType';
import type { PublicBusinessPage } from '../../domain/publicPage/publicBusinessPage';
import { WEEKDAYS, locationOf, type BusinessProfile, type Pricing, type Service } from '../../domain/profile';
import type { Review } from '../../domain/reviews/review';

/** A LocalBusiness whose @type is the subtype the data names (every one a LocalBusiness: checked by the tests). */
export type BusinessNode = WithContext<Omit<LocalBusinessLeaf, '@type'> & Partial<Pick<FoodEstablishmentLeaf, 'acceptsReservations'>> & { '@type': string }>;

const DAY_NAMES: Record<(typeof WEEKDAYS)[number], OpeningHoursSpecification['dayOfWeek']> = {
  monday: 'https://schema.org/Monday',
  tuesday: 'https://schema.org/Tuesday',
  wednesday: 'https://schema.org/Wednesday',
  thursday: 'https://schema.org/Thursday',
  friday: 'https://schema.org/Friday',
  saturday: 'https://schema.org/Saturday',
  sunday: 'https://schema.org/Sunday',
};
/** Upcoming closures listed at most: a page is no calendar. */
const MAX_SPECIAL_DAYS = 60;

const absolute = (page: PublicBusinessPage, path: string) => new URL(publicMediaPath(path), page.origin).toString();

function address(profile: BusinessProfile): PostalAddress | undefined {
  const at = locationOf(profile).address;
  if (!at) return undefined;
  return {
    '@type': 'PostalAddress',
    ...(at.street && { streetAddress: at.street }),
    ...(at.city && { addressLocality: at.city }),
    ...(at.state && { addressRegion: at.state }),
    ...(at.postalCode && { postalCode: at.postalCode }),
    ...(at.country && { addressCountry: at.country }),
  };
}

function weeklyHours(profile: BusinessProfile): OpeningHoursSpecification[] {
  return WEEKDAYS.flatMap((day) => {
    const hours = profile.hours[day];
    // A closing time before the opening one means after midnight, as schema.org reads it too.
    return hours && !('closed' in hours) ? [{ '@type': 'OpeningHoursSpecification' as const, dayOfWeek: DAY_NAMES[day], opens: hours.open, closes: hours.close }] : [];
  });
}

/** The day before `date` (YYYY-MM-DD). */
function dayBefore(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/**
 * Closed all day: opens and closes at 00:00 over the dates (the convention search engines read).
 * A closure by the operating status comes first: from today to the day before the reopening, or
 * with no end (permanently, or temporarily without a known reopening).
 */
function closures(page: PublicBusinessPage): OpeningHoursSpecification[] {
  const status = operatingStatusOf(page.profile);
  const closedFromToday: OpeningHoursSpecification[] =
    status.status === 'open' ? [] : [{ '@type': 'OpeningHoursSpecification', validFrom: page.today, ...(status.reopensOn !== undefined && { validThrough: dayBefore(status.reopensOn) }), opens: '00:00', closes: '00:00' }];
  const days = upcomingBlackoutDates(page.profile.blackoutDates, page.today)
    .filter((date) => status.status !== 'permanently_closed' && (status.status !== 'temporarily_closed' || (status.reopensOn !== undefined && date >= status.reopensOn)))
    .slice(0, MAX_SPECIAL_DAYS)
    .map((date): OpeningHoursSpecification => ({ '@type': 'OpeningHoursSpecification', validFrom: date, validThrough: date, opens: '00:00', closes: '00:00' }));
  return [...closedFromToday, ...days];
}

/** The page itself: when it last changed, and when the business last confirmed what it says (lastReviewed). */
function pageNode(page: PublicBusinessPage): WebPage {
  const { profile } = page;
  return {
    '@type': 'WebPage',
    '@id': page.url,
    url: page.url,
    dateModified: profile.updatedAt,
    ...(profile.lastVerifiedAt && { lastReviewed: profile.lastVerifiedAt.slice(0, 10) }),
  };
}

function priceSpecification(pricing: Pricing): PriceSpecification | UnitPriceSpecification {
  if (pricing.type === 'range') return { '@type': 'PriceSpecification', minPrice: pricing.minAmount, maxPrice: pricing.maxAmount, priceCurrency: pricing.currency };
  if (pricing.type === 'hourly') {
    // UN/CEFACT common code HUR: per hour.
    return { '@type': 'UnitPriceSpecification', price: pricing.amount, priceCurrency: pricing.currency, unitCode: 'HUR', unitText: 'hour' };
  }
  return { '@type': 'PriceSpecification', price: pricing.amount, priceCurrency: pricing.currency };
}

function offer(service: Service): Offer {
  return {
    '@type': 'Offer',
    itemOffered: {
      '@type': 'Service',
      name: service.name,
      ...(service.description && { description: service.description }),
      ...(service.category && { category: service.category }),
    },
    ...(service.pricing && { priceSpecification: priceSpecification(service.pricing) }),
  };
}

function rating(profile: BusinessProfile): AggregateRating | undefined {
  const { averageRating, totalReviews } = profile.trust;
  if (totalReviews === 0) return undefined;
  return { '@type': 'AggregateRating', ratingValue: averageRating, reviewCount: totalReviews, bestRating: 5, worstRating: 1 };
}

function review(item: Review): ReviewNode {
  return {
    '@type': 'Review',
    author: { '@type': 'Person', name: item.authorName },
    datePublished: item.createdAt.slice(0, 10),
    ...(item.text && { reviewBody: item.text }),
    reviewRating: { '@type': 'Rating', ratingValue: item.rating, bestRating: 5, worstRating: 1 },
  };
}

/** Booking goes through the API (POST /v1/bookings, as the MCP tool does): the action says where. */
function reserveAction(page: PublicBusinessPage): ReserveAction {
  return {
    '@type': 'ReserveAction',
    target: {
      '@type': 'EntryPoint',
      urlTemplate: absolute(page, '/v1/bookings'),
      httpMethod: 'POST',
      contentType: 'application/json',
      encodingType: 'application/json',
    },
  };
}

export function businessJsonLd(page: PublicBusinessPage): BusinessNode {
  const { profile } = page;
  const bookable = takesBookings(page);
  // Closed for good: no weekly hours to read as current.
  const closedForGood = operatingStatusOf(profile).status === 'permanently_closed';
  const images = [profile.media.logo, ...profile.media.photos].filter((url): url is string => url !== undefined).map((url) => absolute(page, url));
  const { coordinates } = locationOf(profile);
  const hours = closedForGood ? [] : weeklyHours(profile);
  const special = closures(page);
  const stars = rating(profile);
  const postal = address(profile);
  const type = schemaOrgTypeOf(profile.categoryKeys);
  return {
    '@context': 'https://schema.org',
    '@type': type,
    '@id': `${page.url}#business`,
    name: profile.name,
    url: page.url,
    mainEntityOfPage: pageNode(page),
    ...(profile.description && { description: profile.description }),
    ...(profile.tagline && { slogan: profile.tagline }),
    ...(postal && { address: postal }),
    ...(coordinates && { geo: { '@type': 'GeoCoordinates', latitude: coordinates.lat, longitude: coordinates.lon } }),
    ...(profile.contact.phone && { telephone: profile.contact.phone }),
    ...(profile.contact.email && { email: profile.contact.email }),
    ...(profile.contact.website && { sameAs: [profile.contact.website] }),
    ...(profile.media.logo && { logo: absolute(page, profile.media.logo) }),
    ...(images.length > 0 && { image: images }),
    ...(hours.length > 0 && { openingHoursSpecification: hours }),
    ...(special.length > 0 && { specialOpeningHoursSpecification: special }),
    ...(profile.services.length > 0 && { makesOffer: profile.services.map(offer) }),
    ...(stars && { aggregateRating: stars }),
    ...(page.reviews.length > 0 && { review: page.reviews.map(review) }),
    ...(typeHasProperty(type, 'acceptsReservations') && { acceptsReservations: bookable }),
    ...(bookable && { potentialAction: reserveAction(page) }),
  };
}

/** The JSON-LD as it goes inside <script type="application/ld+json">: "<" escaped so no text can close the element. */
export function jsonLdScriptText(node: unknown): string {
  return JSON.stringify(node).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
