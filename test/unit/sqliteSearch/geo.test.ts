import { boundingBox, haversineKm } from '../../../src/adapters/sqlite/search/geo';
import { coveringCellTokens, documentCellTokens, MAX_QUERY_CELLS } from '../../../src/adapters/sqlite/search/geoCells';

const AUSTIN = { lat: 30.2672, lon: -97.7431 };
const DENVER = { lat: 39.7392, lon: -104.9903 };

/** Points on the circle of `radiusKm` around `center` (destination-point formula). */
function circle(center: { lat: number; lon: number }, radiusKm: number): { lat: number; lon: number }[] {
  const rad = Math.PI / 180;
  const angular = radiusKm / 6371.0088;
  return Array.from({ length: 72 }, (_, i) => {
    const bearing = i * 5 * rad;
    const lat1 = center.lat * rad;
    const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angular) + Math.cos(lat1) * Math.sin(angular) * Math.cos(bearing));
    const lon2 = center.lon * rad + Math.atan2(Math.sin(bearing) * Math.sin(angular) * Math.cos(lat1), Math.cos(angular) - Math.sin(lat1) * Math.sin(lat2));
    return { lat: lat2 / rad, lon: ((((lon2 / rad + 540) % 360) + 360) % 360) - 180 };
  });
}

const inBox = (box: ReturnType<typeof boundingBox>, p: { lat: number; lon: number }): boolean =>
  p.lat >= box.minLat && p.lat <= box.maxLat && (box.minLon <= box.maxLon ? p.lon >= box.minLon && p.lon <= box.maxLon : p.lon >= box.minLon || p.lon <= box.maxLon);

describe('haversineKm', () => {
  it('measures one degree along the equator or a meridian as 111.195 km (mean Earth radius)', () => {
    expect(haversineKm({ lat: 0, lon: 0 }, { lat: 0, lon: 1 })).toBeCloseTo(111.195, 3);
    expect(haversineKm({ lat: 10, lon: 20 }, { lat: 11, lon: 20 })).toBeCloseTo(111.195, 3);
  });

  it('measures Austin to Denver as about 1242 km', () => {
    expect(haversineKm(AUSTIN, DENVER)).toBeCloseTo(1241.9, 0);
  });

  it('is zero for the same point and symmetric', () => {
    expect(haversineKm(AUSTIN, AUSTIN)).toBe(0);
    expect(haversineKm(AUSTIN, DENVER)).toBe(haversineKm(DENVER, AUSTIN));
  });
});

describe('boundingBox', () => {
  it.each([
    ['Austin, 50 km', AUSTIN, 50],
    ['Denver, 5 km', DENVER, 5],
    ['across the antimeridian', { lat: -17.7, lon: 179.9 }, 80],
    ['close to the north pole', { lat: 89.5, lon: 10 }, 120],
  ])('contains every point of the circle: %s', (_, center, radiusKm) => {
    const box = boundingBox(center, radiusKm);
    for (const point of circle(center, radiusKm)) expect(inBox(box, point)).toBe(true);
  });

  it('marks a box across the antimeridian by a west edge east of the east edge', () => {
    const box = boundingBox({ lat: 0, lon: 179.9 }, 50);
    expect(box.minLon).toBeGreaterThan(box.maxLon);
  });

  it('opens every longitude when a pole is inside the circle', () => {
    expect(boundingBox({ lat: 89.9, lon: 0 }, 50)).toMatchObject({ minLon: -180, maxLon: 180, maxLat: 90 });
  });
});

describe('grid cells', () => {
  const limits = Object.values(MAX_QUERY_CELLS);

  it.each([
    ['Austin, 50 km', AUSTIN, 50],
    ['Denver, 3 km', DENVER, 3],
    ['across the antimeridian', { lat: -17.7, lon: 179.95 }, 30],
  ])('the covering cells include the cell of every point within the radius: %s', (_, center, radiusKm) => {
    for (const maxCells of limits) {
      const cells = coveringCellTokens(boundingBox(center, radiusKm), maxCells)!;
      expect(cells.length).toBeLessThanOrEqual(maxCells);
      for (const point of [center, ...circle(center, radiusKm * 0.999)]) {
        expect(documentCellTokens(point).some((token) => cells.includes(token))).toBe(true);
      }
    }
  });

  it('uses the finest level that keeps the cell count within the limit', () => {
    const levels = (radiusKm: number, maxCells: number) => [...new Set(coveringCellTokens(boundingBox(AUSTIN, radiusKm), maxCells)!.map((token) => token.slice(0, 3)))];
    expect(levels(2, MAX_QUERY_CELLS.withText)).toEqual(['xg0']);
    expect(levels(10, MAX_QUERY_CELLS.withText)).toEqual(['xg1']);
    expect(levels(50, MAX_QUERY_CELLS.withText)).toEqual(['xg2']);
    // Without text the cells are the whole prefilter: finer ones for the same circle.
    expect(levels(10, MAX_QUERY_CELLS.withoutText)).toEqual(['xg0']);
    expect(levels(50, MAX_QUERY_CELLS.withoutText)).toEqual(['xg1']);
  });

  it('gives up on the grid for continent-sized radii', () => {
    for (const maxCells of limits) expect(coveringCellTokens(boundingBox(AUSTIN, 3000), maxCells)).toBeNull();
  });
});
