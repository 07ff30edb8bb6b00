// Use cases on the business profile itself (spec 4.3): create, read, patch, delete,
// completion status, hours, blackout dates and exclusive content.
import { businessToday, upcomingBlackoutDates, withBlackoutDates } from '../domain/blackoutDates';
import { assessCompleteness } from '../domain/completeness';
import { ForbiddenError, ProfileNotFoundError, ValidationError } from '../domain/errors';
import { uniquenessScore, visibilityScore } from '../domain/exclusiveContentScores';
import { newTimeOrderedId } from '../domain/ids';
import { DEFAULT_CONFIRM_AFTER_DAYS } from '../domain/freshness/informationConfirmation';
import type { OperatingStatus } from '../domain/freshness/operatingStatus';
import { profileFreshness } from '../domain/freshness/profileFreshness';
import { mergePatch } from '../domain/mergePatch';
import type { Principal } from '../domain/principal';
import type { Static } from 'typebox';
import { type BusinessProfile, type Environment, type ExclusiveContent, inWeekdayOrder, locationOf, type WeeklyHours } from '../domain/profile';
import type { updateExclusiveContentBodySchema } from '../schemas/endpoints/exclusiveContent';
import type { updateProfileBodySchema } from '../schemas/endpoints/profile';
import type { hoursChangesSchema } from '../schemas/parts/hours';
import type { Store } from '../ports/store';
import { type Clock, etagOf, type ProfileAccess, type Revised, withDerivedFields } from './profileMutation';
import { assertServicesPayment, assertServicesPricing, newService, normalizeContact, normalizeLocation } from './profileInput';
import { draftProfile } from './profileDraft';
import type { PaymentAccountStatus } from '../domain/payments/paymentAccount';
import { profileEvents } from './webhooks/webhookEvents';

import type { CreateProfileInput } from './profileDraft';
export type { CreateProfileInput };
/** Changes to a profile: null clears a field (RFC 7396), objects merge, arrays replace. */
export type PatchProfileInput = Static<typeof updateProfileBodySchema>;

/** The days a change names: a day's new hours, or null to clear it. */
export type HoursChanges = Static<typeof hoursChangesSchema>;
type ExclusiveContentChanges = Static<typeof updateExclusiveContentBodySchema>;

/** How many other businesses' texts the uniqueness score compares against. */
const UNIQUENESS_SAMPLE = 500;

/** Days named in `changes` replace that whole day (open/close vs closed never mix); null clears the day. */
export function mergeHours(current: WeeklyHours, changes: HoursChanges): WeeklyHours {
  const next: Record<string, unknown> = { ...current };
  for (const [day, value] of Object.entries(changes)) {
    if (value === null) delete next[day];
    else next[day] = value;
  }
  return inWeekdayOrder(next as WeeklyHours);
}

/** Stored exclusive content equal field for field (a merge that changes nothing). */
function sameExclusiveContent(a: ExclusiveContent, b: ExclusiveContent): boolean {
  const fields = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof ExclusiveContent>;
  return [...fields].every((field) => a[field] === b[field]);
}

/**
 * The status a PATCH sends, checked against the business's own calendar: a reopening date only
 * with temporarily_closed, and not in the past. It replaces the stored status as a whole.
 */
export function changedOperatingStatus(change: OperatingStatus, profile: BusinessProfile, now: Date): OperatingStatus | undefined {
  if (change.reopensOn !== undefined) {
    if (change.status !== 'temporarily_closed') throw new ValidationError('operatingStatus.reopensOn', 'is accepted only with status temporarily_closed');
    const today = businessToday(locationOf(profile).coordinates, now);
    if (change.reopensOn < today) throw new ValidationError('operatingStatus.reopensOn', `must not be before today (${today} where the business is)`);
  }
  // Open is the default: stored as nothing, as on a profile that never had a status.
  return change.status === 'open' ? undefined : { status: change.status, ...(change.reopensOn !== undefined && { reopensOn: change.reopensOn }) };
}

export interface ProfileServiceDeps {
  store: Store;
  access: ProfileAccess;
  clock: Clock;
  /** Whether a business can take payments, for its status; absent or undefined where payments are not configured. */
  /** After how many days the status recommends confirming the information (CONFIRM_INFORMATION_AFTER_DAYS). */
  confirmAfterDays?: number;
  paymentStatus?: (environment: Environment, businessId: string) => Promise<{ status: PaymentAccountStatus; requirementsDue: string[] } | undefined>;
}

