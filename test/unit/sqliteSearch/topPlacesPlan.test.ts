// Which searches top_places answers, and the rings of cells it reads: the request is pure data,
// worked out here by hand. Around central Austin (30.2672, -97.7431; cos(lat) = 0.86368) a circle
// of r km has a box of r / 111.195 degrees of latitude and that over 0.86368 of longitude, each
// widened by 1e-6; cells are 0.01 degree, numbered row x 36 000 + column, row floor((lat + 90) /
// 0.01), column floor((lon + 180) / 0.01).
//   0.25 km: lat 30.26495..30.26945 (row 12026), lon -97.74570..-97.74050 (column 8225)
//   0.5 km:  lat 30.26270..30.27170 (rows 12026-12027), lon -97.74831..-97.73789 (columns 8225-8226)
//   1 km:    lat 30.25821..30.27619 (rows 12025-12027), lon -97.75351..-97.73269 (columns 8224-8226)
import { generationTables } from '../../../src/adapters/sqlite/search/indexTables';
import { searchPlan } from '../../../src/adapters/sqlite/search/searchPlan';
import { kindPlacesList, placeRings } from '../../../src/adapters/sqlite/search/topPlacesPlan';
import type { SearchQuery } from '../../../src/ports/searchIndex';

const AUSTIN = { lat: 30.2672, lon: -97.7431 };
const tables = generationTables(1);
const nearest = (fields: Partial<SearchQuery> = {}): SearchQuery => ({
  environment: 'live', categoryKeys: ['amenity/dentist'], near: { ...AUSTIN, radiusKm: 1 }, sort: 'distance', order: 'asc', limit: 20, offset: 0, ...fields,
});
const request = (query: SearchQuery, kindLists = true) => searchPlan(query, tables, { kindLists }).topPlaces;

describe('top_places requests', () => {
  it('reads each cell of the box once, ring by ring, the inner box\'s cells left out of the outer ring', () => {
    expect(placeRings(AUSTIN, 1)).toEqual([
      { radiusKm: 0.25, cells: [[432944225, 432944225]] },
      { radiusKm: 0.5, cells: [[432944226, 432944226], [432980225, 432980226]] },
      { radiusKm: 1, cells: [[432908224, 432908226], [432944224, 432944224], [432980224, 432980224]] },
    ]);
  });

  it('names the kind lists as the filter compares keys, each once, and asks for the page and all before it', () => {
    const found = request(nearest({ categoryKeys: ['Amenity/Dentist', 'amenity/dentist', 'amenity/clinic'], offset: 40, environment: 'test' }));
    expect(found?.kinds).toEqual(['t:amenity/dentist', 't:amenity/clinic']);
    expect(kindPlacesList('live', ' Shop/Coffee ')).toBe('l:shop/coffee');
    expect([found?.k, found?.exactUpTo]).toEqual([60, 10_000]);
  });

  it('tests the row filters place records hold, verification among them', () => {
    const found = request(nearest({ verificationLevels: ['verified'], maxPrice: 50, opening: { at: '2026-11-28T18:00:00.000Z', day: 'saturday' } }));
    expect(found?.tests).toMatchObject({ maxPrice: 50, verificationLevels: ['verified'], opening: { dayBit: 5, sure: 2 } });
    expect(found?.opening).toEqual({ at: '2026-11-28T18:00:00.000Z', day: 'saturday' });
    // Without kinds, every business of the circle that passes the filters.
    expect(request(nearest({ categoryKeys: undefined, minRating: 4 }))?.kinds).toEqual([]);
  });

  it('is not made for what only the SQL plans do', () => {
    expect(request(nearest({ text: 'ramen' }))).toBeUndefined();
    expect(request(nearest({ categoryPhrases: ['dentist'] }))).toBeUndefined();
    expect(request(nearest({ city: 'Austin' }))).toBeUndefined();
    expect(request(nearest({ postalCode: '78701' }))).toBeUndefined();
    expect(request(nearest({ categories: ['dental'] }))).toBeUndefined();
    expect(request(nearest({ order: 'desc' }))).toBeUndefined();
    // The circle alone: the ring scan counts it from the cells' index.
    expect(request(nearest({ categoryKeys: undefined }))).toBeUndefined();
    expect(request(nearest({ sort: 'rating' }))).toBeUndefined();
    // Across the antimeridian the cells are not one range a row.
    expect(request(nearest({ near: { lat: 0, lon: 179.999, radiusKm: 5 } }))).toBeUndefined();
    expect(request(nearest(), false)).toBeUndefined();
  });
});
