import type { WeeklyHours } from '../../../src/domain/profile';
import { decodeSchedule, encodeSchedule, hoursReason, matchesOpening, type Opening, scheduleMatcher } from '../../../src/domain/search/openingFilter';

const weekdays = (open: string, close: string): WeeklyHours =>
  Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((day) => [day, { open, close }]));
const bar: Opening = {
  hours: { friday: { open: '18:00', close: '02:00' }, saturday: { open: '18:00', close: '23:00' }, sunday: { closed: true } },
  timeZone: 'America/Chicago',
  blackoutDates: ['2026-12-25'],
};
const office: Opening = { hours: weekdays('09:00', '17:00'), timeZone: 'Asia/Tokyo', blackoutDates: [] };

describe('matchesOpening', () => {
  // Sunday 2026-11-22 15:30 UTC: 09:30 Sunday in Chicago, 00:30 Monday in Tokyo.
  const at = '2026-11-22T15:30:00.000Z';

  it('open now, in the business\'s own zone, past midnight and around blackout dates', () => {
    expect(matchesOpening(bar, { at: '2026-11-21T07:30:00.000Z', openNow: true })).toBe(true); // Sat 01:30, Friday's span
    expect(matchesOpening(bar, { at: '2026-11-21T09:30:00.000Z', openNow: true })).toBe(false); // Sat 03:30
    expect(matchesOpening({ ...bar, blackoutDates: ['2026-11-20'] }, { at: '2026-11-21T07:30:00.000Z', openNow: true })).toBe(false);
    expect(matchesOpening(office, { at: '2026-11-23T01:00:00.000Z', openNow: true })).toBe(true); // Mon 10:00 Tokyo
    expect(matchesOpening(office, { at, openNow: true })).toBe(false);
  });

  it('today and tomorrow: the day in the business\'s own zone, with its blackout dates', () => {
    // 09:30 Sunday in Chicago (the bar is closed Sundays), 00:30 Monday in Tokyo (the office opens at 09:00).
    expect(matchesOpening(bar, { at, relativeDay: 'today' })).toBe(false);
    expect(matchesOpening(office, { at, relativeDay: 'today' })).toBe(true);
    expect(matchesOpening({ ...office, blackoutDates: ['2026-11-23'] }, { at, relativeDay: 'today' })).toBe(false);
    // Tomorrow is Monday in Chicago and Tuesday in Tokyo.
    expect(matchesOpening(bar, { at, relativeDay: 'tomorrow' })).toBe(false);
    expect(matchesOpening(office, { at, relativeDay: 'tomorrow' })).toBe(true);
    expect(matchesOpening({ ...office, blackoutDates: ['2026-11-24'] }, { at, relativeDay: 'tomorrow' })).toBe(false);
  });

  it('tonight: still open at 20:00, or at the time of asking when later, and after midnight the night still going on', () => {
    const friday = { ...bar, hours: { ...bar.hours, friday: { open: '18:00', close: '21:30' } } };
    // Friday 15:00 in Chicago: open past 20:00 tonight.
    expect(matchesOpening(friday, { at: '2026-11-20T21:00:00.000Z', relativeDay: 'tonight' })).toBe(true);
    // Friday 22:00 in Chicago: it closed at 21:30.
    expect(matchesOpening(friday, { at: '2026-11-21T04:00:00.000Z', relativeDay: 'tonight' })).toBe(false);
    // Saturday 01:30 in Chicago: Friday's night, the original bar is open until 02:00.
    expect(matchesOpening(bar, { at: '2026-11-21T07:30:00.000Z', relativeDay: 'tonight' })).toBe(true);
    expect(matchesOpening(friday, { at: '2026-11-21T07:30:00.000Z', relativeDay: 'tonight' })).toBe(false);
    // Sunday: closed.
    expect(matchesOpening(bar, { at, relativeDay: 'tonight' })).toBe(false);
  });

  it('open at a clock time: on the day, or in the night after it before 05:00', () => {
    expect(matchesOpening(bar, { at, day: 'friday', openAt: '19:00' })).toBe(true);
    expect(matchesOpening(bar, { at, day: 'friday', openAt: '17:00' })).toBe(false);
    expect(matchesOpening(bar, { at, day: 'friday', openAt: '01:30' })).toBe(true); // Saturday 01:30, Friday's span
    expect(matchesOpening(bar, { at, day: 'saturday', openAt: '01:30' })).toBe(false); // Saturday's span ends 23:00
    // "Open at 10am" today: Monday in Tokyo; a blackout on that date closes it.
    expect(matchesOpening(office, { at, openAt: '10:00' })).toBe(true);
    expect(matchesOpening({ ...office, blackoutDates: ['2026-11-23'] }, { at, openAt: '10:00' })).toBe(false);
  });

  it('open until a clock time: closes then or later, past midnight for a time before 05:00', () => {
    expect(matchesOpening(bar, { at, day: 'friday', openUntil: '02:00' })).toBe(true);
    expect(matchesOpening(bar, { at, day: 'friday', openUntil: '03:00' })).toBe(false);
    expect(matchesOpening(bar, { at, day: 'saturday', openUntil: '23:00' })).toBe(true);
    expect(matchesOpening(bar, { at, day: 'saturday', openUntil: '02:00' })).toBe(false);
    expect(matchesOpening(office, { at, day: 'monday', openUntil: '17:00' })).toBe(true);
    expect(matchesOpening(office, { at, day: 'monday', openUntil: '18:00' })).toBe(false);
    // Friday 2026-12-25 is a blackout date in Chicago: "until 2am" that Friday from its Thursday is about Friday's night.
    const christmasEve = '2026-12-24T20:00:00.000Z';
    expect(matchesOpening({ ...bar, hours: { thursday: { open: '18:00', close: '02:00' } } }, { at: christmasEve, openUntil: '02:00' })).toBe(false);
    expect(matchesOpening({ ...bar, hours: { thursday: { open: '18:00', close: '02:00' } }, blackoutDates: [] }, { at: christmasEve, openUntil: '02:00' })).toBe(true);
  });

  it('open on a weekday: has hours that day', () => {
    expect(matchesOpening(bar, { at, day: 'friday' })).toBe(true);
    expect(matchesOpening(bar, { at, day: 'sunday' })).toBe(false);
    expect(matchesOpening(bar, { at, day: 'monday' })).toBe(false);
  });

  it('open late: on the named day, or on today in the business\'s own zone', () => {
    expect(matchesOpening(bar, { at, day: 'friday', late: true })).toBe(true); // past midnight
    expect(matchesOpening(bar, { at, day: 'saturday', late: true })).toBe(true); // 23:00
    expect(matchesOpening(office, { at, day: 'monday', late: true })).toBe(false);
    // Today is Sunday in Chicago (closed) and Monday in Tokyo (closes 17:00): neither is late.
    expect(matchesOpening(bar, { at, late: true })).toBe(false);
    expect(matchesOpening({ ...office, hours: weekdays('09:00', '23:00') }, { at, late: true })).toBe(true);
    expect(matchesOpening({ ...office, hours: weekdays('09:00', '23:00'), timeZone: 'America/Chicago' }, { at, late: true })).toBe(false);
  });

  it('open 24 hours: all day on the named day or today, by weekly hours and blackout dates', () => {
    const allWeek = (open: string, close: string): WeeklyHours =>
      Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [day, { open, close }]));
    const pharmacy: Opening = { hours: { ...allWeek('00:00', '00:00'), sunday: { open: '08:00', close: '20:00' } }, timeZone: 'America/Chicago', blackoutDates: [] };
    expect(matchesOpening(pharmacy, { at, day: 'monday', allDay: true })).toBe(true);
    expect(matchesOpening(pharmacy, { at, allDay: true })).toBe(false); // today is Sunday in Chicago
    expect(matchesOpening(pharmacy, { at, relativeDay: 'tomorrow', allDay: true })).toBe(true);
    expect(matchesOpening({ ...pharmacy, blackoutDates: ['2026-11-23'] }, { at, relativeDay: 'tomorrow', allDay: true })).toBe(false);
    // 00:00-23:59 and any equal open and close are all day; a night that runs past midnight is not.
    expect(matchesOpening({ ...pharmacy, hours: allWeek('00:00', '23:59') }, { at, allDay: true })).toBe(true);
    expect(matchesOpening({ ...pharmacy, hours: allWeek('06:00', '06:00') }, { at, allDay: true })).toBe(true);
    expect(matchesOpening({ ...pharmacy, hours: allWeek('06:00', '05:59') }, { at, allDay: true })).toBe(false);
    expect(matchesOpening(bar, { at, day: 'friday', allDay: true })).toBe(false);
  });

  it('on the weekend: the conditions hold on Saturday or on Sunday', () => {
    expect(matchesOpening(office, { at, weekend: true })).toBe(false);
    expect(matchesOpening(bar, { at, weekend: true })).toBe(true); // Saturday 18:00-23:00
    expect(matchesOpening({ ...bar, hours: { sunday: { open: '10:00', close: '14:00' } } }, { at, weekend: true })).toBe(true);
    expect(matchesOpening(bar, { at, weekend: true, late: true })).toBe(true); // Saturday until 23:00
    expect(matchesOpening(bar, { at, weekend: true, openAt: '10:00' })).toBe(false);
    // Friday's span runs into Saturday 01:00, but "the weekend at 1am" is the night after Saturday or Sunday.
    expect(matchesOpening(bar, { at, weekend: true, openAt: '01:00' })).toBe(false);
    // A named day wins over the weekend.
    expect(matchesOpening(bar, { at, weekend: true, day: 'monday' })).toBe(false);
  });

  it('treats a business without a zone as UTC', () => {
    expect(matchesOpening({ hours: weekdays('09:00', '17:00'), blackoutDates: [] }, { at: '2026-11-23T09:30:00.000Z', openNow: true })).toBe(true);
    expect(matchesOpening({ hours: weekdays('09:00', '17:00'), blackoutDates: [] }, { at: '2026-11-23T17:30:00.000Z', openNow: true })).toBe(false);
  });
});

