// What the index stores per business: the SearchDocument, plus fields only searches read
// (mappings/profiles.json). Reads leave those out, so a stored document reads back unchanged.
import { encodeSchedule } from '../../domain/search/openingFilter';
import { postalKey, type SearchDocument } from '../../ports/searchIndex';

/** The opening schedule code (domain/search/openingFilter.ts), kept as a doc value for time filters. */
export const SCHEDULE_FIELD = 'openingSchedule';

/** postalKey of the address's postal code, for the postal code filter. */
export const POSTAL_KEY_FIELD = 'postalKey';

/** _source fields a SearchDocument does not have: every read excludes them. */
export const INDEX_ONLY_FIELDS = [SCHEDULE_FIELD, POSTAL_KEY_FIELD];

export type IndexedDocument = SearchDocument & { [SCHEDULE_FIELD]: string; [POSTAL_KEY_FIELD]: string };

export function indexedDocument(document: SearchDocument): IndexedDocument {
  return { ...document, [SCHEDULE_FIELD]: encodeSchedule(document), [POSTAL_KEY_FIELD]: postalKey(document.address.postalCode) };
}
