import { heldPerSlot } from '../../../src/domain/bookings/heldPerSlot';

const slot = (start: number, end: number) => ({ start, end, businessDay: '2026-11-30' });

describe('heldPerSlot', () => {
  const slots = [slot(0, 30), slot(30, 60), slot(60, 90), slot(90, 120)];

  it('counts a booking in every slot it overlaps, and not in those it only touches', () => {
    expect(heldPerSlot(slots, [{ start: 0, end: 60 }])).toEqual([1, 1, 0, 0]);
    expect(heldPerSlot(slots, [{ start: 45, end: 75 }])).toEqual([0, 1, 1, 0]);
    expect(heldPerSlot(slots, [{ start: 120, end: 180 }, { start: -60, end: 0 }])).toEqual([0, 0, 0, 0]);
  });

  it('adds up bookings that share slots', () => {
    expect(heldPerSlot(slots, [{ start: 30, end: 60 }, { start: 30, end: 60 }, { start: 0, end: 120 }])).toEqual([1, 3, 1, 1]);
  });

  it('handles no slots and no bookings', () => {
    expect(heldPerSlot([], [{ start: 0, end: 10 }])).toEqual([]);
    expect(heldPerSlot(slots, [])).toEqual([0, 0, 0, 0]);
  });
});
