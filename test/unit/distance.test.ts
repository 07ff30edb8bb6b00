import { haversineKm, parseRadius } from '../../src/domain/distance';

describe('parseRadius', () => {
  it.each([
    ['50km', 50],
    ['2.5km', 2.5],
    ['10 mi', 16.09344],
    ['500m', 0.5],
    [' 3 KM ', 3],
    ['1 mile', 1.609344],
    ['5 kilometres', 5],
    ['250 meters', 0.25],
    ['.5km', 0.5],
  ])('reads %p as %p km', (text, km) => {
    expect(parseRadius(text)).toBeCloseTo(km, 9);
  });

  it.each([['50'], [''], ['km'], ['-5km'], ['0km'], ['5 furlongs'], ['5km10'], ['1e3km'], ['5,5km'], ['five km'], ['5 k m']])(
    'rejects %p',
    (text) => {
      expect(parseRadius(text)).toBeNull();
    },
  );

  it('rejects non-strings', () => {
    // @ts-expect-error -- what a caller without types (a query without the parameter) passes
    expect(parseRadius(undefined)).toBeNull();
  });
});

describe('haversineKm', () => {
  const austin = { lat: 30.2672, lon: -97.7431 };
  const dallas = { lat: 32.7767, lon: -96.797 };

  it('is 0 for the same point', () => {
    expect(haversineKm(austin, austin)).toBe(0);
  });

  it('matches known city distances within 1%', () => {
    expect(haversineKm(austin, dallas)).toBeGreaterThan(292 * 0.99);
    expect(haversineKm(austin, dallas)).toBeLessThan(292 * 1.01);
    const london = { lat: 51.5074, lon: -0.1278 };
    const paris = { lat: 48.8566, lon: 2.3522 };
    expect(haversineKm(london, paris)).toBeGreaterThan(343 * 0.99);
    expect(haversineKm(london, paris)).toBeLessThan(343 * 1.01);
  });

  it('is symmetric', () => {
    expect(haversineKm(austin, dallas)).toBeCloseTo(haversineKm(dallas, austin), 9);
  });

  it('measures one degree of latitude as about 111.2 km', () => {
    expect(haversineKm({ lat: 0, lon: 0 }, { lat: 1, lon: 0 })).toBeCloseTo(111.195, 2);
  });

  it('takes the short way across the antimeridian and handles antipodes', () => {
    expect(haversineKm({ lat: 0, lon: 179.5 }, { lat: 0, lon: -179.5 })).toBeCloseTo(111.195, 2);
    expect(haversineKm({ lat: 0, lon: 0 }, { lat: 0, lon: 180 })).toBeCloseTo(Math.PI * 6371.0088, 6);
  });
});
