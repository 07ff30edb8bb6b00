// Bookings: availability of a bookable service, booking a start time, the lifecycle,
// and who may see what. Only the business owner and the account that booked ever see a booking
// (anyone else gets 404), so the customer's contact reaches no one else; it is never logged and
// never part of an analytics event. Each stored change carries its webhook event (booking.created
// / booking.updated, to the business's owner) into the repository write, which stores both or
// neither; a confirmation records a `conversion` analytics event through the optional EventRecorder.
import type { Static } from 'typebox';
import type { availabilityQuerySchema, bookingListQuerySchema, createBookingBodySchema, updateBookingBodySchema } from '../../schemas/endpoints/bookings';
import { assertTransition, type Booking, type BookingActor } from '../../domain/bookings/booking';
import { refundOnCancellation } from '../../domain/bookings/bookingPayment';
import type { Logger } from '../../logger';
import type { BookingCheckout } from '../payments/bookingCheckout';
import type { BookingSettlement } from '../payments/bookingSettlement';
import { heldPerSlot } from '../../domain/bookings/heldPerSlot';
import { slotUnavailable } from '../../domain/bookings/slotUnavailable';
import { slotsBetween } from '../../domain/bookings/slots';
import { isoInZone } from '../../domain/localTime';
import { timeZoneAt as findZone } from '../../domain/timeZone';
import { ConflictError, NotFoundError, PreconditionFailedError, ValidationError } from '../../domain/errors';
import { newId } from '../../domain/ids';
import { isOpenAt } from '../../domain/openingHours';
import { normalizePhone, phoneIssue } from '../../domain/phone';
import type { Principal } from '../../domain/principal';
import { locationOf, type BusinessProfile } from '../../domain/profile';
import { isSessionId } from '../../domain/sessionId';
import type { EventRecorder } from '../../ports/eventRecorder';
import type { Store } from '../../ports/store';
import type { Clock, ProfileAccess } from '../profileMutation';
import { type BookableService, findBookableService } from './bookableService';
import { decodeBookingCursor, encodeBookingCursor } from './bookingCursor';
import { presentBooking } from './bookingPresenter';
import { resolveWindow, windowEdge } from './bookingWindow';
import { bookingEvent } from '../webhooks/webhookEvents';
import { recordBookingConversion } from './bookingConversion';

export const AVAILABILITY_MAX_DAYS = 31;
export const BOOKING_HORIZON_DAYS = 365;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const MAX_RACE_RETRIES = 5;

export type NewBookingInput = Static<typeof createBookingBodySchema>;
export type BookingListQuery = Static<typeof bookingListQuerySchema>;
type AvailabilityQuery = Static<typeof availabilityQuerySchema>;
type StatusChange = Static<typeof updateBookingBodySchema>;

function bookingNotFound(id: string): NotFoundError {
  return new NotFoundError(`Booking ${id} does not exist`, 'BOOKING_NOT_FOUND');
}

export interface BookingServiceDeps {
  store: Store;
  access: ProfileAccess;
  clock: Clock;
  recorder?: Pick<EventRecorder, 'record'>;
  /** Services that take payment: their checkouts, and what cancelling a paid booking gives back. */
  payments: { checkout: BookingCheckout; settlement: BookingSettlement; logger: Pick<Logger, 'warn'> };
}

