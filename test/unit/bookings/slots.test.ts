// Slot arithmetic of bookable services: hours in the business's zone, past-midnight spans,
// blackout days and DST nights. Expected instants are written out by hand.
import { slotsBetween, type SlotRules } from '../../../src/domain/bookings/slots';
import { instantOfLocal, isoInZone } from '../../../src/domain/localTime';

const NY = 'America/New_York';
const CHICAGO = 'America/Chicago';

function starts(rules: SlotRules, from: string, to: string): string[] {
  return slotsBetween(rules, Date.parse(from), Date.parse(to)).map((slot) => isoInZone(rules.timeZone, slot.start));
}

describe('slotsBetween', () => {
  it('starts at opening, every duration minutes, ending by closing (Chicago, winter)', () => {
    const rules: SlotRules = { hours: { monday: { open: '09:00', close: '12:00' } }, blackoutDates: [], timeZone: CHICAGO, duration: 60 };
    expect(starts(rules, '2026-11-30T00:00:00-06:00', '2026-12-01T00:00:00-06:00')).toEqual([
      '2026-11-30T09:00:00-06:00',
      '2026-11-30T10:00:00-06:00',
      '2026-11-30T11:00:00-06:00',
    ]);
    const slots = slotsBetween(rules, Date.parse('2026-11-30T00:00:00-06:00'), Date.parse('2026-12-01T00:00:00-06:00'));
    expect(new Date(slots[0].start).toISOString()).toBe('2026-11-30T15:00:00.000Z');
    expect(new Date(slots[0].end).toISOString()).toBe('2026-11-30T16:00:00.000Z');
  });

  it('drops a last slot that would end after closing', () => {
    const rules: SlotRules = { hours: { monday: { open: '09:00', close: '11:00' } }, blackoutDates: [], timeZone: CHICAGO, duration: 45 };
    expect(starts(rules, '2026-11-30T00:00:00-06:00', '2026-12-01T00:00:00-06:00')).toEqual(['2026-11-30T09:00:00-06:00', '2026-11-30T09:45:00-06:00']);
  });

  it('gives no slot on a day marked closed or without hours', () => {
    const rules: SlotRules = { hours: { monday: { closed: true } }, blackoutDates: [], timeZone: CHICAGO, duration: 30 };
    expect(starts(rules, '2026-11-30T00:00:00-06:00', '2026-12-07T00:00:00-06:00')).toEqual([]);
  });

  it('runs a past-midnight span into the next day, found from a window that starts on that next day', () => {
    const rules: SlotRules = { hours: { friday: { open: '22:00', close: '02:00' } }, blackoutDates: [], timeZone: NY, duration: 60 };
    expect(starts(rules, '2026-11-27T00:00:00-05:00', '2026-11-29T00:00:00-05:00')).toEqual([
      '2026-11-27T22:00:00-05:00',
      '2026-11-27T23:00:00-05:00',
      '2026-11-28T00:00:00-05:00',
      '2026-11-28T01:00:00-05:00',
    ]);
    // Only Saturday asked for: Friday's tail is still there.
    expect(starts(rules, '2026-11-28T00:00:00-05:00', '2026-11-29T00:00:00-05:00')).toEqual(['2026-11-28T00:00:00-05:00', '2026-11-28T01:00:00-05:00']);
  });

  it('closes a blackout date whole: no slot on it, and the previous night stops at its midnight', () => {
    const hours = { friday: { open: '22:00', close: '02:00' }, saturday: { open: '10:00', close: '12:00' } };
    const saturdayOff: SlotRules = { hours, blackoutDates: ['2026-11-28'], timeZone: NY, duration: 60 };
    expect(starts(saturdayOff, '2026-11-27T00:00:00-05:00', '2026-11-29T00:00:00-05:00')).toEqual(['2026-11-27T22:00:00-05:00', '2026-11-27T23:00:00-05:00']);
    // A blackout Friday takes its past-midnight tail with it; Saturday's own hours stay.
    const fridayOff: SlotRules = { hours, blackoutDates: ['2026-11-27'], timeZone: NY, duration: 60 };
    expect(starts(fridayOff, '2026-11-27T00:00:00-05:00', '2026-11-29T00:00:00-05:00')).toEqual(['2026-11-28T10:00:00-05:00', '2026-11-28T11:00:00-05:00']);
  });

  it('gives a night that gains an hour (clocks back, New York 2026-11-01) one more hourly slot, 01:00 twice', () => {
    const rules: SlotRules = { hours: { saturday: { open: '22:00', close: '02:00' } }, blackoutDates: [], timeZone: NY, duration: 60 };
    expect(starts(rules, '2026-10-31T00:00:00-04:00', '2026-11-02T00:00:00-05:00')).toEqual([
      '2026-10-31T22:00:00-04:00',
      '2026-10-31T23:00:00-04:00',
      '2026-11-01T00:00:00-04:00',
      '2026-11-01T01:00:00-04:00',
      '2026-11-01T01:00:00-05:00',
    ]);
  });

  it('gives a night that loses an hour (clocks forward, New York 2026-03-08) one hourly slot fewer, skipping 02:00', () => {
    const rules: SlotRules = { hours: { saturday: { open: '22:00', close: '04:00' } }, blackoutDates: [], timeZone: NY, duration: 60 };
    expect(starts(rules, '2026-03-07T00:00:00-05:00', '2026-03-09T00:00:00-04:00')).toEqual([
      '2026-03-07T22:00:00-05:00',
      '2026-03-07T23:00:00-05:00',
      '2026-03-08T00:00:00-05:00',
      '2026-03-08T01:00:00-05:00',
      '2026-03-08T03:00:00-04:00',
    ]);
  });

  it('keeps daytime slots at the same wall-clock times across a DST change', () => {
    const rules: SlotRules = { hours: { saturday: { open: '09:00', close: '10:00' }, sunday: { open: '09:00', close: '10:00' } }, blackoutDates: [], timeZone: NY, duration: 60 };
    expect(starts(rules, '2026-03-07T00:00:00-05:00', '2026-03-09T00:00:00-04:00')).toEqual(['2026-03-07T09:00:00-05:00', '2026-03-08T09:00:00-04:00']);
  });

  it('reads opening equal to closing as the whole day', () => {
    const rules: SlotRules = { hours: { monday: { open: '00:00', close: '00:00' } }, blackoutDates: [], timeZone: CHICAGO, duration: 360 };
    expect(starts(rules, '2026-11-30T00:00:00-06:00', '2026-12-01T00:00:00-06:00')).toEqual([
      '2026-11-30T00:00:00-06:00',
      '2026-11-30T06:00:00-06:00',
      '2026-11-30T12:00:00-06:00',
      '2026-11-30T18:00:00-06:00',
    ]);
  });

  it('keeps only starts inside the window [from, to)', () => {
    const rules: SlotRules = { hours: { monday: { open: '09:00', close: '12:00' } }, blackoutDates: [], timeZone: CHICAGO, duration: 60 };
    expect(starts(rules, '2026-11-30T10:00:00-06:00', '2026-11-30T11:00:00-06:00')).toEqual(['2026-11-30T10:00:00-06:00']);
  });
});

describe('zoned time', () => {
  it('finds the first of a repeated local time and moves a skipped one past the jump', () => {
    expect(new Date(instantOfLocal(NY, '2026-11-01', 90)).toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(new Date(instantOfLocal(NY, '2026-03-08', 150)).toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(new Date(instantOfLocal('Asia/Kolkata', '2026-06-01', 0)).toISOString()).toBe('2026-05-31T18:30:00.000Z');
  });

  it('writes an instant with the zone\'s offset at that instant', () => {
    expect(isoInZone(NY, Date.parse('2026-07-04T16:00:00Z'))).toBe('2026-07-04T12:00:00-04:00');
    expect(isoInZone('Asia/Kolkata', Date.parse('2026-07-04T16:00:00Z'))).toBe('2026-07-04T21:30:00+05:30');
    expect(isoInZone('UTC', Date.parse('2026-07-04T16:00:00Z'))).toBe('2026-07-04T16:00:00+00:00');
  });
});
