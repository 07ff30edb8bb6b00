// The canonical business profile and its parts (spec 2.2-2.4, 2.6).
// Pure types: every adapter and the HTTP layer speak these shapes.
import type { VerifiedBy } from './freshness/informationConfirmation';
import type { OperatingStatus } from './freshness/operatingStatus';
import type { CountryCode } from './countries';
import type { CurrencyCode } from './currencies';
import type { ServicePayment } from './servicePayment';

/** Data partition. `test` holds what sk_test_ keys create (sandbox), `live` everything else. */
export type Environment = 'live' | 'test';

export type ProfileStatus = 'draft' | 'published';

/** The owner's choice for the business's public web page (domain/publicPage/publicVisibility.ts). */
export const PUBLIC_PAGE_SETTINGS = ['indexed', 'noindex', 'off'] as const;
export type PublicPageSetting = (typeof PUBLIC_PAGE_SETTINGS)[number];

/** Ordered from weakest to strongest; `none` until an admin approves a request. */
export const VERIFICATION_LEVELS = ['none', 'basic', 'verified', 'premium', 'certified'] as const;
export type VerificationLevel = (typeof VERIFICATION_LEVELS)[number];

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface Address {
  street?: string;
  city?: string;
  state?: string;
  country?: CountryCode; // ISO 3166-1 alpha-2
  postalCode?: string;
}

/** WGS 84 degrees; every check of a latitude or longitude reads its bounds from here. */
export interface Coordinates {
  lat: number;
  lon: number;
}

export const LATITUDE = { minimum: -90, maximum: 90 } as const;
export const LONGITUDE = { minimum: -180, maximum: 180 } as const;

/** Whether `value` is a number within `range` (LATITUDE or LONGITUDE). */
export function isWithin(value: unknown, range: { minimum: number; maximum: number }): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= range.minimum && value <= range.maximum;
}

export interface Location {
  address?: Address;
  coordinates?: Coordinates;
}

/** A stored profile's location: one stored before a PATCH of `location: null` kept an empty object has none. */
export function locationOf(profile: { location: Location }): Location {
  return (profile as { location?: Location }).location ?? {};
}

export interface Contact {
  phone?: string; // E.164 after normalisation
  email?: string;
  website?: string; // https URL
}

export type Pricing =
  | { type: 'fixed'; currency: CurrencyCode; amount: number }
  | { type: 'range'; currency: CurrencyCode; minAmount: number; maxAmount: number }
  | { type: 'hourly'; currency: CurrencyCode; amount: number };

export interface Service {
  id: string; // svc_
  name: string;
  description?: string;
  category?: string;
  pricing?: Pricing;
  /** Minutes. */
  duration?: number;
  /** Bookings one start time takes at once (chairs, tables, staff); absent means 1. */
  capacity?: number;
  bookable: boolean;
  requiresQuote: boolean;
  /** Whether booking it takes payment, and its refund rule; absent: none. */
  payment?: ServicePayment;
  createdAt: string;
  updatedAt: string;
}

/** What a client sends for a service; the store adds the id and timestamps. */
export type ServiceFields = Omit<Service, 'id' | 'createdAt' | 'updatedAt'>;

/** `close` earlier than `open` means the business closes after midnight. */
export type DayHours = { open: string; close: string } | { closed: true };
export type WeeklyHours = Partial<Record<Weekday, DayHours>>;

/** The same week with its days in calendar order, Monday first, as people read a timetable. */
export function inWeekdayOrder(hours: WeeklyHours): WeeklyHours {
  const ordered: WeeklyHours = {};
  for (const day of WEEKDAYS) if (hours[day] !== undefined) ordered[day] = hours[day];
  return ordered;
}

export interface ProfileMedia {
  logo?: string; // URL
  photos: string[]; // URLs
  videos: string[]; // URLs
}

export interface Trust {
  verificationLevel: VerificationLevel;
  averageRating: number; // 0..5
  totalReviews: number;
}

export interface ExclusiveContent {
  insiderTips?: string;
  localSecrets?: string;
  behindTheScenes?: string;
  sustainabilityPractices?: string;
}

export interface ExclusiveContentScores {
  visibilityScore: number; // 0..100
  uniquenessScore: number; // 0..100
}

/** Where an imported profile came from (`npm run import`, services/import). */
export interface ImportSource {
  /** The data set: "overture", "foursquare", or the name an operator gave their own file's rows. */
  dataset: string;
  /** The place's id in that data set. */
  id: string;
  /** Digest of the row and import settings the profile was last written from: a re-import of the same row writes nothing. */
  digest: string;
  /** Set when a later import found the place gone (closed): why the profile was removed. */
  removedBecause?: string;
}

export interface BusinessProfile {
  id: string; // biz_
  environment: Environment;
  ownerId: string; // acct_
  name: string;
  /** The owner's own words ("dental clinic"), shown as written. */
  category: string;
  /**
   * The category's keys in the category taxonomy (domain/categories: ["amenity/dentist"]), computed
   * from `category` on every write; [] when the taxonomy does not know the label. Absent on a profile
   * stored before they existed, until the store's start-up backfill writes them.
   */
  categoryKeys?: string[];
  /** The taxonomy version categoryKeys were computed with (taxonomy.ts taxonomyVersion). */
  categoryTaxonomy?: string;
  description?: string;
  tagline?: string;
  location: Location;
  contact: Contact;
  services: Service[];
  hours: WeeklyHours;
  /** YYYY-MM-DD dates (in the business's local calendar) on which it is closed. */
  blackoutDates: string[];
  media: ProfileMedia;
  trust: Trust;
  exclusiveContent: ExclusiveContent;
  exclusiveScores?: ExclusiveContentScores;
  /** 0..100, see domain/aiVisibilityScore.ts; recomputed on every write. */
  aiVisibilityScore: number;
  status: ProfileStatus;
  /** Normalised identity keys (name+postcode+country, phone) used for DUPLICATE_PROFILE; unique per environment. */
  dedupeKeys: string[];
  /** Monotonic revision, starts at 1; the ETag and the optimistic-concurrency token. */
  version: number;
  createdAt: string;
  updatedAt: string;
  deletedAt?: string;
  /** Set while the owning account is suspended: hidden from other callers and from search. */
  ownerSuspended?: true;
  /** The owner's choice for the public web page (domain/publicPage/publicVisibility.ts); absent means indexed. */
  publicPage?: PublicPageSetting;
  /** The public page's slugs, current first (domain/publicPage/publicSlug.ts); given when first published. */
  publicSlugs?: string[];
  /** Set on a profile a bulk import wrote: the data set and row it came from. */
  source?: ImportSource;
  /** Whether it is trading (domain/freshness/operatingStatus.ts); absent means open. */
  operatingStatus?: OperatingStatus;
  /** When its information was last confirmed, by its owner or by an approved verification (domain/freshness/informationConfirmation.ts). */
  lastVerifiedAt?: string;
  lastVerifiedBy?: VerifiedBy;
}
