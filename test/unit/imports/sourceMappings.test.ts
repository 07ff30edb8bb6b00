// The column mappings of the two open place data sets and of our own profile shape, on rows
// written by hand in each schema (Overture: docs.overturemaps.org places/place; Foursquare: "Places
// OS Data Schemas"), with the expected records written by hand too.
import { fromFoursquarePlace } from '../../../src/domain/imports/foursquarePlace';
import { fromOverturePlace } from '../../../src/domain/imports/overturePlace';
import { fromProfileRecord } from '../../../src/domain/imports/profileRecord';
import { schemaOfRow } from '../../../src/domain/imports/sourceMapping';

const overtureFeature = {
  type: 'Feature',
  id: 'ov-1',
  geometry: { type: 'Point', coordinates: [-97.77071, 30.26418] },
  properties: {
    names: { primary: 'Barton Springs Taqueria', common: { es: 'Taquería Barton Springs' } },
    taxonomy: { primary: 'taco_restaurant', hierarchy: ['food_and_drink', 'restaurant', 'mexican_restaurant', 'taco_restaurant'] },
    categories: { primary: 'taco_restaurant', alternate: ['mexican_restaurant'] },
    basic_category: 'restaurant',
    confidence: 0.93,
    websites: ['https://bartonspringstaqueria.example', 'https://second.example'],
    emails: ['hola@bartonspringstaqueria.example'],
    phones: ['+1 512-555-0140'],
    addresses: [{ freeform: '2201 Barton Springs Rd', locality: 'Austin', postcode: '78746', region: 'US-TX', country: 'us' }],
    operating_status: 'open',
  },
};

describe('Overture Maps places', () => {
  it('maps a GeoJSON feature: name, point, category, first address and first of each contact', () => {
    expect(fromOverturePlace(overtureFeature)).toEqual({
      record: {
        sourceId: 'ov-1',
        fields: {
          name: 'Barton Springs Taqueria',
          category: 'Taco Restaurant',
          location: {
            address: { street: '2201 Barton Springs Rd', city: 'Austin', state: 'TX', postalCode: '78746', country: 'US' },
            coordinates: { lon: -97.77071, lat: 30.26418 },
          },
          contact: { phone: '+1 512-555-0140', website: 'https://bartonspringstaqueria.example', email: 'hola@bartonspringstaqueria.example' },
        },
      },
    });
  });

  it('maps a GeoParquet row the same way: properties as columns, geometry as WKB (hex from the reader), lists as arrays', () => {
    const row = {
      id: 'ov-2',
      geometry: '0101000000166a4df38e6f58c0bf7d1d3867443e40',
      names: { primary: 'Bouldin Creek Coffee Roasters', common: [{ key: 'en', value: 'Bouldin Creek Coffee' }], rules: null },
      categories: { primary: 'coffee_shop', alternate: null },
      taxonomy: null,
      confidence: 0.97,
      websites: null,
      phones: ['+15125550141'],
      addresses: [{ freeform: null, locality: 'Austin', postcode: null, region: 'TX', country: 'US' }],
      operating_status: 'open',
    };
    expect(fromOverturePlace(row)).toEqual({
      record: {
        sourceId: 'ov-2',
        fields: {
          name: 'Bouldin Creek Coffee Roasters',
          category: 'Coffee Shop',
          location: { address: { city: 'Austin', state: 'TX', country: 'US' }, coordinates: { lon: -97.7431, lat: 30.2672 } },
          contact: { phone: '+15125550141' },
        },
      },
    });
  });

  it('reads the category from the older `categories` when there is no taxonomy, and from the basic category and hierarchy after the place\'s own', () => {
    const allergist = { ...overtureFeature, properties: { ...overtureFeature.properties, taxonomy: { primary: 'allergist', hierarchy: ['health_care', 'doctor', 'allergist'] }, categories: { primary: 'allergist' }, basic_category: 'doctor' } };
    expect(fromOverturePlace(allergist).record?.fields.category).toBe('Allergist, Doctor');
  });

  it('leaves out a permanently closed place, and one below the confidence asked for, keeping its id', () => {
    const closed = { ...overtureFeature, properties: { ...overtureFeature.properties, operating_status: 'permanently_closed', confidence: 0 } };
    expect(fromOverturePlace(closed)).toEqual({ record: { sourceId: 'ov-1', fields: {}, leftOut: 'permanently closed (operating_status)' } });
    expect(fromOverturePlace(overtureFeature, { minConfidence: 0.95 })).toEqual({ record: { sourceId: 'ov-1', fields: {}, leftOut: 'confidence 0.93 is below the minimum 0.95' } });
    expect(fromOverturePlace(overtureFeature, { minConfidence: 0.9 }).record?.leftOut).toBeUndefined();
  });

  it('refuses a place without an id, a name, a point or a category, naming the Overture field', () => {
    const { names: _names, ...unnamed } = overtureFeature.properties;
    expect(fromOverturePlace({ ...overtureFeature, id: undefined, properties: { ...overtureFeature.properties, id: undefined } })).toEqual({ problem: { field: 'id', issue: "is required (the place's Overture id)" } });
    expect(fromOverturePlace({ ...overtureFeature, properties: unnamed })).toEqual({ problem: { field: 'names.primary', issue: "is required (the place's name)" } });
    expect(fromOverturePlace({ ...overtureFeature, geometry: { type: 'Polygon', coordinates: [] } })).toEqual({ problem: { field: 'geometry', issue: 'is required: a point (WKB, GeoJSON or WKT)' } });
    const { taxonomy: _t, categories: _c, basic_category: _b, ...uncategorised } = overtureFeature.properties;
    expect(fromOverturePlace({ ...overtureFeature, properties: uncategorised })).toEqual({ problem: { field: 'categories.primary', issue: 'is required (the place has no category)' } });
  });
});

