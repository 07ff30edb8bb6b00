import { pointOf, pointToWkb } from '../../../src/domain/imports/pointGeometry';

// WKB of POINT(-97.7431 30.2672) spelled out: byte order, type 1, x, y (IEEE 754 doubles, from Python's struct.pack).
const LITTLE_ENDIAN = '0101000000' + '166a4df38e6f58c0' + 'bf7d1d3867443e40';
const BIG_ENDIAN = '0000000001' + 'c0586f8ef34d6a16' + '403e4467381d7dbf';
// EWKB with an SRID (4326): type 0x20000001, then the SRID, then x, y.
const EWKB_WITH_SRID = '0101000020' + 'e6100000' + '166a4df38e6f58c0' + 'bf7d1d3867443e40';
// ISO WKB POINT Z (type 1001): x, y, z.
const ISO_POINT_Z = '01e9030000' + '166a4df38e6f58c0' + 'bf7d1d3867443e40' + '0000000000005940';

describe('a place\'s point from its geometry', () => {
  it('reads WKB in either byte order, EWKB with an SRID and ISO WKB with a Z, as bytes or hex', () => {
    for (const hex of [LITTLE_ENDIAN, BIG_ENDIAN, EWKB_WITH_SRID, ISO_POINT_Z]) {
      expect(pointOf(Buffer.from(hex, 'hex'))).toEqual({ lon: -97.7431, lat: 30.2672 });
      expect(pointOf(hex)).toEqual({ lon: -97.7431, lat: 30.2672 });
    }
  });

  it('reads GeoJSON points (objects or JSON text) and WKT points', () => {
    expect(pointOf({ type: 'Point', coordinates: [-97.7431, 30.2672] })).toEqual({ lon: -97.7431, lat: 30.2672 });
    expect(pointOf('{"type":"Point","coordinates":[-97.7431,30.2672]}')).toEqual({ lon: -97.7431, lat: 30.2672 });
    expect(pointOf('POINT (-97.7431 30.2672)')).toEqual({ lon: -97.7431, lat: 30.2672 });
    expect(pointOf('point z(-97.7431 30.2672 12)')).toEqual({ lon: -97.7431, lat: 30.2672 });
  });

  it('finds no point in other geometries, short bytes or nothing', () => {
    // WKB LINESTRING (type 2) with two points.
    expect(pointOf(Buffer.from('010200000002000000' + '0'.repeat(64), 'hex'))).toBeUndefined();
    expect(pointOf(Buffer.from('0101000000166a4df3', 'hex'))).toBeUndefined();
    expect(pointOf({ type: 'Polygon', coordinates: [] })).toBeUndefined();
    expect(pointOf('LINESTRING (0 0, 1 1)')).toBeUndefined();
    expect(pointOf(null)).toBeUndefined();
    expect(pointOf(undefined)).toBeUndefined();
  });

  it('writes little-endian WKB, as GeoParquet files hold it', () => {
    expect(Buffer.from(pointToWkb({ lon: -97.7431, lat: 30.2672 })).toString('hex')).toBe(LITTLE_ENDIAN);
  });
});