export function createProfileService({ store, access, clock, paymentStatus, confirmAfterDays = DEFAULT_CONFIRM_AFTER_DAYS }: ProfileServiceDeps) {
  async function create(principal: Principal, input: CreateProfileInput): Promise<BusinessProfile> {
    const now = clock();
    const draft = draftProfile(input, { id: newTimeOrderedId('biz', now.getTime()), environment: principal.environment, ownerId: principal.accountId }, now);
    const profile = withDerivedFields(draft, now);
    return store.profiles.create(profile, profileEvents(null, profile, now));
  }

  async function patch(principal: Principal, id: string, input: PatchProfileInput, ifMatch?: string): Promise<BusinessProfile> {
    assertServicesPricing(input.services);
    return access.mutate(
      principal,
      id,
      (current, now) => {
        const { status, services, contact, hours, location: locationPatch, operatingStatus, ...rest } = input;
        const location = normalizeLocation(locationPatch);
        let next = mergePatch(current, rest);
        if (operatingStatus !== undefined) {
          const { operatingStatus: _previous, ...others } = next;
          const changed = changedOperatingStatus(operatingStatus, next, now);
          next = changed ? { ...others, operatingStatus: changed } : others;
        }
        // null clears to what a create without the field stores: readers rely on the object being there.
        if (location !== undefined) next = { ...next, location: location === null ? {} : mergePatch(locationOf(current), location) };
        if (hours !== undefined) next = { ...next, hours: hours === null ? {} : mergeHours(current.hours, hours) };
        if (contact !== undefined) {
          const mergedContact = contact === null ? {} : mergePatch(current.contact, contact);
          next = { ...next, contact: normalizeContact(mergedContact, locationOf(next).address?.country) };
        }
        // Arrays replace (merge-patch rule): a new services list gets fresh ids.
        if (services !== undefined) {
          next = { ...next, services: (services ?? []).map((service) => newService(service, now)) };
          assertServicesPayment(next.services);
        }
        if (status !== undefined) next = { ...next, status: nextStatus(next, status) };
        return next;
      },
      { ifMatch },
    );
  }

  function nextStatus(profile: BusinessProfile, requested: BusinessProfile['status']): BusinessProfile['status'] {
    if (requested === 'published' && profile.status !== 'published') {
      const { missingForPublish } = assessCompleteness(profile);
      if (missingForPublish.length > 0) {
        throw new ValidationError(
          'status',
          `cannot publish until these are filled in: ${missingForPublish.join(', ')}`,
          `The profile is not complete enough to publish; missing: ${missingForPublish.join(', ')}`,
        );
      }
    }
    return requested;
  }

  async function remove(principal: Principal, id: string, ifMatch?: string): Promise<{ id: string; deleted: true }> {
    // Soft delete: reads and search drop it, the record stays for audit.
    await access.mutate(principal, id, (current, now) => ({ ...current, deletedAt: now.toISOString() }), { ifMatch });
    return { id, deleted: true };
  }

  async function status(principal: Principal, businessId?: string) {
    let profile: BusinessProfile;
    if (businessId) {
      profile = await access.owned(principal, businessId);
    } else {
      const owned = await store.profiles.listByOwner(principal.environment, principal.accountId);
      if (owned.length === 0) throw new ProfileNotFoundError('(none: this account has no business profile yet)');
      if (owned.length > 1) {
        throw new ValidationError('businessId', `is required because this account owns ${owned.length} profiles`);
      }
      profile = owned[0];
    }
    const { profileComplete, completionPercentage, missingFields, recommendedFields, recommendations } = assessCompleteness(profile);
    const payments = await paymentStatus?.(profile.environment, profile.id);
    const openReports = await store.informationReports.page({ environment: profile.environment, businessId: profile.id, status: 'open' }, { limit: 1 });
    const { freshness, advice } = profileFreshness(profile, confirmAfterDays, clock(), openReports.total);
    return {
      businessId: profile.id,
      profileComplete,
      completionPercentage,
      status: profile.status,
      missingFields,
      recommendedFields,
      recommendations: [...recommendations, ...advice],
      freshness,
      ...(payments && { payments }),
    };
  }

  /** The owner says the profile's information is still correct: lastVerifiedAt is now. */
  async function confirm(principal: Principal, id: string, ifMatch?: string) {
    const saved = await access.mutate(principal, id, (current, now) => ({ ...current, lastVerifiedAt: now.toISOString(), lastVerifiedBy: 'owner' as const }), { ifMatch });
    return revised(saved, { id: saved.id, lastVerifiedAt: saved.lastVerifiedAt as string, lastVerifiedBy: 'owner' as const, updatedAt: saved.updatedAt });
  }

  async function setHours(principal: Principal, id: string, hours: HoursChanges, ifMatch?: string) {
    const saved = await access.mutate(principal, id, (current) => ({ ...current, hours: mergeHours(current.hours, hours) }), { ifMatch });
    return revised(saved, { id: saved.id, hours: saved.hours, updatedAt: saved.updatedAt });
  }

  async function addBlackoutDates(principal: Principal, id: string, dates: string[], ifMatch?: string) {
    const saved = await access.mutate(
      principal,
      id,
      (current, now) => ({
        ...current,
        blackoutDates: withBlackoutDates(current.blackoutDates, dates, businessToday(locationOf(current).coordinates, now)),
      }),
      { ifMatch },
    );
    return revised(saved, { id: saved.id, blackoutDates: saved.blackoutDates, updatedAt: saved.updatedAt });
  }

  async function removeBlackoutDates(principal: Principal, id: string, dates: string[], ifMatch?: string) {
    const removing = new Set(dates);
    const saved = await access.mutate(
      principal,
      id,
      (current, now) => ({
        ...current,
        blackoutDates: upcomingBlackoutDates(current.blackoutDates, businessToday(locationOf(current).coordinates, now)).filter((date) => !removing.has(date)),
      }),
      { ifMatch },
    );
    return revised(saved, { id: saved.id, blackoutDates: saved.blackoutDates, updatedAt: saved.updatedAt });
  }

  async function listBlackoutDates(principal: Principal, id: string) {
    const profile = await access.owned(principal, id);
    return { id: profile.id, blackoutDates: profile.blackoutDates };
  }

  async function setExclusiveContent(principal: Principal, id: string, content: ExclusiveContentChanges, ifMatch?: string) {
    const current = await access.owned(principal, id);
    const others = await store.profiles.exclusiveContentInCategory(principal.environment, current.category, id, UNIQUENESS_SAMPLE);
    const otherTexts = others.map((other) => other.text);
    function scoresOf(merged: ExclusiveContent) {
      const text = Object.values(merged).filter(Boolean).join('\n');
      return { visibilityScore: visibilityScore(merged), uniquenessScore: text === '' ? 0 : uniquenessScore(text, otherTexts) };
    }
    let result = { updated: false, visibilityScore: 0, uniquenessScore: 0 };
    // Merged onto the revision being written, so a concurrent change of another field is kept.
    const saved = await access.mutate(
      principal,
      id,
      (latest) => {
        const merged = mergePatch(latest.exclusiveContent, content);
        if (sameExclusiveContent(merged, latest.exclusiveContent)) {
          // Nothing to store: the revision (ETag) and updatedAt stay, and the answer says so.
          result = { updated: false, ...(latest.exclusiveScores ?? scoresOf(merged)) };
          return latest;
        }
        const scores = scoresOf(merged);
        result = { updated: true, ...scores };
        return { ...latest, exclusiveContent: merged, exclusiveScores: scores };
      },
      { ifMatch },
    );
    return revised(saved, result);
  }

  function revised<T>(saved: BusinessProfile, value: T): Revised<T> {
    return { value, etag: etagOf(saved) };
  }

  async function read(principal: Principal, id: string): Promise<BusinessProfile> {
    return access.readable(principal, id);
  }

  /** Guards routes that act on "the caller's business" without an id in the path. */
  async function resolveOwned(principal: Principal, businessId?: string): Promise<BusinessProfile> {
    if (businessId) return access.owned(principal, businessId);
    const owned = await store.profiles.listByOwner(principal.environment, principal.accountId);
    if (owned.length === 1) return owned[0];
    if (owned.length === 0) throw new ForbiddenError('This account has no business profile in this environment');
    throw new ValidationError('businessId', `is required because this account owns ${owned.length} profiles`);
  }

  return { create, read, patch, remove, status, confirm, setHours, addBlackoutDates, removeBlackoutDates, listBlackoutDates, setExclusiveContent, resolveOwned };
}

export type ProfileService = ReturnType<typeof createProfileService>;
