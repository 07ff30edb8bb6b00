// A mapped row checked with the profile's own rules before anything is stored: refused with the
// field and why, or made a profile, optional fields that fail their check left out (and named),
// or, with --strict, the row refused for them.
import { importedProfileId } from '../../../src/domain/imports/importIdentity';
import type { ImportRecord } from '../../../src/domain/imports/importRecord';
import { prepareRecord, type ImportSettings } from '../../../src/services/import/preparedRow';
import { prepareRows } from '../../../src/services/import/importBatch';

const settings: ImportSettings = { environment: 'live', ownerId: 'acct_importer', dataset: 'overture', status: 'published', strict: false };
const now = new Date('2026-11-28T12:00:00.000Z');

function record(fields: Record<string, unknown>, operatorFields?: Record<string, unknown>): ImportRecord {
  return {
    sourceId: 'place-1',
    fields: { name: 'Zilker Hardware & Supply', category: 'Hardware Store', location: { coordinates: { lat: 30.26011, lon: -97.76452 } }, ...fields },
    ...(operatorFields && { operatorFields }),
  };
}

describe('preparing a row', () => {
  it('makes the profile a create would store, published and owned as the import says, with its source and derived fields', () => {
    const prepared = prepareRecord(3, record({ contact: { phone: '(512) 555-0143' }, location: { address: { city: 'Austin', country: 'US', postalCode: '78704' }, coordinates: { lat: 30.26011, lon: -97.76452 } } }), settings, now);
    expect(prepared.type).toBe('profile');
    if (prepared.type !== 'profile') return;
    expect(prepared.profile).toMatchObject({
      id: importedProfileId('live', 'overture', 'place-1'),
      environment: 'live',
      ownerId: 'acct_importer',
      status: 'published',
      name: 'Zilker Hardware & Supply',
      categoryKeys: ['shop/hardware'],
      contact: { phone: '+15125550143' },
      // Its public page address, guessed from its name and city (settled against the store when written).
      publicSlugs: ['zilker-hardware-and-supply-austin'],
      dedupeKeys: ['np:zilker hardware and supply|78704|US', 'ph:+15125550143', 'sl:zilker-hardware-and-supply-austin'],
      trust: { verificationLevel: 'none', averageRating: 0, totalReviews: 0 },
      version: 1,
      createdAt: '2026-11-28T12:00:00.000Z',
      source: { dataset: 'overture', id: 'place-1', digest: expect.stringMatching(/^[\w-]{22}$/) },
    });
    expect(prepared.warnings).toEqual([]);
    expect(prepared.line).toBe(3);
  });

  it('leaves out optional fields that fail their check, naming each, and imports the rest', () => {
    const prepared = prepareRecord(4, record({ contact: { website: 'http://zilkerhardware.example', phone: '12', email: 'shop@zilkerhardware.example' }, tagline: '   ' }), settings, now);
    expect(prepared).toMatchObject({
      type: 'profile',
      warnings: [
        { field: 'tagline', issue: 'must not be blank' },
        { field: 'contact.phone', issue: 'must be a phone number such as +15125550100 or (512) 555-0100' },
        { field: 'contact.website', issue: 'must be an https URL' },
      ],
    });
    if (prepared.type === 'profile') expect(prepared.profile.contact).toEqual({ email: 'shop@zilkerhardware.example' });
  });

  it('refuses the row for the first such field with --strict', () => {
    expect(prepareRecord(4, record({ contact: { website: 'http://zilkerhardware.example' } }), { ...settings, strict: true }, now)).toEqual({
      type: 'problem', line: 4, sourceId: 'place-1', field: 'contact.website', issue: 'must be an https URL',
    });
  });

  it('refuses a row whose name, category or point fails, never dropping them', () => {
    expect(prepareRecord(5, record({ name: '' }), settings, now)).toMatchObject({ type: 'problem', field: 'name', issue: 'must not be empty' });
    expect(prepareRecord(5, record({ category: 'x'.repeat(101) }), settings, now)).toMatchObject({ type: 'problem', field: 'category', issue: 'must be at most 100 characters' });
    expect(prepareRecord(5, record({ location: { coordinates: { lat: 91, lon: 0 } } }), settings, now)).toMatchObject({ type: 'problem', field: 'location.coordinates.lat', issue: 'must be between -90 and 90' });
    expect(prepareRecord(5, record({ location: { address: { city: 'Austin' } } }), settings, now)).toMatchObject({
      type: 'problem', field: 'location.coordinates', issue: 'is required: an imported business must be placed on the map',
    });
  });

  it('takes the operator\'s status, trust, media and exclusive content from our own rows, checked by their schema', () => {
    const prepared = prepareRecord(6, record({}, { status: 'draft', trust: { verificationLevel: 'verified', averageRating: 4.6, totalReviews: 120 }, media: { photos: ['https://cdn.example/a.jpg', 'http://cdn.example/b.jpg'] } }), settings, now);
    expect(prepared).toMatchObject({
      type: 'profile',
      given: ['status', 'trust', 'media'],
      profile: { status: 'draft', trust: { verificationLevel: 'verified', averageRating: 4.6, totalReviews: 120 }, media: { photos: ['https://cdn.example/a.jpg'], videos: [] } },
      warnings: [{ field: 'media.photos.1', issue: 'must be an https URL' }],
    });
    expect(prepareRecord(6, record({}, { trust: { averageRating: 7 } }), settings, now)).toMatchObject({ warnings: [{ field: 'trust.averageRating', issue: 'must be between 0 and 5' }] });
  });

  it('leaves out a closed place with its id and digest, for a later removal', () => {
    expect(prepareRecord(7, { sourceId: 'place-9', fields: {}, leftOut: 'permanently closed (operating_status)' }, settings, now)).toEqual({
      type: 'leftOut', line: 7, id: importedProfileId('live', 'overture', 'place-9'), sourceId: 'place-9', reason: 'permanently closed (operating_status)', digest: expect.any(String),
    });
  });
});