describe('hoursReason', () => {
  // Friday 2026-11-20 21:00 UTC: 15:00 Friday in Chicago.
  const friday = '2026-11-20T21:00:00.000Z';
  const allNight: Opening = { ...bar, hours: { ...bar.hours, sunday: { open: '00:00', close: '00:00' } } };

  it('gives the hours of the day the condition is about, in words', () => {
    expect(hoursReason(bar, { at: friday, late: true })).toBe('open today 6pm-2am');
    expect(hoursReason(bar, { at: friday, relativeDay: 'tonight' })).toBe('open tonight 6pm-2am');
    expect(hoursReason(bar, { at: friday, relativeDay: 'tomorrow' })).toBe('open tomorrow 6pm-11pm');
    expect(hoursReason(bar, { at: friday, day: 'saturday', openAt: '21:00' })).toBe('open on Saturday 6pm-11pm');
    expect(hoursReason(office, { at: friday, day: 'monday' })).toBe('open on Monday 9am-5pm');
    expect(hoursReason(allNight, { at: friday, day: 'sunday', allDay: true })).toBe('open 24 hours on Sunday');
  });

  it('takes Saturday, else Sunday, for the weekend', () => {
    expect(hoursReason(bar, { at: friday, weekend: true })).toBe('open on Saturday 6pm-11pm');
    expect(hoursReason(allNight, { at: friday, weekend: true, allDay: true })).toBe('open 24 hours on Sunday');
  });

  it('says nothing for "open now" alone, or when the business does not pass', () => {
    expect(hoursReason(bar, { at: friday, openNow: true })).toBeUndefined();
    expect(hoursReason(office, { at: friday, late: true })).toBeUndefined();
    expect(hoursReason(bar, { at: friday, day: 'sunday' })).toBeUndefined();
  });
});

