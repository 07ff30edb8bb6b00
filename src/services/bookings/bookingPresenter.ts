// The shape of a booking for the two parties that may see it (the business owner and the account
// that booked): times with the business's offset, the customer's contact included. Seat numbers
// and the booking account's id stay inside.
import type { Booking } from '../../domain/bookings/booking';
import type { BookingPayment } from '../../domain/bookings/bookingPayment';
import { isoInZone } from '../../domain/localTime';
import { fromMinorUnits } from '../../domain/money';

/** What the booking must pay and how that stands; the checkout link only while it can still be paid. */
function presentBookingPayment(booking: Booking, payment: BookingPayment) {
  const major = (amount: number) => fromMinorUnits(amount, payment.currency);
  return {
    paymentId: payment.paymentId,
    required: payment.required,
    amount: major(payment.amount),
    currency: payment.currency,
    status: (payment.refund ? 'refunded' : payment.paidAt ? 'paid' : booking.status === 'pending_payment' ? 'awaiting_payment' : 'unpaid') as 'refunded' | 'paid' | 'awaiting_payment' | 'unpaid',
    holdExpiresAt: payment.holdExpiresAt,
    refundableUntil: payment.refundableUntil,
    checkoutUrl: booking.status === 'pending_payment' ? (payment.checkoutUrl ?? null) : null,
    paidAt: payment.paidAt ?? null,
    refund: payment.refund ? { amount: major(payment.refund.amount), reason: payment.refund.reason } : null,
  };
}

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
    payment: booking.payment ? presentBookingPayment(booking, booking.payment) : null,
    history: booking.history,
    createdAt: booking.createdAt,
    updatedAt: booking.updatedAt,
  };
}
