// The opening bitsets of the embedded index (openingMasks.ts): expected bits worked out by hand.
// Hour of the week: 0 = Monday 00:00-00:59 UTC, 120 = Saturday 00:00 UTC, 167 = Sunday 23:00 UTC.
import { documentOpeningMasks, openingMaskConditions, utcHourOfWeek, weeklyOpenIntervals } from '../../../src/adapters/sqlite/search/openingMasks';
import type { WeeklyHours } from '../../../src/domain/profile';

/** The hours of the week whose bit is set, across the three masks. */
function openHours(hours: WeeklyHours, timeZone?: string): number[] {
  const masks = documentOpeningMasks({ hours, ...(timeZone && { timeZone }) });
  const set: number[] = [];
  [masks.openH0, masks.openH1, masks.openH2].forEach((mask, m) => {
    for (let bit = 0; bit < 56; bit++) if ((mask >> BigInt(bit)) & 1n) set.push(m * 56 + bit);
  });
  return set;
}

describe('opening bitsets', () => {
  it('marks a past-midnight span (Friday 18:00-02:00 in Los Angeles) under both its winter and summer offsets', () => {
    // PST (UTC-8): Friday 18:00 = Saturday 02:00 UTC (hour 122) to Saturday 02:00 = 10:00 UTC (last open hour 129).
    // PDT (UTC-7): Saturday 01:00 UTC (hour 121) to 09:00 UTC (last open hour 128).
    expect(openHours({ friday: { open: '18:00', close: '02:00' } }, 'America/Los_Angeles')).toEqual([121, 122, 123, 124, 125, 126, 127, 128, 129]);
  });

  it('wraps a Sunday night span into Monday morning of the same week', () => {
    // UTC: Sunday 22:00 (hour 166) to Monday 03:00, last open minute 02:59 (hour 2).
    expect(openHours({ sunday: { open: '22:00', close: '03:00' } })).toEqual([0, 1, 2, 166, 167]);
  });

  it('marks the whole day for a day that opens and closes at the same time, without running into the next', () => {
    expect(openHours({ tuesday: { open: '10:00', close: '10:00' } }, 'Europe/London')).toEqual(
      // Tuesday is hours 24-47 in UTC; London is UTC+1 in summer, so its Tuesday also starts at Monday 23:00 UTC.
      Array.from({ length: 25 }, (_, i) => 23 + i),
    );
  });

  it('marks nothing for a business without hours, and every hour for a zone it cannot resolve', () => {
    expect(openHours({})).toEqual([]);
    expect(openHours({ monday: { open: '09:00', close: '10:00' } }, 'Not/AZone')).toHaveLength(168);
  });

  it('sets a day bit for each weekday with hours, closed days left out', () => {
    const masks = documentOpeningMasks({ hours: { monday: { open: '09:00', close: '17:00' }, saturday: { open: '10:00', close: '14:00' }, sunday: { closed: true } } });
    expect(masks.openDays).toBe(0b0100001);
  });

  it('reads local spans as minutes of the week from Monday 00:00', () => {
    expect(weeklyOpenIntervals({ monday: { open: '09:00', close: '17:30' }, sunday: { open: '23:00', close: '01:00' } })).toEqual([
      [540, 1050],
      [6 * 1440 + 1380, 7 * 1440 + 60],
    ]);
  });

  it('asks for the bit of the UTC hour of the week, the named day, or Saturday or Sunday', () => {
    // Wednesday 2026-11-25 14:10 UTC: hour 2*24+14 = 62, the second mask's bit 6.
    expect(utcHourOfWeek(new Date('2026-11-25T14:10:00Z'))).toBe(62);
    expect(openingMaskConditions({ at: '2026-11-25T14:10:00Z', openNow: true })).toEqual({
      conditions: ['coalesce((d.open_h1 >> @openHourBit) & 1, 1) = 1'],
      params: { openHourBit: 6 },
    });
    expect(openingMaskConditions({ at: '2026-11-25T14:10:00Z', day: 'saturday', late: true })).toEqual({
      conditions: ['coalesce((d.open_days >> @openDayBit) & 1, 1) = 1'],
      params: { openDayBit: 5 },
    });
    expect(openingMaskConditions({ at: '2026-11-25T14:10:00Z', weekend: true }).conditions).toEqual(['coalesce(d.open_days & 96, 1) <> 0']);
    // "open late", "open at 9pm", "today": no prefilter, the exact rules alone.
    expect(openingMaskConditions({ at: '2026-11-25T14:10:00Z', late: true, openAt: '21:00' })).toEqual({ conditions: [], params: {} });
  });
});
