// The search document has one shape: what the indexer writes (domain/search/searchDocument.ts), the
// Elasticsearch mapping (mappings/profiles.json, dynamic: strict) and the SQLite index's check of an
// incoming document (adapters/sqlite/search/validateSearchDocument.ts) must name the same fields,
// and the check must refuse a value of another type than the mapping's for every one of them.
import mapping from '../../../mappings/profiles.json';
import { indexedDocument } from '../../../src/adapters/elasticsearch/indexedDocument';
import { searchDocumentProblem } from '../../../src/adapters/sqlite/search/validateSearchDocument';
import type { SearchDocument } from '../../../src/ports/searchIndex';
import { fixtureDocument } from '../../fixtures/searchDocuments';

interface MappedField {
  type?: string;
  properties?: Record<string, MappedField>;
}

const PROPERTIES: Record<string, MappedField> = mapping.mappings.properties;
/** Fields only Elasticsearch stores, derived from the document when it is written (indexedDocument.ts), and aliases. */
const ELASTICSEARCH_ONLY = ['openingSchedule', 'postalKey', 'location'];

/** A document with every optional field present. */
const FULL: SearchDocument = {
  ...fixtureDocument('biz_aus_pizza'),
  coordinates: { lat: 30.27, lon: -97.74 },
  categoryKeys: ['amenity/restaurant'],
  categoryNames: ['Restaurant'],
  minPrice: 12,
  minPriceCurrency: 'USD',
  timeZone: 'America/Chicago',
  operatingStatus: 'temporarily_closed',
  reopensOn: '2026-12-01',
  lastVerifiedAt: '2026-11-01T09:00:00.000Z',
};

/** A value no field of this mapping type accepts. */
function wrongValueFor(field: MappedField): unknown {
  switch (field.type) {
    case 'keyword':
    case 'text':
    case 'date':
      return 42;
    case 'double':
    case 'float':
    case 'integer':
      return 'many';
    case 'geo_point':
      return { lat: 'north', lon: 0 };
    default:
      return 42; // objects stored without indexing (hours, blackoutDates)
  }
}

describe('the search document, its mapping and its check describe one record', () => {
  it('maps every field the indexer writes and writes every field it maps', () => {
    const written = Object.keys(indexedDocument(FULL)).sort();
    const mapped = Object.keys(PROPERTIES).filter((name) => name !== 'location').sort();
    expect(written).toEqual(mapped);
    expect(Object.keys(FULL).sort()).toEqual(mapped.filter((name) => !ELASTICSEARCH_ONLY.includes(name)));
  });

  it('accepts the full document', () => {
    expect(searchDocumentProblem(FULL)).toBeNull();
  });

  const checked = Object.entries(PROPERTIES).filter(([name]) => !ELASTICSEARCH_ONLY.includes(name));
  it.each(checked)('refuses %s of another type than the mapping\'s', (name, field) => {
    if (field.properties) {
      for (const [inner, innerField] of Object.entries(field.properties)) {
        const document = { ...FULL, [name]: { ...(FULL[name as keyof SearchDocument] as object), [inner]: wrongValueFor(innerField) } };
        expect(searchDocumentProblem(document)).toContain(`${name}.${inner}`);
      }
      return;
    }
    expect(searchDocumentProblem({ ...FULL, [name]: wrongValueFor(field) })).toContain(name);
  });
});
