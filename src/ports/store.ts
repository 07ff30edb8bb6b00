// The persistence port. Adapters: adapters/sqlite (embedded default), adapters/mongo.
// Rules every adapter keeps (checked by test/contract/store.contract.ts):
// - records go in and come out as the domain types, nothing engine-specific leaks;
// - uniqueness breaks throw ConflictError (DUPLICATE_EMAIL, DUPLICATE_PROFILE, VERIFICATION_PENDING);
// - a profile write and its change-feed entry commit together;
// - profile replace is a compare-and-swap on `version` (PreconditionFailedError on mismatch);
// - `events` given to a write are stored in the webhook outbox if and only if the write is stored.
import type { Account, ApiKeyRecord, CustomLimits, RefreshTokenRecord } from '../domain/account';
import type { Booking, BookingPosition, BookingStatus } from '../domain/bookings/booking';
import type { MediaRecord } from '../domain/media';
import type { RatingHistogram } from '../domain/reviews/ratingSummary';
import type { Review, ReviewPosition, ReviewSort } from '../domain/reviews/review';
import type { BusinessProfile, Environment } from '../domain/profile';
import type { VerificationRequest, VerificationStatus } from '../domain/verification';
import type { WebhookEvent } from '../domain/webhooks/webhookRecords';
import type { WebhookRepository } from './webhookRepository';
import type { ChangeFeed } from './changeFeed';
import type { IdempotencyKeyRepository } from './idempotencyKeys';
import type { PartnerAgreementRepository } from './partnerAgreements';
import type { ListPage, ListPageOptions } from '../domain/listPage';
import type { SummaryReportRepository } from './summaryReports';
import type { InformationReportRepository } from './informationReports';
import type { PublishedPage } from '../domain/publicPage/publishedListing';
import type { PaymentStore } from './payments';

export type AccountPatch = Partial<Pick<Account, 'plan' | 'role' | 'suspended' | 'name'>> & {
  /** null clears them (the plan's own limits apply again). */
  customLimits?: CustomLimits | null;
};

export interface AccountRepository {
  /** ConflictError('DUPLICATE_EMAIL') when the (lower-cased) email exists. */
  create(account: Account): Promise<Account>;
  findById(id: string): Promise<Account | null>;
  findByEmail(email: string): Promise<Account | null>;
  /** Returns null when the account does not exist. */
  update(id: string, patch: AccountPatch, at: string): Promise<Account | null>;
  countAdmins(): Promise<number>;
}

export interface ApiKeyRepository {
  create(key: ApiKeyRecord): Promise<ApiKeyRecord>;
  findByHash(hash: string): Promise<ApiKeyRecord | null>;
  /** Newest first, revoked included. */
  listByAccount(accountId: string): Promise<ApiKeyRecord[]>;
  /** Sets revokedAt if the key belongs to the account and is not revoked yet; null when not found. */
  revoke(accountId: string, keyId: string, at: string): Promise<ApiKeyRecord | null>;
  touch(keyId: string, at: string): Promise<void>;
}

export interface RefreshTokenRepository {
  create(token: RefreshTokenRecord): Promise<void>;
  findByHash(hash: string): Promise<RefreshTokenRecord | null>;
  /** Atomically marks an unused, unrevoked token as used. False when it was already used or revoked (reuse). */
  markUsed(id: string, at: string): Promise<boolean>;
  revokeFamily(familyId: string, at: string): Promise<void>;
}

export interface ProfileListOptions {
  /** Opaque cursor returned by the previous page. */
  after?: string;
  limit: number;
}

export interface ProfilePage {
  profiles: BusinessProfile[];
  next?: string;
}

export type { ListPage, ListPageOptions, ListPosition } from '../domain/listPage';

export type VerificationDecision = {
  status: 'approved' | 'rejected';
  decidedBy: string;
  decisionNote?: string;
  decidedAt: string;
};

/** One profile of a bulk import (ProfileRepository.importMany). */
export interface ProfileImportWrite {
  profile: BusinessProfile;
  /** The stored version this write replaces (compare-and-swap; profile.version is one more); absent for a new profile. */
  replaces?: number;
}

/** What became of one write of importMany. */
export type ProfileImportOutcome =
  | { stored: true }
  /** Another live profile holds one of its dedupe keys: `key` (as dedupeKeys lists it) and that profile's id. */
  | { stored: false; reason: 'duplicate'; key: string; heldBy: string }
  /** A new profile whose id is taken, or a replace of a version no longer stored. */
  | { stored: false; reason: 'stale' };

