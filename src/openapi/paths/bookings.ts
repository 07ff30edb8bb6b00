// Bookings (issue 21).
import { availabilityQuerySchema, bookingListQuerySchema } from '../../schemas/endpoints/bookings';
import { ref } from '../components';
import { operation } from '../operation';

const tag = 'Bookings';

export function bookingPaths() {
  return {
    '/business/profile/{businessId}/services/{serviceId}/availability': {
      get: operation({
        access: 'credential',
        operationId: 'getAvailability',
        tag,
        summary: 'Free start times of a bookable service (scope read:bookings)',
        description:
          'Computed from the weekly hours in the business\'s time zone (past-midnight hours run into the next day; a blackout date ' +
          'closes its whole day), the service\'s duration (slots every duration minutes from opening, ending by closing) and its ' +
          'capacity, minus the bookings holding a place (one made before a change of duration or hours takes a place in every slot it ' +
          'overlaps). A range is at most 31 days (VALIDATION_ERROR on to). Refusals: ' +
          'BUSINESS_NOT_PUBLISHED, SERVICE_NOT_BOOKABLE, QUOTE_REQUIRED (409), SERVICE_NOT_FOUND (404).',
        parameters: ['BusinessId', 'ServiceId'],
        query: availabilityQuerySchema,
        success: { status: 200, description: 'The free start times.', data: 'Availability' },
        errors: [404, 409],
      }),
    },
    '/business/profile/{businessId}/bookings': {
      get: operation({
        access: 'credential',
        operationId: 'listBusinessBookings',
        tag,
        summary: 'The business\'s bookings (owner only, scope read:bookings)',
        description: 'Earliest start first; filter by status and by start (from, to); cursor paging.',
        parameters: ['BusinessId'],
        query: bookingListQuerySchema,
        success: { status: 200, description: 'A page of bookings.', data: 'BookingList' },
        errors: [404],
      }),
    },
    '/bookings': {
      post: operation({
        access: 'credential',
        operationId: 'createBooking',
        tag,
        summary: 'Book a start time (scope write:bookings)',
        description:
          'The new booking is pending until the business confirms or declines it. Refusals: start in the past, more than 365 days ' +
          'ahead, or not one of the service\'s start times (400 VALIDATION_ERROR on start); OUTSIDE_BUSINESS_HOURS, BLACKOUT_DATE, ' +
          'SLOT_UNAVAILABLE (every place taken; of two requests for the last place exactly one wins), SERVICE_NOT_BOOKABLE, ' +
          'QUOTE_REQUIRED, BUSINESS_NOT_PUBLISHED (409). A sandbox key books sandbox businesses only.',
        parameters: ['XSessionId'],
        body: 'CreateBookingRequest',
        success: { status: 201, description: 'The booking.', data: 'Booking', headers: { Location: ref('headers', 'Location') } },
        errors: [404, 409],
      }),
      get: operation({
        access: 'credential',
        operationId: 'listMyBookings',
        tag,
        summary: 'The bookings this account made (scope read:bookings)',
        query: bookingListQuerySchema,
        success: { status: 200, description: 'A page of bookings, earliest start first.', data: 'BookingList' },
      }),
    },
    '/bookings/{bookingId}': {
      get: operation({
        access: 'credential',
        operationId: 'getBooking',
        tag,
        summary: 'One booking (scope read:bookings)',
        description: 'For the business owner and the account that booked it; anyone else gets 404 BOOKING_NOT_FOUND.',
        parameters: ['BookingId'],
        success: { status: 200, description: 'The booking.', data: 'Booking' },
        errors: [404],
      }),
      patch: operation({
        access: 'credential',
        operationId: 'updateBooking',
        tag,
        summary: 'Confirm, decline, cancel, complete or mark a no-show (scope write:bookings)',
        description:
          'The owner confirms or declines a pending booking, and marks a confirmed one completed or no_show once it has started; ' +
          'either side cancels a pending or confirmed booking before its start (the account that booked may only cancel: 403 ' +
          'otherwise). Any other move is 409 INVALID_BOOKING_TRANSITION with details.currentStatus. Confirming records a conversion ' +
          'for the booking\'s journey in analytics (with its fixed price as the value). Declining or cancelling frees the place.',
        parameters: ['BookingId'],
        body: 'UpdateBookingRequest',
        success: { status: 200, description: 'The booking after the change.', data: 'Booking' },
        errors: [404, 409],
      }),
    },
  };
}