const foursquareRow = {
  fsq_place_id: '5f1a2b3c4d5e6f7a8b9c0d11',
  name: 'East Side Pizzeria',
  latitude: '30.26214',
  longitude: '-97.72645',
  address: '1300 E 6th St',
  locality: 'Austin',
  region: 'TX',
  postcode: '78702',
  country: 'US',
  date_closed: '',
  tel: '(512) 555-0160',
  website: 'https://eastsidepizzeria.example',
  fsq_category_ids: '["4bf58dd8d48988d1ca941735"]',
  fsq_category_labels: '["Dining and Drinking > Restaurant > Pizzeria"]',
};

describe('Foursquare OS Places', () => {
  it('maps a row as CSV gives it: coordinates as text, the category labels as a JSON list', () => {
    expect(fromFoursquarePlace(foursquareRow)).toEqual({
      record: {
        sourceId: '5f1a2b3c4d5e6f7a8b9c0d11',
        fields: {
          name: 'East Side Pizzeria',
          category: 'Pizzeria',
          location: { address: { street: '1300 E 6th St', city: 'Austin', state: 'TX', postalCode: '78702', country: 'US' }, coordinates: { lat: 30.26214, lon: -97.72645 } },
          contact: { phone: '(512) 555-0160', website: 'https://eastsidepizzeria.example' },
        },
      },
    });
  });

  it('maps a Parquet row (numbers, a list of labels, the point from geom when latitude is missing)', () => {
    const row = { ...foursquareRow, latitude: null, longitude: null, geom: '0101000000166a4df38e6f58c0bf7d1d3867443e40', fsq_category_labels: ['Health and Medicine > Physician > Allergist'], date_closed: null };
    const mapped = fromFoursquarePlace(row);
    expect(mapped.record?.fields.location).toEqual({ address: { street: '1300 E 6th St', city: 'Austin', state: 'TX', postalCode: '78702', country: 'US' }, coordinates: { lon: -97.7431, lat: 30.2672 } });
    // "Allergist" is no kind; the label's own broader level ("Physician") is, the top ("Health and Medicine") never.
    expect(mapped.record?.fields.category).toBe('Allergist, Physician');
  });

  it('leaves out a closed place and refuses one without an id, a name, coordinates or a category', () => {
    expect(fromFoursquarePlace({ ...foursquareRow, date_closed: '2024-01-31' })).toEqual({ record: { sourceId: '5f1a2b3c4d5e6f7a8b9c0d11', fields: {}, leftOut: 'closed on 2024-01-31 (date_closed)' } });
    expect(fromFoursquarePlace({ ...foursquareRow, fsq_place_id: ' ' }).problem).toEqual({ field: 'fsq_place_id', issue: "is required (the place's Foursquare id)" });
    expect(fromFoursquarePlace({ ...foursquareRow, name: null }).problem).toEqual({ field: 'name', issue: "is required (the place's name)" });
    expect(fromFoursquarePlace({ ...foursquareRow, latitude: 'unknown' }).problem).toEqual({ field: 'latitude', issue: 'is required: latitude and longitude (or geom)' });
    expect(fromFoursquarePlace({ ...foursquareRow, fsq_category_labels: '[]' }).problem).toEqual({ field: 'fsq_category_labels', issue: 'is required (the place has no category)' });
  });

  it('reads the older fsq_id column as the id', () => {
    const { fsq_place_id: _id, ...older } = foursquareRow;
    expect(fromFoursquarePlace({ ...older, fsq_id: 'legacy-id' }).record?.sourceId).toBe('legacy-id');
  });
});

describe('our own profile shape', () => {
  it('keeps the create body\'s fields and the operator\'s apart, reading CSV numbers as numbers', () => {
    const row = {
      id: 'shop-17',
      name: 'Corner Bakery',
      category: 'Bakery',
      location: { coordinates: { lat: '51.4545', lon: '-2.5879' }, address: { city: 'Bristol', country: 'GB' } },
      status: 'draft',
      trust: { verificationLevel: 'verified', averageRating: '4.6', totalReviews: '120' },
      surprise: 'a column we do not know',
    };
    expect(fromProfileRecord(row)).toEqual({
      record: {
        sourceId: 'shop-17',
        fields: { name: 'Corner Bakery', category: 'Bakery', location: { coordinates: { lat: 51.4545, lon: -2.5879 }, address: { city: 'Bristol', country: 'GB' } }, surprise: 'a column we do not know' },
        operatorFields: { status: 'draft', trust: { verificationLevel: 'verified', averageRating: 4.6, totalReviews: 120 } },
      },
    });
  });

  it('refuses a row without its id', () => {
    expect(fromProfileRecord({ name: 'No Id Cafe', category: 'Cafe' }).problem?.field).toBe('id');
  });
});

describe('telling a file\'s schema from its first row', () => {
  it('knows Foursquare by its ids, Overture by its names and categories, and anything else as our own shape', () => {
    expect(schemaOfRow(foursquareRow)).toBe('foursquare');
    expect(schemaOfRow(overtureFeature)).toBe('overture');
    expect(schemaOfRow({ id: 'x', names: { primary: 'A' }, geometry: 'POINT (0 0)' })).toBe('overture');
    expect(schemaOfRow({ id: 'x', name: 'A', category: 'Cafe' })).toBe('profiles');
  });
});
