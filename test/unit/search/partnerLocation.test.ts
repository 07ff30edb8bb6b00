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

  it('reads a city and state without a comma and a state alone, keeping the city as typed', () => {
    expect(parsePartnerLocation('Austin TX')).toEqual({ city: 'Austin', state: 'TX' });
    expect(parsePartnerLocation('San Antonio Texas')).toEqual({ city: 'San Antonio', state: 'TX' });
    expect(parsePartnerLocation('Portland OR')).toEqual({ city: 'Portland', state: 'OR' });
    expect(parsePartnerLocation('Smallville KS')).toEqual({ city: 'Smallville', state: 'KS' });
    expect(parsePartnerLocation('Texas')).toEqual({ state: 'TX' });
    expect(parsePartnerLocation('tx')).toEqual({ state: 'TX' });
    // The index compares city names exactly: another spelling is not swapped for the list's.
    expect(parsePartnerLocation('St Paul MN')).toEqual({ city: 'St Paul', state: 'MN' });
    expect(parsePartnerLocation('St Paul, MN')).toEqual({ city: 'St Paul', state: 'MN' });
    // A known city whose name is also a state stays the city; a lower-case word is not a state.
    expect(parsePartnerLocation('New York')).toEqual({ city: 'New York' });
    expect(parsePartnerLocation('Kansas City')).toEqual({ city: 'Kansas City' });
    expect(parsePartnerLocation('Smallville or')).toEqual({ city: 'Smallville or' });
    // ...unless the words before it are a known city of that state (GeoNames knows Bend, Oregon).
    expect(parsePartnerLocation('Bend or')).toEqual({ city: 'Bend', state: 'OR' });
    expect(parsePartnerLocation('me')).toEqual({ city: 'me' });
    // A state name ending a town's name is not split off unless the rest is a known city of that state.
    expect(parsePartnerLocation('Port Washington')).toEqual({ city: 'Port Washington' });
    expect(parsePartnerLocation('West New York')).toEqual({ city: 'West New York' });
    expect(parsePartnerLocation('Washington')).toEqual({ city: 'Washington' });
    expect(parsePartnerLocation('Austin TX 78701')).toEqual({ city: 'Austin', state: 'TX', postalCode: '78701' });
  });

  it('reads a ZIP code, alone or after the city and state', () => {
    expect(parsePartnerLocation('78701')).toEqual({ postalCode: '78701' });
    expect(parsePartnerLocation(' 78701-1234 ')).toEqual({ postalCode: '78701-1234' });
    expect(parsePartnerLocation('Austin, TX 78701')).toEqual({ city: 'Austin', state: 'TX', postalCode: '78701' });
    expect(parsePartnerLocation('Austin, Texas, 78701')).toEqual({ city: 'Austin', state: 'TX', postalCode: '78701' });
  });

  it.each([
    ['30.27', 'must be "City, ST", a ZIP code or "lat,lon[,radiusKm]"'],
    ['30.27,-97.74,5,1', 'must be "City, ST", a ZIP code or "lat,lon[,radiusKm]"'],
    ['30.27,-97.74,5km', 'must be "City, ST", a ZIP code or "lat,lon[,radiusKm]"'],
    ['30.27,-97.74,1e1', 'must be "City, ST", a ZIP code or "lat,lon[,radiusKm]"'],
    [',', 'must be "City, ST", a ZIP code or "lat,lon[,radiusKm]"'],
    ['787011', 'must be "City, ST", a ZIP code or "lat,lon[,radiusKm]"'],
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
