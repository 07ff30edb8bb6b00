// Found by the schemathesis run: a date far in the past or future made the bookings
// lists answer 500 (RangeError in time zone arithmetic) or read as a wrong instant.
import { ValidationError } from '../../../src/domain/errors';
import { windowEdge } from '../../../src/services/bookings/bookingWindow';

it.each([
  ['0000-01-01', false, 'from'],
  ['0001-01-01', false, 'from'],
  ['1000-01-01', true, 'to'],
  ['9999-12-31', true, 'to'],
])('refuses the date %s (end %s) as a VALIDATION_ERROR on %s, not a crash', (value, end, field) => {
  expect(() => windowEdge(value, 'America/Chicago', end)).toThrow(ValidationError);
  try {
    windowEdge(value, 'America/Chicago', end);
  } catch (error) {
    expect((error as ValidationError).details).toMatchObject({ field, issue: 'must be a date in the years 1900-9998' });
  }
});

it('reads a date in range as its local midnight in the zone', () => {
  // 2026-03-02 00:00 in Chicago (CST, UTC-6) is 06:00 UTC.
  expect(windowEdge('2026-03-02', 'America/Chicago', false)).toBe(Date.UTC(2026, 2, 2, 6, 0));
  // A `to` date includes its whole day: the next local midnight.
  expect(windowEdge('2026-03-02', 'America/Chicago', true)).toBe(Date.UTC(2026, 2, 3, 6, 0));
});
