// A booking counts as a conversion of its journey in analytics: when its owner confirms
// it (valued at its fixed price), or when its payment confirms it (valued at what was
// paid, under an id derived from the payment, so handling the same payment twice records it once).
import { DIRECT_PLATFORM } from '../../domain/analytics/analyticsEvent';
import { businessLocalDate } from '../../domain/analytics/businessDay';
import type { Booking } from '../../domain/bookings/booking';
import { newId } from '../../domain/ids';
import type { EventRecorder } from '../../ports/eventRecorder';

export function recordBookingConversion(
  recorder: Pick<EventRecorder, 'record'> | undefined,
  booking: Booking,
  now: Date,
  paid?: { eventId: string; value: number; currency: string },
): void {
  const value = paid ?? booking.price;
  recorder?.record([
    {
      eventId: paid?.eventId ?? newId('evt'),
      type: 'conversion',
      businessId: booking.businessId,
      environment: booking.environment,
      timestamp: now.toISOString(),
      localDate: businessLocalDate(now, { timeZone: booking.timeZone }),
      platform: DIRECT_PLATFORM,
      ...(booking.journeyId !== undefined && { journeyId: booking.journeyId }),
      surface: 'booking',
      ...(value && { value: 'value' in value ? value.value : value.amount, currency: value.currency }),
    },
  ]);
}
