import { ValidationError } from '../../src/domain/errors';
import { localTime } from '../../src/domain/localTime';
import { closesAtOrAfter, isOpenAt, isOpenOn, minutesOf, spokenClock } from '../../src/domain/openingHours';
import type { WeeklyHours } from '../../src/domain/profile';

const at = (iso: string) => new Date(iso);
const nineToFive: WeeklyHours = Object.fromEntries(
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, { open: '09:00', close: '17:00' }]),
);

describe('localTime', () => {
  it('gives the weekday, minutes and date in the named zone', () => {
    // Monday 2024-07-01 20:00 UTC
    expect(localTime('America/Chicago', at('2024-07-01T20:00:00Z'))).toEqual({ weekday: 'monday', minutes: 15 * 60, date: '2024-07-01' });
    expect(localTime('Europe/Berlin', at('2024-07-01T20:00:00Z'))).toEqual({ weekday: 'monday', minutes: 22 * 60, date: '2024-07-01' });
    expect(localTime('Asia/Tokyo', at('2024-07-01T20:00:00Z'))).toEqual({ weekday: 'tuesday', minutes: 5 * 60, date: '2024-07-02' });
  });

  it('reports local midnight as minute 0', () => {
    expect(localTime('UTC', at('2024-07-02T00:00:00Z'))).toEqual({ weekday: 'tuesday', minutes: 0, date: '2024-07-02' });
  });

  it('follows daylight saving time: the UTC offset changes, the wall clock is what counts', () => {
    // Chicago springs forward on Sunday 2024-03-10: 14:30 UTC is 08:30 CST the day before, 09:30 CDT after.
    expect(localTime('America/Chicago', at('2024-03-09T14:30:00Z')).minutes).toBe(8 * 60 + 30);
    expect(localTime('America/Chicago', at('2024-03-10T14:30:00Z')).minutes).toBe(9 * 60 + 30);
    // Berlin springs forward on 2024-03-31.
    expect(localTime('Europe/Berlin', at('2024-03-30T07:30:00Z')).minutes).toBe(8 * 60 + 30);
    expect(localTime('Europe/Berlin', at('2024-03-31T07:30:00Z')).minutes).toBe(9 * 60 + 30);
  });

  it('reads the repeated hour after falling back as the same wall-clock time', () => {
    // Chicago falls back on 2024-11-03: 01:30 happens at 06:30 UTC (CDT) and again at 07:30 UTC (CST).
    expect(localTime('America/Chicago', at('2024-11-03T06:30:00Z')).minutes).toBe(90);
    expect(localTime('America/Chicago', at('2024-11-03T07:30:00Z')).minutes).toBe(90);
  });

  it('rejects an unknown time zone with a validation error', () => {
    expect(() => localTime('Mars/Olympus_Mons', new Date())).toThrow(ValidationError);
  });
});

describe('minutesOf', () => {
  it('parses HH:MM and rejects malformed values', () => {
    expect(minutesOf('00:00')).toBe(0);
    expect(minutesOf('23:59')).toBe(1439);
    expect(minutesOf('24:00')).toBeNull();
    expect(minutesOf('9:00')).toBeNull();
    expect(minutesOf('09:60')).toBeNull();
    expect(minutesOf('12:30')).toBe(750);
    expect(minutesOf('19:05')).toBe(1145);
    for (const bad of ['30:00', '2a:00', '09-00', ' 9:00', '09:5x', '09:000', '', '/0:00', '0:000']) {
      expect([bad, minutesOf(bad)]).toEqual([bad, null]);
    }
    // @ts-expect-error -- what stored hours written without types can hold
    expect(minutesOf(undefined)).toBeNull();
  });
});

describe('spokenClock', () => {
  it.each([
    [0, 'midnight'],
    [30, '12:30am'],
    [9 * 60, '9am'],
    [12 * 60, 'noon'],
    [12 * 60 + 15, '12:15pm'],
    [17 * 60 + 30, '5:30pm'],
    [23 * 60 + 59, '11:59pm'],
  ])('%i minutes is %s', (minutes, expected) => {
    expect(spokenClock(minutes)).toBe(expected);
  });
});

