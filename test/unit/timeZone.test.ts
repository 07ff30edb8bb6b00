import { ValidationError } from '../../src/domain/errors';
import { isKnownTimeZone } from '../../src/domain/localTime';
import { timeZoneAt } from '../../src/domain/timeZone';

describe('timeZoneAt', () => {
  it.each([
    [{ lat: 30.2672, lon: -97.7431 }, 'America/Chicago'], // Austin
    [{ lat: 39.7392, lon: -104.9903 }, 'America/Denver'],
    [{ lat: 40.7128, lon: -74.006 }, 'America/New_York'],
    [{ lat: 33.4484, lon: -112.074 }, 'America/Phoenix'],
    [{ lat: 52.52, lon: 13.405 }, 'Europe/Berlin'],
    [{ lat: 51.5074, lon: -0.1278 }, 'Europe/London'],
    [{ lat: 35.6762, lon: 139.6503 }, 'Asia/Tokyo'],
    [{ lat: -33.8688, lon: 151.2093 }, 'Australia/Sydney'],
  ])('finds the zone of %o', (coords, zone) => {
    expect(timeZoneAt(coords)).toBe(zone);
  });

  it('returns a zone that Intl can use, even in open ocean', () => {
    const zone = timeZoneAt({ lat: 0, lon: -150 });
    expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone })).not.toThrow();
  });

  it('rejects out-of-range or non-numeric coordinates with a validation error', () => {
    expect(() => timeZoneAt({ lat: 91, lon: 0 })).toThrow(ValidationError);
    expect(() => timeZoneAt({ lat: 0, lon: -181 })).toThrow(ValidationError);
    expect(() => timeZoneAt({ lat: NaN, lon: 0 })).toThrow(ValidationError);
  });
});

describe('isKnownTimeZone', () => {
  it('answers the same when asked again (the answer is remembered per zone)', () => {
    for (let round = 0; round < 2; round++) {
      expect(isKnownTimeZone('America/Chicago')).toBe(true);
      expect(isKnownTimeZone('Asia/Kathmandu')).toBe(true);
      expect(isKnownTimeZone('Fantasia/Castle')).toBe(false);
      expect(isKnownTimeZone('')).toBe(false);
    }
  });
});