export interface ProfileRepository {
  /** ConflictError('DUPLICATE_PROFILE') when any dedupe key is taken by a live profile of the environment. */
  create(profile: BusinessProfile, events?: readonly WebhookEvent[]): Promise<BusinessProfile>;
  /**
   * Bulk load (imports, benchmarks): creates every profile as create() would, without webhook
   * events, all or nothing. A dedupe key taken by a live profile, or by another profile of the
   * batch, refuses the whole batch (ConflictError('DUPLICATE_PROFILE')) and stores none of it.
   */
  createMany(profiles: readonly BusinessProfile[]): Promise<void>;
  /**
   * Bulk import: stores each write as create() (without `replaces`) or replace() would, each with
   * its change-feed entry and without webhook events, and answers one outcome per write, in order.
   * A write whose dedupe key another live profile holds (stored before, or by an earlier write of
   * this call) is not stored; nor is a new profile whose id is taken or a replace whose version
   * moved. SQLite stores the whole call in one transaction. MongoDB has no transactions here: a
   * crash midway leaves the writes before it stored, which a repeated import finds unchanged.
   */
  importMany(writes: readonly ProfileImportWrite[]): Promise<ProfileImportOutcome[]>;
  /** Which profile holds each of these dedupe keys in one environment (keys nobody holds are left out). */
  keyHolders(environment: Environment, keys: readonly string[]): Promise<Map<string, string>>;
  /** The profiles of one environment among `ids`, deleted ones included; unknown ids are left out. */
  getMany(environment: Environment, ids: readonly string[]): Promise<BusinessProfile[]>;
  /** Deleted profiles are returned only with includeDeleted. */
  get(environment: Environment, id: string, options?: { includeDeleted?: boolean }): Promise<BusinessProfile | null>;
  /** Non-deleted profiles of an owner, oldest first. */
  listByOwner(environment: Environment, ownerId: string): Promise<BusinessProfile[]>;
  /** The same profiles a page at a time, oldest first by (createdAt, id). */
  pageByOwner(environment: Environment, ownerId: string, options: ListPageOptions): Promise<ListPage<BusinessProfile>>;
  /**
   * Compare-and-swap: stores `next` only if the stored version equals `expectedVersion`
   * (PreconditionFailedError otherwise). The caller sets next.version = expectedVersion + 1.
   * Dedupe keys are re-checked (ConflictError). Setting deletedAt releases the keys.
   */
  replace(next: BusinessProfile, expectedVersion: number, events?: readonly WebhookEvent[]): Promise<BusinessProfile>;
  /** Exclusive content of other live profiles in a category (for uniqueness scoring), newest first. */
  exclusiveContentInCategory(
    environment: Environment,
    category: string,
    excludeId: string,
    limit: number,
  ): Promise<Array<{ id: string; text: string }>>;
  /** Every non-deleted profile, all environments, in a stable order: for full reindexes. */
  scan(options: ProfileListOptions): Promise<ProfilePage>;
  /** How many profiles scan() walks through (reindex progress). */
  countScannable(): Promise<number>;
  /** The non-deleted profile of the environment that holds this public page slug (current or older), or null. */
  findBySlug(environment: Environment, slug: string): Promise<BusinessProfile | null>;
  /**
   * Published, non-deleted live profiles as listing rows, ordered by id, a page at a time: what the
   * sitemaps and llms.txt walk (publicPage/publicVisibility.ts decides which of them are listed).
   */
  pagePublished(options: ProfileListOptions): Promise<PublishedPage>;
}

export interface VerificationRepository {
  /** ConflictError('VERIFICATION_PENDING') when the business already has a pending request. */
  create(request: VerificationRequest, events?: readonly WebhookEvent[]): Promise<VerificationRequest>;
  get(id: string): Promise<VerificationRequest | null>;
  /** Newest first. */
  listByBusiness(environment: Environment, businessId: string): Promise<VerificationRequest[]>;
  /** Pending requests of one environment, oldest first by (createdAt, id): the admin queue. */
  listPending(environment: Environment, options: ListPageOptions): Promise<ListPage<VerificationRequest>>;
  /**
   * Moves a request from `from` (default pending) to approved/rejected, atomically; null when it
   * is not in `from` (or unknown). `from: 'approved'` undoes an approval whose effect failed.
   */
  decide(
    id: string,
    decision: VerificationDecision,
    from?: Extract<VerificationStatus, 'pending' | 'approved'>,
    /** Stored only when the request moved. */
    eventsFor?: (decided: VerificationRequest) => readonly WebhookEvent[],
  ): Promise<VerificationRequest | null>;
  /** Rejects every pending request of a business (its profile was deleted); returns them decided. */
  rejectPendingOfBusiness(
    environment: Environment,
    businessId: string,
    decision: Omit<VerificationDecision, 'status'>,
    eventsFor?: (decided: VerificationRequest) => readonly WebhookEvent[],
  ): Promise<VerificationRequest[]>;
}

export interface MediaRepository {
  create(record: MediaRecord, events?: readonly WebhookEvent[]): Promise<MediaRecord>;
  /** Deleted records are not returned. */
  get(id: string): Promise<MediaRecord | null>;
  markDeleted(id: string, at: string): Promise<boolean>;
}

export interface ReviewPageOptions {
  sort: ReviewSort;
  after?: ReviewPosition;
  limit: number;
}

