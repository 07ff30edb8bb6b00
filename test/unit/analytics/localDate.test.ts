import { localDateOf, startOfLocalDay } from '../../../src/domain/localTime';
import { businessTimeZone } from '../../../src/domain/timeZone';

it("gives the business's local day of an instant", () => {
  expect(localDateOf('2026-03-02T03:00:00Z', 'America/Chicago')).toBe('2026-03-01');
  expect(localDateOf('2026-03-02T03:00:00Z', 'Asia/Tokyo')).toBe('2026-03-02');
  expect(localDateOf('2026-03-01T23:30:00Z', 'Asia/Kolkata')).toBe('2026-03-02'); // +05:30
});

it('finds local midnight in UTC, across daylight-saving changes', () => {
  expect(startOfLocalDay('2026-03-08', 'America/Chicago').toISOString()).toBe('2026-03-08T06:00:00.000Z'); // CST that midnight
  expect(startOfLocalDay('2026-03-09', 'America/Chicago').toISOString()).toBe('2026-03-09T05:00:00.000Z'); // CDT
  expect(startOfLocalDay('2026-07-01', 'Europe/London').toISOString()).toBe('2026-06-30T23:00:00.000Z');
  expect(startOfLocalDay('2026-07-01', 'UTC').toISOString()).toBe('2026-07-01T00:00:00.000Z');
});

it('takes the zone from coordinates, UTC without them', () => {
  expect(businessTimeZone({ coordinates: { lat: 30.27, lon: -97.74 } })).toBe('America/Chicago');
  expect(businessTimeZone({})).toBe('UTC');
});
