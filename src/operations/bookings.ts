// Bookings: availability of a bookable service, booking, reading, status changes, lists.
// Availability and booking are also MCP tools (get_availability, create_booking).
import Type from 'typebox';
import { scope } from '../core/operation';
import { requestSchema, responseSchema } from '../schemas/catalogue';
import { availabilityQuerySchema, bookingListQuerySchema } from '../schemas/endpoints/bookings';
import { operation } from './declare';

const tag = 'Bookings';
const readBookings = scope('read:bookings');
const writeBookings = scope('write:bookings');
/** An assistant's retry of a booking sends the key it made for the first try (REST: the Idempotency-Key header). */
const idempotencyKeyArgument = Type.String({ minLength: 1, maxLength: 255, description: 'Makes a retry safe: the same key replays the first answer' });

export const getAvailability = operation({
  name: 'getAvailability',
  access: readBookings,
  rateLimit: 'general',
  input: { path: ['businessId', 'serviceId'], query: availabilityQuerySchema },
  output: responseSchema('Availability'),
  errors: ['PROFILE_NOT_FOUND', 'SERVICE_NOT_FOUND', 'BUSINESS_NOT_PUBLISHED', 'SERVICE_NOT_BOOKABLE', 'QUOTE_REQUIRED'],
  http: { method: 'GET', path: '/business/profile/{businessId}/services/{serviceId}/availability' },
  docs: {
    tag,
    summary: 'Free start times of a bookable service (scope read:bookings)',
    description:
      'Computed from the weekly hours in the business\'s time zone (past-midnight hours run into the next day; a blackout date ' +
      'closes its whole day), the service\'s duration (slots every duration minutes from opening, ending by closing) and its ' +
      'capacity, minus the bookings holding a place (one made before a change of duration or hours takes a place in every slot it ' +
      'overlaps). A range is at most 31 days (VALIDATION_ERROR on to). Refusals: ' +
      'BUSINESS_NOT_PUBLISHED, SERVICE_NOT_BOOKABLE, QUOTE_REQUIRED (409), SERVICE_NOT_FOUND (404).',
    successDescription: 'The free start times.',
  },
  mcp: {
    tool: 'get_availability',
    skill: 'book',
    title: 'Open start times of a service',
    description:
      'Open start times of a bookable service (ids from get_business: services with bookable true), in the business\'s time zone, ' +
      'between from and to (default: the next 7 days; at most 31). Blackout dates and full slots are left out.',
    args: { describe: { from: 'ISO date or date-time; default now', to: 'ISO date or date-time; default 7 days after from' } },
  },
  run: async ({ bookings }, { principal, input }) => ({
    data: await bookings.availability(principal, input.path.businessId, input.path.serviceId, input.query),
  }),
});

export const listBusinessBookings = operation({
  name: 'listBusinessBookings',
  access: readBookings,
  rateLimit: 'general',
  input: { path: ['businessId'], query: bookingListQuerySchema },
  output: responseSchema('BookingList'),
  errors: ['PROFILE_NOT_FOUND'],
  http: { method: 'GET', path: '/business/profile/{businessId}/bookings' },
  docs: {
    tag,
    summary: 'The business\'s bookings (owner only, scope read:bookings)',
    description: 'Earliest start first; filter by status and by start (from, to); cursor paging.',
    successDescription: 'A page of bookings.',
  },
  run: async ({ bookings }, { principal, input }) => ({ data: await bookings.listForBusiness(principal, input.path.businessId, input.query) }),
});