export function createBookingService({ store, access, clock, recorder, payments }: BookingServiceDeps) {
  async function availability(principal: Principal, businessId: string, serviceId: string, query: AvailabilityQuery) {
    const { rules, capacity } = await findBookableService(store, principal.environment, businessId, serviceId);
    const now = clock();
    const window = resolveWindow(query, { timeZone: rules.timeZone, now, maxDays: AVAILABILITY_MAX_DAYS, defaultDays: 7 });
    const from = Math.max(window.from, now.getTime() + 1);
    const slots = from < window.to ? slotsBetween(rules, from, window.to) : [];
    const spans = slots.length > 0 ? await heldSpans(principal, businessId, serviceId, slots[0].start, slots[slots.length - 1].end) : [];
    const held = heldPerSlot(slots, spans);
    return {
      businessId,
      serviceId,
      timeZone: rules.timeZone,
      duration: rules.duration,
      capacity,
      from: isoInZone(rules.timeZone, window.from),
      to: isoInZone(rules.timeZone, window.to),
      slots: slots
        .map((slot, index) => ({ slot, remaining: capacity - held[index] }))
        .filter(({ remaining }) => remaining > 0)
        .map(({ slot, remaining }) => ({ start: isoInZone(rules.timeZone, slot.start), end: isoInZone(rules.timeZone, slot.end), remaining })),
    };
  }

  async function heldSpans(principal: Principal, businessId: string, serviceId: string, fromMs: number, toMs: number) {
    const spans = await store.bookings.heldSpans(principal.environment, businessId, serviceId, new Date(fromMs).toISOString(), new Date(toMs).toISOString());
    return spans.map((span) => ({ start: Date.parse(span.start), end: Date.parse(span.end) }));
  }

  /** The slot `startMs` is, or the refusal that says why it is none. */
  function slotAt({ rules }: BookableService, startMs: number, now: Date) {
    if (startMs <= now.getTime()) throw new ValidationError('start', 'must be in the future');
    if (startMs > now.getTime() + BOOKING_HORIZON_DAYS * DAY_MS) throw new ValidationError('start', `must be within ${BOOKING_HORIZON_DAYS} days from now`);
    const slot = slotsBetween(rules, startMs, startMs + 1).find((candidate) => candidate.start === startMs);
    if (slot) return slot;
    const when = new Date(startMs);
    const lastMinute = new Date(startMs + (rules.duration - 1) * MINUTE_MS);
    if (isOpenAt(rules.hours, [], rules.timeZone, when) && !isOpenAt(rules.hours, rules.blackoutDates, rules.timeZone, when)) {
      throw new ConflictError('BLACKOUT_DATE', 'The business is closed on that date (a blackout date)', { field: 'start', issue: 'falls on a blackout date' });
    }
    if (!isOpenAt(rules.hours, rules.blackoutDates, rules.timeZone, when) || !isOpenAt(rules.hours, rules.blackoutDates, rules.timeZone, lastMinute)) {
      throw new ConflictError('OUTSIDE_BUSINESS_HOURS', 'The service would not start and end within the business\'s opening hours', {
        field: 'start',
        issue: 'is outside opening hours for the service\'s duration',
      });
    }
    throw new ValidationError('start', `is not one of this service's start times (every ${rules.duration} minutes from opening); see its availability`);
  }

  function customerOf(input: NewBookingInput['customer'], country: string | undefined) {
    if (input.email === undefined && input.phone === undefined) throw new ValidationError('customer', 'needs an email or a phone (or both)');
    let phone: string | undefined;
    if (input.phone !== undefined) {
      phone = normalizePhone(input.phone, country) ?? undefined;
      if (!phone) throw new ValidationError('customer.phone', phoneIssue(input.phone, country));
    }
    return { name: input.name, ...(input.email !== undefined && { email: input.email }), ...(phone !== undefined && { phone }) };
  }

  async function create(principal: Principal, input: NewBookingInput, sessionHeader: string | undefined, origin: string) {
    const bookable = await findBookableService(store, principal.environment, input.businessId, input.serviceId);
    const now = clock();
    const slot = slotAt(bookable, Date.parse(input.start), now);
    const { profile, service, rules, capacity } = bookable;
    // A service that takes payment holds the place awaiting it (or refuses when it cannot be paid).
    const payment = await payments.checkout.prepare(principal.environment, profile, service, slot.start);
    const status = payment ? 'pending_payment' : 'pending';
    // Bookings from before a change of the service's duration or hours can overlap this slot from
    // another start; they hold places of their own start, so the seats of this one are fewer.
    const overlapping = (await heldSpans(principal, profile.id, service.id, slot.start, slot.end)).filter((span) => span.start !== slot.start).length;
    if (capacity - overlapping <= 0) throw slotUnavailable(new Date(slot.start).toISOString());
    const journeyId = input.journeyId ?? (isSessionId(sessionHeader) ? sessionHeader : undefined);
    const at = now.toISOString();
    const booking: Booking = {
      id: newId('bkg'),
      environment: principal.environment,
      businessId: profile.id,
      serviceId: service.id,
      serviceName: service.name,
      createdBy: principal.accountId,
      start: new Date(slot.start).toISOString(),
      end: new Date(slot.end).toISOString(),
      timeZone: rules.timeZone,
      status,
      customer: customerOf(input.customer, locationOf(profile).address?.country),
      ...(input.notes !== undefined && { notes: input.notes }),
      ...(journeyId !== undefined && { journeyId }),
      ...(service.pricing?.type === 'fixed' && { price: { amount: service.pricing.amount, currency: service.pricing.currency } }),
      ...(payment && { payment }),
      seat: 0,
      history: [{ status, at, by: principal.accountId === profile.ownerId ? 'business' : 'customer' }],
      version: 1,
      createdAt: at,
      updatedAt: at,
    };
    const stored = await store.bookings.create(booking, capacity - overlapping, [bookingEvent('booking.created', profile, booking, now)]);
    if (!payment) return presentBooking(stored);
    const pages = { ...(input.successUrl && { successUrl: input.successUrl }), ...(input.cancelUrl && { cancelUrl: input.cancelUrl }) };
    return presentBooking(await payments.checkout.open(stored, profile, origin, pages));
  }

  /** The booking, its business and the caller's side of it; 404 for anyone who is neither side. */
  async function visible(principal: Principal, id: string): Promise<{ booking: Booking; business: BusinessProfile | null; actor: Exclude<BookingActor, 'system'> }> {
    const booking = await store.bookings.get(principal.environment, id);
    if (!booking) throw bookingNotFound(id);
    const business = await store.profiles.get(principal.environment, booking.businessId, { includeDeleted: true });
    if (business?.ownerId === principal.accountId) return { booking, business, actor: 'business' };
    if (booking.createdBy === principal.accountId) return { booking, business, actor: 'customer' };
    throw bookingNotFound(id);
  }

  async function read(principal: Principal, id: string) {
    return presentBooking((await visible(principal, id)).booking);
  }

  async function changeStatus(principal: Principal, id: string, change: StatusChange) {
    for (let attempt = 0; ; attempt++) {
      const { booking, business, actor } = await visible(principal, id);
      const now = clock();
      assertTransition(booking, change.status, actor, now);
      const at = now.toISOString();
      // A paid booking cancelled gives its money back by the service's rule (the business always in full).
      const refund = change.status === 'cancelled' && booking.payment && !booking.payment.refund ? refundOnCancellation(booking.payment, actor, now) : null;
      const next: Booking = {
        ...booking,
        ...(refund && booking.payment && { payment: { ...booking.payment, refund: { ...refund, state: 'due' } } }),
        status: change.status,
        history: [...booking.history, { status: change.status, at, by: actor, ...(change.reason !== undefined && { reason: change.reason }) }],
        version: booking.version + 1,
        updatedAt: at,
      };
      try {
        // A business that is gone entirely has no owner to tell.
        await store.bookings.replace(next, booking.version, business ? [bookingEvent('booking.updated', business, next, now)] : undefined);
      } catch (error) {
        // Someone else moved it meanwhile: check the move again against what it is now.
        if (error instanceof PreconditionFailedError && attempt < MAX_RACE_RETRIES) continue;
        throw error;
      }
      if (next.status === 'confirmed') recordBookingConversion(recorder, next, now);
      await settlePayment(booking, next);
      return presentBooking(next);
    }
  }

  /** After a cancellation: an unpaid checkout is closed, a refund due is sent; what fails now, the payment worker retries. */
  async function settlePayment(before: Booking, after: Booking): Promise<void> {
    const settle = before.status === 'pending_payment' ? payments.settlement.closeUnpaid(after) : after.payment?.refund?.state === 'due' ? payments.settlement.sendRefund(after) : undefined;
    await settle?.catch((error: unknown) => payments.logger.warn({ err: error, bookingId: after.id }, 'payment not settled yet after the cancellation; the payment worker retries'));
  }

  /** The list's date filter; open-ended on either side, dates read in the business's zone. */
  function listWindow(query: BookingListQuery, timeZone: string): { from?: string; to?: string } {
    const from = query.from !== undefined ? windowEdge(query.from, timeZone, false) : undefined;
    const to = query.to !== undefined ? windowEdge(query.to, timeZone, true) : undefined;
    if (from !== undefined && to !== undefined && to <= from) throw new ValidationError('to', 'must be after from');
    return { ...(from !== undefined && { from: new Date(from).toISOString() }), ...(to !== undefined && { to: new Date(to).toISOString() }) };
  }

  async function listForBusiness(principal: Principal, businessId: string, query: BookingListQuery) {
    const profile = await access.owned(principal, businessId);
    const { coordinates } = locationOf(profile);
    const timeZone = coordinates ? findZone(coordinates) : 'UTC';
    const page = await store.bookings.pageByBusiness(principal.environment, businessId, {
      ...(query.status && { status: query.status }),
      ...listWindow(query, timeZone),
      after: decodeBookingCursor(query.cursor),
      limit: query.limit,
    });
    return listAnswer(page, query.limit);
  }

  async function listMine(principal: Principal, query: BookingListQuery) {
    const page = await store.bookings.pageByCreator(principal.environment, principal.accountId, {
      ...(query.status && { status: query.status }),
      ...listWindow(query, 'UTC'),
      after: decodeBookingCursor(query.cursor),
      limit: query.limit,
    });
    return listAnswer(page, query.limit);
  }

  function listAnswer(page: { items: Booking[]; next?: { start: string; id: string }; total: number }, limit: number) {
    return {
      bookings: page.items.map(presentBooking),
      pagination: page.next
        ? { limit, hasMore: true, nextCursor: encodeBookingCursor(page.next), total: page.total }
        : { limit, hasMore: false, total: page.total },
    };
  }

  return { availability, create, read, changeStatus, listForBusiness, listMine };
}

export type BookingService = ReturnType<typeof createBookingService>;
