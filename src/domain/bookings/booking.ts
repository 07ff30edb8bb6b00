// A booking of a bookable service and its lifecycle:
//   pending -> confirmed | declined            (the business owner)
//   pending | confirmed -> cancelled           (the business owner or the customer who booked, before the start)
//   confirmed -> completed | no_show           (the business owner, once the start has passed)
// A service that takes payment books into pending_payment instead of pending:
//   pending_payment -> confirmed               (the payment came in: the system, never a person)
//   pending_payment -> expired                 (the hold window ran out unpaid: the system)
//   pending_payment -> cancelled               (either side, before the start)
// Every other move is refused naming the current status. A booking holds one of its start
// time's seats (the service's capacity) while pending_payment, pending, confirmed, completed or
// no_show; declining, cancelling or expiring frees it.
import { ConflictError, ForbiddenError } from '../errors';
import type { Environment } from '../profile';
import type { BookingPayment } from './bookingPayment';

export const BOOKING_STATUSES = ['pending_payment', 'pending', 'confirmed', 'declined', 'cancelled', 'expired', 'completed', 'no_show'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const SEAT_HOLDING_STATUSES: readonly BookingStatus[] = ['pending_payment', 'pending', 'confirmed', 'completed', 'no_show'];

export const CUSTOMER_NAME_MAX = 200;
export const NOTES_MAX = 2000;

export interface BookingCustomer {
  name: string;
  email?: string;
  /** E.164. */
  phone?: string;
}

/** Who moved a booking: its business, its customer, or the system on the payment provider's word. */
export const BOOKING_ACTORS = ['business', 'customer', 'system'] as const;
export type BookingActor = (typeof BOOKING_ACTORS)[number];

export interface BookingHistoryEntry {
  status: BookingStatus;
  at: string;
  by: BookingActor;
  reason?: string;
}

export interface Booking {
  id: string; // bkg_
  environment: Environment;
  businessId: string;
  serviceId: string;
  /** The service's name when booked: what both sides read later even if the service changes. */
  serviceName: string;
  /** The account that made the booking; it may read and cancel it. */
  createdBy: string;
  /** ISO 8601 UTC instants. */
  start: string;
  end: string;
  /** The business's zone when booked; times are shown with its offset. */
  timeZone: string;
  status: BookingStatus;
  customer: BookingCustomer;
  notes?: string;
  /** The consumer journey (X-Session-ID) the booking converts, for attribution. */
  journeyId?: string;
  /** The service's fixed price when booked, if it had one. */
  price?: { amount: number; currency: string };
  /** What the booking must be paid, and how that stands (services that take payment only). */
  payment?: BookingPayment;
  /** Which of the start time's seats it holds (0-based); meaningful while it holds one. */
  seat: number;
  history: BookingHistoryEntry[];
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** Where a page of bookings ordered by (start, id) ended. */
export interface BookingPosition {
  start: string;
  id: string;
}

export function holdsSeat(status: BookingStatus): boolean {
  return SEAT_HOLDING_STATUSES.includes(status);
}

function invalid(current: BookingStatus, requested: BookingStatus, why: string): ConflictError {
  return new ConflictError('INVALID_BOOKING_TRANSITION', `The booking is ${current}; it cannot become ${requested}: ${why}`, { currentStatus: current, requestedStatus: requested });
}

/**
 * Checks that `actor` may move a booking from its status to `requested` at `now`; throws 403 for a
 * move only the business may make, 409 INVALID_BOOKING_TRANSITION (naming the current status) otherwise.
 */
export function assertTransition(booking: Pick<Booking, 'status' | 'start'>, requested: BookingStatus, actor: BookingActor, now: Date): void {
  const current = booking.status;
  const started = now.getTime() >= Date.parse(booking.start);
  if (requested === 'cancelled') {
    if (current !== 'pending' && current !== 'confirmed' && current !== 'pending_payment') {
      throw invalid(current, requested, 'only a booking awaiting payment, pending or confirmed can be cancelled');
    }
    if (started) throw invalid(current, requested, 'it has already started');
    return;
  }
  if (current === 'pending_payment' || requested === 'expired' || requested === 'pending_payment') {
    // Payment decides these: confirmed once paid, expired when the hold ran out.
    if (actor !== 'system') throw invalid(current, requested, 'a booking awaiting payment is confirmed by its payment, or cancelled');
    if (current !== 'pending_payment' || (requested !== 'confirmed' && requested !== 'expired')) throw invalid(current, requested, 'only a booking awaiting payment is confirmed or expired by the system');
    return;
  }
  if (actor === 'customer') throw new ForbiddenError(`Only the business can set a booking to ${requested}; a customer can only cancel`);
  if (requested === 'confirmed' || requested === 'declined') {
    if (current !== 'pending') throw invalid(current, requested, 'only a pending booking can be confirmed or declined');
    return;
  }
  if (requested === 'completed' || requested === 'no_show') {
    if (current !== 'confirmed') throw invalid(current, requested, 'only a confirmed booking can be completed or marked as a no-show');
    if (!started) throw invalid(current, requested, 'it has not started yet');
    return;
  }
  throw invalid(current, requested, 'a booking never goes back to pending');
}
