// Bookings in `bookings`, their held seats in `booking_seats` (unique per start time and seat).
// Without transactions the two are separate writes, ordered so capacity is never exceeded:
// claim a seat, then insert the booking (freeing the seat if that is refused); on a status that
// frees the seat, swap the booking first, then delete the seat. A seat left behind by a crash
// between two writes points at a booking that is missing or no longer holds it; the next claim
// of that start time reclaims it (a missing booking only after a grace period, as its insert may
// still be on its way). A write's webhook events ride inside the booking document it writes
// (webhooks/embeddedOutbox.ts), so a booking refused for its seat stores no event.
import type { Model } from 'mongoose';
import { PreconditionFailedError } from '../../domain/errors';
import { type Booking, holdsSeat, SEAT_HOLDING_STATUSES } from '../../domain/bookings/booking';
import { dayBefore } from '../../domain/bookings/dayBefore';
import { slotUnavailable } from '../../domain/bookings/slotUnavailable';
import type { BookingPageOptions, BookingRepository } from '../../ports/store';
import type { BookingDoc, BookingSeatDoc } from './schemas/bookingSchema';
import { duplicateKeyIndex, guard, isRejectedWrite } from './translateError';
import { outboxOf, swapCarryingOutbox } from './webhooks/embeddedOutbox';
import type { WriteMarks } from './writeMarks';

const SEAT_GRACE_MS = 60_000;

function toBooking({ _id, webhookOutbox: _outbox, writeMarks: _marks, ...fields }: BookingDoc): Booking {
  return { id: _id, ...fields };
}

export interface BookingRepositoryDeps {
  bookings: Model<BookingDoc>;
  seats: Model<BookingSeatDoc>;
  marks: WriteMarks;
  now?: () => number;
}

export function createBookingRepository({ bookings, seats, marks, now = Date.now }: BookingRepositoryDeps): BookingRepository {
  /** True when the seat was taken by this booking. */
  async function claim(booking: Booking, seat: number): Promise<boolean> {
    const doc = {
      environment: booking.environment,
      businessId: booking.businessId,
      serviceId: booking.serviceId,
      start: booking.start,
      seat,
      bookingId: booking.id,
      claimedAt: new Date(now()).toISOString(),
    };
    try {
      await seats.create(doc);
      return true;
    } catch (error) {
      if (duplicateKeyIndex(error) === undefined) throw error;
    }
    if (!(await reclaimStale(booking, seat))) return false;
    try {
      await seats.create(doc);
      return true;
    } catch (error) {
      if (duplicateKeyIndex(error) === undefined) throw error;
      return false;
    }
  }

  async function reclaimStale(booking: Booking, seat: number): Promise<boolean> {
    const key = { environment: booking.environment, businessId: booking.businessId, serviceId: booking.serviceId, start: booking.start, seat };
    const held = await seats.findOne(key).lean<BookingSeatDoc & { _id: unknown }>();
    if (!held) return true;
    const holder = await bookings.findOne({ _id: held.bookingId }, { status: 1 }).lean<Pick<BookingDoc, 'status'>>();
    const stale = holder ? !holdsSeat(holder.status) : now() - Date.parse(held.claimedAt) >= SEAT_GRACE_MS;
    if (!stale) return false;
    await seats.deleteOne({ _id: held._id, bookingId: held.bookingId });
    return true;
  }

  async function page(field: 'businessId' | 'createdBy', environment: Booking['environment'], owner: string, options: BookingPageOptions) {
    const filter: Record<string, unknown> = { environment, [field]: owner };
    if (options.status) filter.status = options.status;
    if (options.from || options.to) filter.start = { ...(options.from && { $gte: options.from }), ...(options.to && { $lt: options.to }) };
    const after = options.after
      ? { $or: [{ start: { $gt: options.after.start } }, { start: options.after.start, _id: { $gt: options.after.id } }] }
      : {};
    const size = Math.max(1, Math.trunc(options.limit));
    const [docs, total] = await Promise.all([
      bookings.find({ $and: [filter, after] }).sort({ start: 1, _id: 1 }).limit(size + 1).lean<BookingDoc[]>(),
      bookings.countDocuments(filter),
    ]);
    const items = docs.slice(0, size).map(toBooking);
    const last = items.at(-1);
    return docs.length > size && last ? { items, next: { start: last.start, id: last.id }, total } : { items, total };
  }

  return {
    create: (booking, capacity, events) =>
      guard(async () => {
        const redone = await marks.redone(bookings);
        if (redone) return toBooking(redone);
        for (let seat = 0; seat < Math.max(1, Math.trunc(capacity)); seat++) {
          if (!(await claim(booking, seat))) continue;
          const stored = { ...booking, seat };
          const { id, ...fields } = stored;
          try {
            await bookings.create({ _id: id, ...fields, webhookOutbox: outboxOf(events), writeMarks: marks.carried() });
          } catch (error) {
            if (isRejectedWrite(error)) await seats.deleteOne({ bookingId: id }).catch(() => undefined);
            throw error;
          }
          return structuredClone(stored);
        }
        throw slotUnavailable(booking.start);
      }),
    get: (environment, id) =>
      guard(async () => {
        const doc = await bookings.findOne({ _id: id, environment }).lean<BookingDoc>();
        return doc ? toBooking(doc) : null;
      }),
    replace: (next, expectedVersion, events) =>
      guard(async () => {
        const { id, ...fields } = next;
        const redone = await marks.redone(bookings, { _id: id });
        if (redone) return toBooking(redone);
        if (!(await swapCarryingOutbox(bookings, { _id: id, ...fields }, expectedVersion, events, marks))) {
          throw new PreconditionFailedError(`Booking ${id} is not at version ${expectedVersion}`);
        }
        // A seat left here by a failure is reclaimed by the next claim of its start time.
        if (!holdsSeat(next.status)) await seats.deleteOne({ bookingId: id }).catch(() => undefined);
        return structuredClone(next);
      }),
    heldSpans: (environment, businessId, serviceId, from, to) =>
      guard(async () => {
        // A booking lasts at most a day, so one that overlaps [from, to) starts after from minus a day.
        const docs = await bookings
          .find(
            { environment, businessId, serviceId, status: { $in: [...SEAT_HOLDING_STATUSES] }, start: { $gte: dayBefore(from), $lt: to }, end: { $gt: from } },
            { start: 1, end: 1 },
          )
          .sort({ start: 1, _id: 1 })
          .lean<Array<Pick<BookingDoc, 'start' | 'end'>>>();
        return docs.map(({ start, end }) => ({ start, end }));
      }),
    pageByBusiness: (environment, businessId, options) => guard(() => page('businessId', environment, businessId, options)),
    pageByCreator: (environment, accountId, options) => guard(() => page('createdBy', environment, accountId, options)),
    holdsExpiredBy: (now, limit) =>
      guard(async () => {
        const docs = await bookings.find({ status: 'pending_payment', 'payment.holdExpiresAt': { $lte: now } }).sort({ 'payment.holdExpiresAt': 1 }).limit(limit).lean<BookingDoc[]>();
        return docs.map(toBooking);
      }),
    refundsDue: (limit) =>
      guard(async () => (await bookings.find({ 'payment.refund.state': 'due' }).limit(limit).lean<BookingDoc[]>()).map(toBooking)),
  };
}
