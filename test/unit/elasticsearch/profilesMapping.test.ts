// mappings/profiles.json is data: these tests keep it in step with the code that relies on it
// (the port's SearchDocument, the query builder's field names, the domain's synonym table).
// That the engine accepts it and its analysers behave is proven by the integration suite.
import definition from '../../../mappings/profiles.json';
import { SCHEDULE_FIELD } from '../../../src/adapters/elasticsearch/indexedDocument';
import { TEXT_FIELDS } from '../../../src/adapters/elasticsearch/queryBuilder';
import { searchDocuments } from '../../fixtures/searchDocuments';

interface FieldMapping {
  type?: string;
  path?: string;
  analyzer?: string;
  search_analyzer?: string;
  normalizer?: string;
  enabled?: boolean;
  properties?: Record<string, FieldMapping>;
  fields?: Record<string, FieldMapping>;
}

const root: FieldMapping & { dynamic: string } = definition.mappings;
const analysis: {
  analyzer: Record<string, { filter: string[] }>;
  normalizer: Record<string, unknown>;
  filter: Record<string, { type: string; synonyms?: string[] }>;
} = definition.settings.analysis;

/** The mapping of a dotted path, through object properties and multi-field subfields. */
function fieldAt(path: string): FieldMapping | undefined {
  let current: FieldMapping | undefined = root;
  for (const part of path.split('.')) current = current?.properties?.[part] ?? current?.fields?.[part];
  return current;
}

const everyField = (mapping: FieldMapping): FieldMapping[] => [
  mapping,
  ...Object.values(mapping.properties ?? {}).flatMap(everyField),
  ...Object.values(mapping.fields ?? {}).flatMap(everyField),
];

describe('mappings/profiles.json', () => {
  it('rejects unknown fields (dynamic: strict)', () => {
    expect(root.dynamic).toBe('strict');
  });

  it('maps every field a search document can carry', () => {
    for (const doc of searchDocuments) {
      for (const key of Object.keys(doc)) expect([key, fieldAt(key)]).toEqual([key, expect.any(Object)]);
      for (const key of Object.keys(doc.address)) expect([key, fieldAt(`address.${key}`)]).toEqual([key, expect.any(Object)]);
    }
  });

  it('has every field the query builder searches, filters or sorts on, with the right kind', () => {
    for (const boosted of TEXT_FIELDS) expect(fieldAt(boosted.split('^')[0])?.type).toBe('text');
    expect(fieldAt('name.autocomplete')).toMatchObject({ type: 'text', analyzer: 'autocomplete', search_analyzer: 'autocomplete_search' });
    for (const keyword of ['id', 'environment', 'category', 'verificationLevel', 'name.sort', 'address.city', 'address.state', 'address.country']) {
      expect([keyword, fieldAt(keyword)?.type]).toEqual([keyword, 'keyword']);
    }
    for (const caseless of ['category', 'name.sort', 'address.city', 'address.state', 'address.country']) {
      expect([caseless, fieldAt(caseless)?.normalizer]).toEqual([caseless, 'lowercase_keyword']);
    }
    for (const number of ['averageRating', 'reviewCount', 'completeness', 'aiVisibilityScore', 'minPrice']) {
      expect(['double', 'float', 'integer']).toContain(fieldAt(number)?.type);
    }
    expect(fieldAt('coordinates')?.type).toBe('geo_point');
    expect(fieldAt('location')).toEqual({ type: 'alias', path: 'coordinates' });
  });

  it('keeps opening hours and blackout dates in _source only, and their schedule code as a keyword for time filters', () => {
    expect(fieldAt('hours')).toEqual({ type: 'object', enabled: false });
    expect(fieldAt('blackoutDates')).toEqual({ type: 'object', enabled: false });
    expect(fieldAt(SCHEDULE_FIELD)).toEqual({ type: 'keyword' });
  });

  it('uses only analysers, normalisers and filters it defines (or stock ones)', () => {
    const stockFilters = new Set(['lowercase', 'asciifolding']);
    for (const field of everyField(root)) {
      for (const name of [field.analyzer, field.search_analyzer]) if (name) expect(analysis.analyzer).toHaveProperty([name]);
      if (field.normalizer) expect(analysis.normalizer).toHaveProperty([field.normalizer]);
    }
    for (const analyzer of Object.values(analysis.analyzer)) {
      for (const filter of analyzer.filter) expect(stockFilters.has(filter) || filter in analysis.filter).toBe(true);
    }
  });

  it('has no synonym rules: query understanding names the kinds (domain/search/categoryWords.ts)', () => {
    expect(analysis.filter.category_synonyms).toBeUndefined();
    for (const analyzer of Object.values(analysis.analyzer)) expect(analyzer.filter).not.toContain('category_synonyms');
    expect(fieldAt('category.text')?.search_analyzer).toBeUndefined();
  });

  it('carries the taxonomy keys as keywords and the kinds\' names as English text', () => {
    expect(fieldAt('categoryKeys')).toEqual({ type: 'keyword' });
    expect(fieldAt('categoryNames')).toEqual({ type: 'text', analyzer: 'english_text' });
  });
});
