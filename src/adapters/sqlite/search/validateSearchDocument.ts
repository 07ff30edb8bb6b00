// Checks an incoming document before it is written. A bad document becomes a BulkFailure for
// its id (the batch goes on), the way Elasticsearch reports a per-item mapping error, instead of
// an exception that would stall the indexer on one poisoned record.
import { isWithin, LATITUDE, LONGITUDE, VERIFICATION_LEVELS } from '../../../domain/profile';
import type { SearchDocument } from '../../../ports/searchIndex';

// Every field of SearchDocument is checked (test/unit/records/searchDocumentShape.test.ts holds this
// check, the Elasticsearch mapping and the indexer's document to the same fields).
const TEXT_FIELDS = ['name', 'category', 'description', 'tagline', 'servicesText', 'exclusiveText', 'phone', 'website'] as const;
const OPTIONAL_STRING_LISTS = ['categoryKeys', 'categoryNames'] as const;
const OPTIONAL_STRINGS = ['timeZone', 'reopensOn', 'lastVerifiedAt'] as const;
const ADDRESS_FIELDS = ['street', 'city', 'state', 'postalCode', 'country'] as const;
const NUMBER_FIELDS = ['averageRating', 'reviewCount', 'completeness', 'aiVisibilityScore'] as const;

/** Why `value` cannot be indexed, or null when it can. */
export function searchDocumentProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return 'document must be an object';
  const doc = value as Partial<Record<keyof SearchDocument, unknown>>;
  if (typeof doc.id !== 'string' || doc.id.length === 0) return 'id must be a non-empty string';
  if (doc.environment !== 'live' && doc.environment !== 'test') return 'environment must be live or test';
  for (const field of TEXT_FIELDS) {
    if (typeof doc[field] !== 'string') return `${field} must be a string`;
  }
  const address = doc.address as Record<string, unknown> | null | undefined;
  if (typeof address !== 'object' || address === null) return 'address must be an object';
  for (const field of ADDRESS_FIELDS) {
    if (typeof address[field] !== 'string') return `address.${field} must be a string`;
  }
  if (!(VERIFICATION_LEVELS as readonly unknown[]).includes(doc.verificationLevel)) {
    return `verificationLevel must be one of ${VERIFICATION_LEVELS.join(', ')}`;
  }
  for (const field of NUMBER_FIELDS) {
    if (!isFiniteNumber(doc[field])) return `${field} must be a finite number`;
  }
  for (const field of OPTIONAL_STRING_LISTS) {
    if (doc[field] !== undefined && !isStringList(doc[field])) return `${field} must be a list of strings`;
  }
  if (typeof doc.hours !== 'object' || doc.hours === null || Array.isArray(doc.hours)) return 'hours must be an object';
  if (!isStringList(doc.blackoutDates)) return 'blackoutDates must be a list of strings';
  for (const field of OPTIONAL_STRINGS) {
    if (doc[field] !== undefined && typeof doc[field] !== 'string') return `${field} must be a string`;
  }
  if (doc.operatingStatus !== undefined && doc.operatingStatus !== 'temporarily_closed') return 'operatingStatus must be temporarily_closed when present';
  if (doc.minPrice !== undefined && !isFiniteNumber(doc.minPrice)) return 'minPrice must be a finite number';
  if (doc.minPriceCurrency !== undefined && typeof doc.minPriceCurrency !== 'string') return 'minPriceCurrency must be a string';
  if (doc.coordinates !== undefined) {
    if (typeof doc.coordinates !== 'object' || doc.coordinates === null) return 'coordinates must be an object';
    const { lat, lon } = doc.coordinates as { lat?: unknown; lon?: unknown };
    if (!isWithin(lat, LATITUDE)) return `coordinates.lat must be between ${LATITUDE.minimum} and ${LATITUDE.maximum}`;
    if (!isWithin(lon, LONGITUDE)) return `coordinates.lon must be between ${LONGITUDE.minimum} and ${LONGITUDE.maximum}`;
  }
  if (typeof doc.updatedAt !== 'string') return 'updatedAt must be a string';
  return null;
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}