describe('isOpenAt', () => {
  it('answers in the business time zone: the same instant is open in Chicago and closed in Berlin', () => {
    const when = at('2024-07-01T20:00:00Z'); // 15:00 in Chicago, 22:00 in Berlin
    expect(isOpenAt(nineToFive, [], 'America/Chicago', when)).toBe(true);
    expect(isOpenAt(nineToFive, [], 'Europe/Berlin', when)).toBe(false);
  });

  it('opens at the open minute and closes at the close minute', () => {
    expect(isOpenAt(nineToFive, [], 'UTC', at('2024-07-01T09:00:00Z'))).toBe(true);
    expect(isOpenAt(nineToFive, [], 'UTC', at('2024-07-01T08:59:00Z'))).toBe(false);
    expect(isOpenAt(nineToFive, [], 'UTC', at('2024-07-01T16:59:00Z'))).toBe(true);
    expect(isOpenAt(nineToFive, [], 'UTC', at('2024-07-01T17:00:00Z'))).toBe(false);
  });

  it('uses local wall-clock hours across a DST change', () => {
    // 14:30 UTC: 08:30 on the Saturday before Chicago's spring-forward, 09:30 on the Sunday.
    expect(isOpenAt(nineToFive, [], 'America/Chicago', at('2024-03-09T14:30:00Z'))).toBe(false);
    expect(isOpenAt(nineToFive, [], 'America/Chicago', at('2024-03-10T14:30:00Z'))).toBe(true);
    // Berlin, a week later: 07:30 UTC is 08:30 CET on the 30th and 09:30 CEST on the 31st.
    expect(isOpenAt(nineToFive, [], 'Europe/Berlin', at('2024-03-30T07:30:00Z'))).toBe(false);
    expect(isOpenAt(nineToFive, [], 'Europe/Berlin', at('2024-03-31T07:30:00Z'))).toBe(true);
  });

  it('treats a day marked closed or absent as closed', () => {
    const hours: WeeklyHours = { monday: { closed: true } };
    expect(isOpenAt(hours, [], 'UTC', at('2024-07-01T12:00:00Z'))).toBe(false); // Monday
    expect(isOpenAt(hours, [], 'UTC', at('2024-07-02T12:00:00Z'))).toBe(false); // Tuesday, absent
    expect(isOpenAt({}, [], 'UTC', at('2024-07-02T12:00:00Z'))).toBe(false);
  });

  describe('past midnight (close earlier than open)', () => {
    // Friday 18:00-02:00 in Austin; Saturday closed.
    const bar: WeeklyHours = { friday: { open: '18:00', close: '02:00' }, saturday: { closed: true } };
    const tz = 'America/Chicago'; // July: UTC-5

    it('is open on Friday evening', () => {
      expect(isOpenAt(bar, [], tz, at('2024-07-06T04:00:00Z'))).toBe(true); // Fri 23:00
      expect(isOpenAt(bar, [], tz, at('2024-07-05T22:59:00Z'))).toBe(false); // Fri 17:59
    });

    it("covers the early hours of Saturday from Friday's span, even though Saturday is closed", () => {
      expect(isOpenAt(bar, [], tz, at('2024-07-06T06:30:00Z'))).toBe(true); // Sat 01:30
      expect(isOpenAt(bar, [], tz, at('2024-07-06T07:00:00Z'))).toBe(false); // Sat 02:00
      expect(isOpenAt(bar, [], tz, at('2024-07-06T20:00:00Z'))).toBe(false); // Sat 15:00
    });

    it('does not open the early hours of Friday itself', () => {
      expect(isOpenAt(bar, [], tz, at('2024-07-05T06:30:00Z'))).toBe(false); // Fri 01:30, Thursday has no hours
    });

    it('wraps Sunday night into Monday morning', () => {
      const sunday: WeeklyHours = { sunday: { open: '20:00', close: '03:00' } };
      expect(isOpenAt(sunday, [], 'UTC', at('2024-07-08T02:00:00Z'))).toBe(true); // Monday 02:00
      expect(isOpenAt(sunday, [], 'UTC', at('2024-07-08T03:00:00Z'))).toBe(false);
    });

    it('treats a close of 00:00 as closing at midnight', () => {
      const late: WeeklyHours = { friday: { open: '18:00', close: '00:00' } };
      expect(isOpenAt(late, [], 'UTC', at('2024-07-05T23:59:00Z'))).toBe(true);
      expect(isOpenAt(late, [], 'UTC', at('2024-07-06T00:00:00Z'))).toBe(false);
    });
  });

  describe('open all day (open equals close)', () => {
    it('00:00-00:00 is open at every minute of that day only', () => {
      const hours: WeeklyHours = { monday: { open: '00:00', close: '00:00' } };
      expect(isOpenAt(hours, [], 'UTC', at('2024-07-01T00:00:00Z'))).toBe(true);
      expect(isOpenAt(hours, [], 'UTC', at('2024-07-01T23:59:00Z'))).toBe(true);
      expect(isOpenAt(hours, [], 'UTC', at('2024-07-02T00:30:00Z'))).toBe(false);
    });

    it('any equal open and close means 24 hours', () => {
      expect(isOpenAt({ monday: { open: '06:00', close: '06:00' } }, [], 'UTC', at('2024-07-01T03:00:00Z'))).toBe(true);
    });
  });

  describe('blackout dates', () => {
    it('closes the whole local day', () => {
      expect(isOpenAt(nineToFive, ['2024-07-04'], 'America/Chicago', at('2024-07-04T17:00:00Z'))).toBe(false); // 12:00 local
      expect(isOpenAt(nineToFive, ['2024-07-04'], 'America/Chicago', at('2024-07-05T17:00:00Z'))).toBe(true);
    });

    it('compares against the local date, not the UTC date', () => {
      // 2024-07-05 02:00 UTC is still 2024-07-04 21:00 in Chicago; 2024-07-04 16:00 UTC is already 2024-07-05 01:00 in Tokyo.
      const allDay: WeeklyHours = { thursday: { open: '00:00', close: '00:00' }, friday: { open: '00:00', close: '00:00' } };
      expect(isOpenAt(allDay, ['2024-07-04'], 'America/Chicago', at('2024-07-05T02:00:00Z'))).toBe(false);
      expect(isOpenAt(allDay, ['2024-07-04'], 'Asia/Tokyo', at('2024-07-04T16:00:00Z'))).toBe(true);
    });

    it('closes early hours on a blackout date that a previous-day span would cover', () => {
      const bar: WeeklyHours = { friday: { open: '18:00', close: '02:00' } };
      expect(isOpenAt(bar, ['2024-07-06'], 'UTC', at('2024-07-06T01:00:00Z'))).toBe(false);
    });

    it('stops a past-midnight span that starts on a blackout date from spilling into the next day', () => {
      const bar: WeeklyHours = { friday: { open: '18:00', close: '02:00' } };
      expect(isOpenAt(bar, ['2024-07-05'], 'UTC', at('2024-07-06T01:00:00Z'))).toBe(false);
      expect(isOpenAt(bar, ['2024-06-28'], 'UTC', at('2024-07-06T01:00:00Z'))).toBe(true);
    });
  });
});

