// How many places each slot has taken: every held booking overlapping it counts, not only those
// starting with it. Bookings on the service's grid start with their slot; a booking made before
// the owner changed the service's duration (or hours) sits on the old grid and still takes a place
// in every new slot it overlaps, so a new booking can never push a moment over capacity.
import type { Slot } from './slots';

export interface HeldSpan {
  start: number;
  end: number;
}

/** Places taken per slot, by index; slots in time order, as slotsBetween returns them. */
export function heldPerSlot(slots: readonly Slot[], spans: readonly HeldSpan[]): number[] {
  const held = new Array<number>(slots.length).fill(0);
  for (const span of spans) {
    // First slot that ends after the span starts (slots are ordered and do not overlap each other).
    let low = 0;
    let high = slots.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (slots[middle].end <= span.start) low = middle + 1;
      else high = middle;
    }
    for (let index = low; index < slots.length && slots[index].start < span.end; index++) held[index] += 1;
  }
  return held;
}
