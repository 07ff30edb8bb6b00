// A new profile from what a creator hands in: the API's create (profileService.ts) and the bulk
// import (services/import) build it the same way, so both store the same shape from the same input.
// The input has passed createProfileBodySchema; the derived fields (category keys, dedupe keys,
// scores) are added by withDerivedFields afterwards.
import type { Static } from 'typebox';
import { type BusinessProfile, inWeekdayOrder } from '../domain/profile';
import type { createProfileBodySchema } from '../schemas/endpoints/profile';
import { assertServicesPayment, assertServicesPricing, newService, normalizeContact, normalizeLocation } from './profileInput';

/** A new profile as its schema describes it, checked (services' flags defaulted). */
export type CreateProfileInput = Static<typeof createProfileBodySchema>;

/** Who the new profile belongs to and what it is called. */
export type ProfileIdentity = Pick<BusinessProfile, 'id' | 'environment' | 'ownerId'>;

/**
 * The profile a create stores (a draft with no trust, media or exclusive content yet), before its
 * derived fields. Throws ValidationError for what the schema cannot check: a price finer than its
 * currency allows, a payment rule its service cannot carry, a phone number that is not one.
 */
export function draftProfile(input: CreateProfileInput, identity: ProfileIdentity, now: Date): BusinessProfile {
  assertServicesPricing(input.services);
  const services = (input.services ?? []).map((service) => newService(service, now));
  assertServicesPayment(services);
  const at = now.toISOString();
  const location = normalizeLocation(input.location) ?? {};
  return {
    ...identity,
    name: input.name,
    category: input.category,
    ...(input.description !== undefined && { description: input.description }),
    ...(input.tagline !== undefined && { tagline: input.tagline }),
    location,
    contact: normalizeContact(input.contact, location.address?.country),
    services,
    hours: inWeekdayOrder(input.hours ?? {}),
    blackoutDates: [],
    media: { photos: [], videos: [] },
    trust: { verificationLevel: 'none', averageRating: 0, totalReviews: 0 },
    exclusiveContent: {},
    aiVisibilityScore: 0,
    status: 'draft',
    dedupeKeys: [],
    version: 1,
    createdAt: at,
    updatedAt: at,
  };
}
