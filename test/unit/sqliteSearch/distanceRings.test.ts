// The ring scan's geometry (distanceRings.ts): cells and circles worked out by hand.
import { distanceRings, geoCellOf, MAX_RING_CELL_ROWS } from '../../../src/adapters/sqlite/search/distanceRings';

describe('distance rings', () => {
  it('numbers 0.01 degree cells row by row from the south-west corner of the world', () => {
    // Row (30.2672 + 90) / 0.01 = 12026.72 -> 12026; column (-97.7431 + 180) / 0.01 = 8225.69 -> 8225.
    expect(geoCellOf({ lat: 30.2672, lon: -97.7431 })).toBe(12026 * 36000 + 8225);
    expect(geoCellOf({ lat: -90, lon: -180 })).toBe(0);
    // The north pole and the antimeridian fall into the last row and column, not past them.
    expect(geoCellOf({ lat: 90, lon: 180 })).toBe(17999 * 36000 + 35999);
    // Just south and west of a cell corner belong to the cells before it.
    expect(geoCellOf({ lat: 0.0099, lon: 0.0099 })).toBe(9000 * 36000 + 18000);
    expect(geoCellOf({ lat: -0.0001, lon: -0.0001 })).toBe(8999 * 36000 + 17999);
  });

  it('tries circles doubling from a quarter kilometre up to the radius asked for', () => {
    const rings = distanceRings({ lat: 30.2672, lon: -97.7431 }, 5);
    expect(rings?.map((ring) => ring.radiusKm)).toEqual([0.3125, 0.625, 1.25, 2.5, 5]);
    // A radius under half a kilometre is one circle: itself.
    expect(distanceRings({ lat: 30.2672, lon: -97.7431 }, 0.4)?.map((ring) => ring.radiusKm)).toEqual([0.4]);
  });

  it("covers a circle's bounding box with whole rows of cells", () => {
    const [, , , , last] = distanceRings({ lat: 30.2672, lon: -97.7431 }, 5) ?? [];
    // 5 km is 0.04497 degrees of latitude (radius 6371.0088 km) and 0.05205 of longitude at 30.27 N:
    // rows (30.2222 + 90) / 0.01 = 12022.2 to (30.3122 + 90) / 0.01 = 12031.2, columns 8220.4 to 8230.9.
    expect(last).toMatchObject({ fromLatCell: 12022, toLatCell: 12031, fromLonCell: 8220, toLonCell: 8230 });
    expect(last.minLat).toBeCloseTo(30.22223, 4);
    expect(last.maxLon).toBeCloseTo(-97.69105, 4);
  });

  it('leaves a circle across the antimeridian, or wider than the cell rows allow, to the other plans', () => {
    expect(distanceRings({ lat: -17.7, lon: 179.99 }, 10)).toBeNull();
    // 2 000 rows of 0.01 degree are about 2 224 km of latitude: a 1 200 km radius spans more.
    expect(MAX_RING_CELL_ROWS).toBe(2000);
    expect(distanceRings({ lat: 30, lon: -97 }, 1200)).toBeNull();
    expect(distanceRings({ lat: 30, lon: -97 }, 1000)).not.toBeNull();
  });
});
