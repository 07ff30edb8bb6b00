// The public shape of a profile (spec 2.2): internal bookkeeping (owner, partition,
// dedupe keys, revision) stays inside.
import type { BusinessProfile } from '../../domain/profile';

export function presentProfile(profile: BusinessProfile) {
  return {
    id: profile.id,
    name: profile.name,
    category: profile.category,
    description: profile.description ?? '',
    tagline: profile.tagline ?? '',
    location: profile.location,
    contact: profile.contact,
    services: profile.services,
    hours: profile.hours,
    blackoutDates: profile.blackoutDates,
    media: profile.media,
    trust: profile.trust,
    exclusiveContent: profile.exclusiveContent,
    ...(profile.exclusiveScores && { exclusiveScores: profile.exclusiveScores }),
    aiVisibilityScore: profile.aiVisibilityScore,
    status: profile.status,
    createdAt: profile.createdAt,
    updatedAt: profile.updatedAt,
  };
}