describe('a place\'s id', () => {
  it('is the same for the same place, and differs by environment and data set', () => {
    const id = importedProfileId('live', 'overture', 'place-1');
    expect(id).toMatch(/^biz_[A-Za-z0-9]{20}$/);
    expect(importedProfileId('live', 'overture', 'place-1')).toBe(id);
    expect(new Set([id, importedProfileId('test', 'overture', 'place-1'), importedProfileId('live', 'foursquare', 'place-1'), importedProfileId('live', 'overture', 'place-2')]).size).toBe(4);
  });
});

describe('preparing rows as the reader gives them', () => {
  it('parses each row\'s JSON and names a line that is not a JSON object', () => {
    const rows = prepareRows(
      [
        { line: 1, json: '{"fsq_place_id":"f1","name":"Rainey Street Books","latitude":30.25781,"longitude":-97.73914,"fsq_category_labels":["Retail > Bookstore"]}' },
        { line: 2, json: 'not json' },
        { line: 3, json: '[1, 2]' },
        { line: 4, unreadable: { field: '', issue: 'has 2 fields where the header names 5' } },
      ],
      { schema: 'foursquare', mapping: {}, settings: { ...settings, dataset: 'foursquare' } },
      now,
    );
    expect(rows.map((row) => row.type)).toEqual(['profile', 'problem', 'problem', 'problem']);
    expect(rows[1]).toEqual({ type: 'problem', line: 2, field: '', issue: expect.stringMatching(/^is not valid JSON \(/) });
    expect(rows[2]).toEqual({ type: 'problem', line: 3, field: '', issue: 'is not a JSON object' });
    expect(rows[3]).toEqual({ type: 'problem', line: 4, field: '', issue: 'has 2 fields where the header names 5' });
  });
});