describe('schedule codes', () => {
  it('write the zone, each day in minutes from Monday, and the blackout dates', () => {
    expect(encodeSchedule(bar)).toBe('America/Chicago|||||1080-120|1080-1380||2026-12-25');
    expect(encodeSchedule({ hours: { monday: { open: '9:00', close: '17:00' } }, blackoutDates: [] })).toBe('UTC||||||||');
  });

  it('decode to an opening every filter answers the same for', () => {
    const instants = ['2026-11-21T07:30:00.000Z', '2026-11-22T15:30:00.000Z', '2026-11-23T01:00:00.000Z', '2026-12-25T20:00:00.000Z'];
    const filters = [
      { openNow: true }, { day: 'friday' as const }, { late: true }, { day: 'saturday' as const, late: true },
      { relativeDay: 'tomorrow' as const }, { relativeDay: 'tonight' as const }, { openAt: '01:00' }, { openUntil: '02:00', day: 'friday' as const },
    ];
    for (const opening of [bar, office, { hours: {}, blackoutDates: ['2026-01-01', '2026-01-02'] }]) {
      const decoded = decodeSchedule(encodeSchedule(opening));
      expect(decoded.blackoutDates).toEqual(opening.blackoutDates);
      const match = scheduleMatcher({ at: instants[0], openNow: true });
      expect(match(encodeSchedule(opening))).toBe(matchesOpening(opening, { at: instants[0], openNow: true }));
      for (const at of instants) {
        for (const filter of filters) expect(matchesOpening(decoded, { at, ...filter })).toBe(matchesOpening(opening, { at, ...filter }));
      }
    }
  });
});