export const createBooking = operation({
  name: 'createBooking',
  access: writeBookings,
  rateLimit: 'general',
  idempotent: true,
  input: { body: requestSchema('CreateBookingRequest') },
  output: responseSchema('Booking'),
  errors: [
    'PROFILE_NOT_FOUND', 'SERVICE_NOT_FOUND', 'OUTSIDE_BUSINESS_HOURS', 'BLACKOUT_DATE', 'SLOT_UNAVAILABLE', 'SERVICE_NOT_BOOKABLE', 'QUOTE_REQUIRED', 'BUSINESS_NOT_PUBLISHED',
    'PAYMENTS_NOT_READY', 'CHECKOUT_REFUSED', 'PAYMENTS_NOT_CONFIGURED', 'PAYMENT_PROVIDER_UNAVAILABLE',
  ],
  http: { method: 'POST', path: '/bookings', status: 201 },
  docs: {
    tag,
    summary: 'Book a start time (scope write:bookings)',
    description:
      'The new booking is pending until the business confirms or declines it. A service that takes payment (its payment.required ' +
      'deposit or full) books into pending_payment instead: the place is held for PAYMENT_HOLD_MINUTES (default 15) while the ' +
      'customer pays at payment.checkoutUrl (on the business\'s own account at the provider); the payment confirms it, an unpaid ' +
      'hold releases it (expired). Such a booking is refused with 409 PAYMENTS_NOT_READY while the business has not finished its ' +
      'payment onboarding, and 503 PAYMENTS_NOT_CONFIGURED on a server without payment keys. Refusals: start in the past, more than 365 days ' +
      'ahead, or not one of the service\'s start times (400 VALIDATION_ERROR on start); OUTSIDE_BUSINESS_HOURS, BLACKOUT_DATE, ' +
      'SLOT_UNAVAILABLE (every place taken; of two requests for the last place exactly one wins), SERVICE_NOT_BOOKABLE, ' +
      'QUOTE_REQUIRED, BUSINESS_NOT_PUBLISHED (409). A sandbox key books sandbox businesses only (and pays in the provider\'s test mode).',
    parameters: ['XSessionId'],
    successDescription: 'The booking.',
    successHeaders: { Location: 'Location' },
  },
  mcp: {
    tool: 'create_booking',
    skill: 'book',
    title: 'Book a service',
    description:
      'Book one start time from get_availability for the user. Needs the user\'s name and an email or phone; confirm the details with the user ' +
      'before calling. The booking starts as pending until the business confirms it. When the service takes payment (a deposit or the full ' +
      'price), the booking is pending_payment instead and payment.checkoutUrl is where the user pays: give the user that link and say the ' +
      'place is held until payment.holdExpiresAt. Send an idempotencyKey (a UUID) to make a retry after a ' +
      'lost answer safe: the same key answers with the first booking instead of booking twice.',
    args: {
      rename: { journeyId: 'sessionId' },
      headers: { idempotencyKey: { header: 'Idempotency-Key', schema: idempotencyKeyArgument } },
      describe: { start: 'A start from get_availability, with its offset', notes: 'For the business', sessionId: 'sessionId of the search that led here (attribution)' },
    },
  },
  run: async ({ bookings }, { principal, input, request }) => {
    // Without journeyId in the body, the X-Session-ID of the search it came from is its journey in analytics.
    const booking = await bookings.create(principal, input.body, request.header('X-Session-ID') || undefined, request.origin);
    return { data: booking, headers: { Location: `/v1/bookings/${booking.id}` } };
  },
});

export const listMyBookings = operation({
  name: 'listMyBookings',
  access: readBookings,
  rateLimit: 'general',
  input: { query: bookingListQuerySchema },
  output: responseSchema('BookingList'),
  errors: [],
  http: { method: 'GET', path: '/bookings' },
  docs: {
    tag,
    summary: 'The bookings this account made (scope read:bookings)',
    successDescription: 'A page of bookings, earliest start first.',
  },
  run: async ({ bookings }, { principal, input }) => ({ data: await bookings.listMine(principal, input.query) }),
});

export const getBooking = operation({
  name: 'getBooking',
  access: readBookings,
  rateLimit: 'general',
  input: { path: ['bookingId'] },
  output: responseSchema('Booking'),
  errors: ['BOOKING_NOT_FOUND'],
  http: { method: 'GET', path: '/bookings/{bookingId}' },
  docs: {
    tag,
    summary: 'One booking (scope read:bookings)',
    description: 'For the business owner and the account that booked it; anyone else gets 404 BOOKING_NOT_FOUND.',
    successDescription: 'The booking.',
  },
  run: async ({ bookings }, { principal, input }) => ({ data: await bookings.read(principal, input.path.bookingId) }),
});

export const updateBooking = operation({
  name: 'updateBooking',
  access: writeBookings,
  rateLimit: 'general',
  idempotent: true,
  input: { path: ['bookingId'], body: requestSchema('UpdateBookingRequest') },
  output: responseSchema('Booking'),
  errors: ['BOOKING_NOT_FOUND', 'INVALID_BOOKING_TRANSITION'],
  http: { method: 'PATCH', path: '/bookings/{bookingId}' },
  docs: {
    tag,
    summary: 'Confirm, decline, cancel, complete or mark a no-show (scope write:bookings)',
    description:
      'The owner confirms or declines a pending booking, and marks a confirmed one completed or no_show once it has started; ' +
      'either side cancels a pending or confirmed booking before its start (the account that booked may only cancel: 403 ' +
      'otherwise). Any other move is 409 INVALID_BOOKING_TRANSITION with details.currentStatus. Confirming records a conversion ' +
      'for the booking\'s journey in analytics (with its fixed price as the value). Declining or cancelling frees the place.',
    successDescription: 'The booking after the change.',
  },
  run: async ({ bookings }, { principal, input }) => ({ data: await bookings.changeStatus(principal, input.path.bookingId, input.body) }),
});

export const BOOKING_OPERATIONS = [getAvailability, listBusinessBookings, createBooking, listMyBookings, getBooking, updateBooking];