/** Reviews. Lists and counts see visible reviews only; get() returns hidden ones too. */
export interface ReviewRepository {
  /** ConflictError('DUPLICATE_REVIEW') when the author already reviewed the business in this environment. */
  create(review: Review, events?: readonly WebhookEvent[]): Promise<Review>;
  get(environment: Environment, id: string): Promise<Review | null>;
  /** The author's review of a business, hidden or not. */
  findByAuthor(environment: Environment, businessId: string, authorId: string): Promise<Review | null>;
  /** Compare-and-swap on `version` (PreconditionFailedError on mismatch); next.version = expectedVersion + 1. */
  replace(next: Review, expectedVersion: number, events?: readonly WebhookEvent[]): Promise<Review>;
  /**
   * Visible reviews of a business in `sort` order (newest: createdAt desc; highest / lowest: rating,
   * then newest first; id breaks ties), a page at a time, keyset-paged after `after`.
   */
  page(environment: Environment, businessId: string, options: ReviewPageOptions): Promise<{ items: Review[]; next?: ReviewPosition }>;
  /** Visible reviews of a business counted per star. */
  histogram(environment: Environment, businessId: string): Promise<RatingHistogram>;
}

export interface BookingPageOptions {
  status?: BookingStatus;
  /** Bookings starting at or after this instant (ISO UTC). */
  from?: string;
  /** Bookings starting before this instant (ISO UTC). */
  to?: string;
  after?: BookingPosition;
  limit: number;
}

/** Bookings, with the seats of each start time they hold. */
export interface BookingRepository {
  /**
   * Stores the booking holding the lowest free seat of its (business, service, start), seats
   * 0..capacity-1; ConflictError('SLOT_UNAVAILABLE') when every one is held. Atomic: of two
   * callers racing for the last seat exactly one gets it. Returns the booking with its seat.
   */
  create(booking: Booking, capacity: number, events?: readonly WebhookEvent[]): Promise<Booking>;
  get(environment: Environment, id: string): Promise<Booking | null>;
  /** Compare-and-swap on `version`; a status that holds no seat releases the booking's seat. */
  replace(next: Booking, expectedVersion: number, events?: readonly WebhookEvent[]): Promise<Booking>;
  /**
   * The [start, end) of every booking of one service that holds a seat and overlaps [from, to)
   * (ISO UTC), earliest first. Bookings last at most a day (the longest duration).
   */
  heldSpans(environment: Environment, businessId: string, serviceId: string, from: string, to: string): Promise<Array<{ start: string; end: string }>>;
  /** A business's bookings ordered by (start, id), filtered, keyset-paged; total counts the filtered list. */
  pageByBusiness(environment: Environment, businessId: string, options: BookingPageOptions): Promise<{ items: Booking[]; next?: BookingPosition; total: number }>;
  /** The same for the bookings an account made. */
  pageByCreator(environment: Environment, accountId: string, options: BookingPageOptions): Promise<{ items: Booking[]; next?: BookingPosition; total: number }>;
  /** Bookings of every environment awaiting payment whose hold ran out by `now` (ISO), earliest hold first. */
  holdsExpiredBy(now: string, limit: number): Promise<Booking[]>;
  /** Bookings of every environment with a refund decided but not yet sent to the provider. */
  refundsDue(limit: number): Promise<Booking[]>;
}

/** The indexer's committed position per consumer name. */
export interface CheckpointRepository {
  load(consumer: string): Promise<string | null>;
  save(consumer: string, position: string): Promise<void>;
}

/** An AI platform name an admin added to the built-in list. */
export interface AnalyticsPlatformRecord {
  name: string;
  /** Shown in listings; defaults to the name. */
  displayName: string;
  createdBy: string;
  createdAt: string;
}

export interface AnalyticsPlatformRepository {
  /** ConflictError('DUPLICATE_PLATFORM') when the name is registered already. */
  add(record: AnalyticsPlatformRecord): Promise<AnalyticsPlatformRecord>;
  /** Alphabetical by name. */
  list(): Promise<AnalyticsPlatformRecord[]>;
  has(name: string): Promise<boolean>;
}

export interface Store {
  readonly accounts: AccountRepository;
  readonly apiKeys: ApiKeyRepository;
  readonly refreshTokens: RefreshTokenRepository;
  readonly profiles: ProfileRepository;
  readonly verifications: VerificationRepository;
  readonly media: MediaRepository;
  readonly reviews: ReviewRepository;
  readonly bookings: BookingRepository;
  readonly checkpoints: CheckpointRepository;
  readonly idempotencyKeys: IdempotencyKeyRepository;
  /** Webhook subscriptions, outbox and delivery log. */
  readonly webhooks: WebhookRepository;
  readonly analyticsPlatforms: AnalyticsPlatformRepository;
  /** Partnership agreements. */
  readonly partnerAgreements: PartnerAgreementRepository;
  /** Reports of wrong consumer-search summaries. */
  readonly summaryReports: SummaryReportRepository;
  /** Reports that a business closed or that its information is wrong (docs/visibility.md, freshness). */
  readonly informationReports: InformationReportRepository;
  /** Payments, businesses' provider accounts, plan subscriptions and the provider's notifications. */
  readonly payments: PaymentStore;
  readonly changeFeed: ChangeFeed;
  /** Cheap round trip for readiness checks. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
