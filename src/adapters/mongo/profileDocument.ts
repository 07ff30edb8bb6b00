// Business profile <-> stored document. The derived fields exist only for queries and indexes and
// are recomputed on every write, so they can never disagree with the profile they came from.
import type { BusinessProfile, ExclusiveContent } from '../../domain/profile';
import type { BusinessDoc } from './schemas/businessSchema';

export const EXCLUSIVE_FIELDS: ReadonlyArray<keyof ExclusiveContent> = [
  'insiderTips',
  'localSecrets',
  'behindTheScenes',
  'sustainabilityPractices',
];

/** Categories compare case-insensitively. */
export function categoryKey(category: string): string {
  return category.trim().toLowerCase();
}

/** The non-empty exclusive-content fields, trimmed, in a fixed order. */
export function exclusiveTexts(content: ExclusiveContent): string[] {
  return EXCLUSIVE_FIELDS.map((field) => content[field]?.trim() ?? '').filter((text) => text !== '');
}

export function toBusinessDoc({ id, ...profile }: BusinessProfile): BusinessDoc {
  const coordinates = profile.location.coordinates;
  return {
    _id: id,
    ...profile,
    categoryKey: categoryKey(profile.category),
    hasExclusiveContent: exclusiveTexts(profile.exclusiveContent).length > 0,
    // GeoJSON order is [longitude, latitude].
    ...(coordinates ? { geo: { type: 'Point', coordinates: [coordinates.lon, coordinates.lat] } } : {}),
  };
}

export function toProfile(doc: BusinessDoc): BusinessProfile {
  const { _id, categoryKey: _key, hasExclusiveContent: _has, geo: _geo, webhookOutbox: _outbox, writeMarks: _marks, ...profile } = doc;
  return { id: _id, ...profile };
}