describe('isOpenOn', () => {
  it('is true only for days with hours', () => {
    const hours: WeeklyHours = { monday: { open: '09:00', close: '17:00' }, sunday: { closed: true } };
    expect(isOpenOn(hours, 'monday')).toBe(true);
    expect(isOpenOn(hours, 'sunday')).toBe(false);
    expect(isOpenOn(hours, 'tuesday')).toBe(false);
  });

  it('ignores malformed times', () => {
    expect(isOpenOn({ monday: { open: '9am', close: '5pm' } }, 'monday')).toBe(false);
  });
});

describe('closesAtOrAfter ("open late")', () => {
  const late = 22 * 60;
  it('is true when the day closes at or after the given time', () => {
    expect(closesAtOrAfter({ friday: { open: '17:00', close: '22:00' } }, 'friday', late)).toBe(true);
    expect(closesAtOrAfter({ friday: { open: '17:00', close: '23:30' } }, 'friday', late)).toBe(true);
    expect(closesAtOrAfter({ friday: { open: '17:00', close: '21:59' } }, 'friday', late)).toBe(false);
  });

  it('is true for spans past midnight, including a close of 00:00', () => {
    expect(closesAtOrAfter({ friday: { open: '18:00', close: '02:00' } }, 'friday', late)).toBe(true);
    expect(closesAtOrAfter({ friday: { open: '18:00', close: '00:00' } }, 'friday', late)).toBe(true);
  });

  it('is true for 24-hour days and false for closed or absent days', () => {
    expect(closesAtOrAfter({ friday: { open: '00:00', close: '00:00' } }, 'friday', late)).toBe(true);
    expect(closesAtOrAfter({ friday: { closed: true } }, 'friday', late)).toBe(false);
    expect(closesAtOrAfter({}, 'friday', late)).toBe(false);
  });
});
