// The shape of a booking for the two parties that may see it (the business owner and the account
// that booked): times with the business's offset, the customer's contact included. Seat numbers
// and the booking account's id stay inside.
import type { Booking } from '../../domain/bookings/booking';
import { isoInZone } from '../../domain/localTime';

export function presentBooking(booking: Booking) {
  return {
    id: booking.id,
    businessId: booking.businessId,
    serviceId: booking.serviceId,
    serviceName: booking.serviceName,
    start: isoInZone(booking.timeZone, Date.parse(booking.start)),
    end: isoInZone(booking.timeZone, Date.parse(booking.end)),
    timeZone: booking.timeZone,
    status: booking.status,
    customer: booking.customer,
    notes: booking.notes ?? '',
    ...(booking.journeyId !== undefined && { journeyId: booking.journeyId }),
    price: booking.price ?? null,
    history: booking.history,
    createdAt: booking.createdAt,
    updatedAt: booking.updatedAt,
  };
}
