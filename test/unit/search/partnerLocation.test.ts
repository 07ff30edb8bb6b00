import { ValidationError } from '../../../src/domain/errors';
import { PARTNER_DEFAULT_RADIUS_KM, parsePartnerLocation } from '../../../src/services/search/listingSearch';

describe('parsePartnerLocation', () => {
  it('reads "lat,lon" with the default radius and "lat,lon,radiusKm"', () => {
    expect(parsePartnerLocation('30.27,-97.74')).toEqual({ near: { lat: 30.27, lon: -97.74, radiusKm: PARTNER_DEFAULT_RADIUS_KM } });
    expect(parsePartnerLocation(' 30.27 , -97.74 , 2.5 ')).toEqual({ near: { lat: 30.27, lon: -97.74, radiusKm: 2.5 } });
  });

  it('reads a city with an optional state, by name or abbreviation', () => {
    expect(parsePartnerLocation('Austin')).toEqual({ city: 'Austin' });
    expect(parsePartnerLocation('Austin, Texas')).toEqual({ city: 'Austin', state: 'TX' });
    expect(parsePartnerLocation('Toronto, Ontario')).toEqual({ city: 'Toronto', state: 'Ontario' });
  });

  it.each([
    ['30.27', 'must be "City, ST" or "lat,lon[,radiusKm]"'],
    ['30.27,-97.74,5,1', 'must be "City, ST" or "lat,lon[,radiusKm]"'],
    [',', 'must be "City, ST" or "lat,lon[,radiusKm]"'],
    ['91,0', 'latitude must be between -90 and 90'],
    ['0,181', 'longitude must be between -180 and 180'],
    ['0,0,0', 'radius must be more than 0 and at most 500 km'],
    ['0,0,501', 'radius must be more than 0 and at most 500 km'],
  ])('rejects %j naming the location field', (raw, issue) => {
    expect(() => parsePartnerLocation(raw)).toThrow(ValidationError);
    try {
      parsePartnerLocation(raw);
    } catch (error) {
      expect((error as ValidationError).details).toEqual({ field: 'location', issue });
    }
  });
});
