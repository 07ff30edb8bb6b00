// Booking responses.
import Type, { type Static } from 'typebox';
import { BOOKING_ACTORS, BOOKING_STATUSES } from '../../domain/bookings/booking';
import { REFUND_REASONS } from '../../domain/payments/payment';
import { stringEnum } from '../parts/stringEnum';
import { timestampSchema } from './common';
import { cursorPaginationSchema } from './lists';

const zonedInstant = Type.String({ format: 'date-time', description: 'ISO 8601 with the business\'s UTC offset at that instant.' });

export const availabilitySchema = Type.Object({
  businessId: Type.String(),
  serviceId: Type.String(),
  timeZone: Type.String({ description: 'IANA zone of the business (from its coordinates).' }),
  duration: Type.Integer({ description: 'Minutes; slots follow each other every duration minutes from opening.' }),
  capacity: Type.Integer({ description: 'Bookings one start time takes at once.' }),
  from: zonedInstant,
  to: zonedInstant,
  slots: Type.Array(
    Type.Object({ start: zonedInstant, end: zonedInstant, remaining: Type.Integer({ minimum: 1, description: 'Bookings still possible at this start.' }) }),
    { description: 'Free start times in the range, earliest first: past ones, full ones, blackout dates and closed hours left out.' },
  ),
});

const nullableTimestamp = Type.Unsafe<string | null>({ type: ['string', 'null'], format: 'date-time', description: 'ISO 8601, UTC.' });

/** A booking's payment: what it must pay and how that stands. */
const bookingPaymentObject = Type.Object({
  paymentId: Type.String({ description: 'pay_<id>: the payment record (GET /payments/{paymentId}).' }),
  required: stringEnum(['deposit', 'full']),
  amount: Type.Number({ minimum: 0 }),
  currency: Type.String(),
  status: stringEnum(['awaiting_payment', 'paid', 'refunded', 'unpaid'], {
    description: 'awaiting_payment: pay at checkoutUrl before holdExpiresAt; paid; refunded: paid, and sent back (see refund); unpaid: released without payment.',
  }),
  holdExpiresAt: Type.String({ format: 'date-time', description: 'Unpaid at this instant, the booking is released (expired).' }),
  refundableUntil: Type.String({
    format: 'date-time',
    description: 'A cancellation by the customer up to this instant is refunded in full; later nothing. A cancellation by the business always is.',
  }),
  checkoutUrl: Type.Unsafe<string | null>({ type: ['string', 'null'], format: 'uri', description: 'Where the customer pays, while the booking awaits payment.' }),
  paidAt: nullableTimestamp,
  refund: Type.Unsafe<{ amount: number; reason: (typeof REFUND_REASONS)[number] } | null>({
    type: ['object', 'null'],
    required: ['amount', 'reason'],
    properties: { amount: { type: 'number', minimum: 0 }, reason: { type: 'string', enum: [...REFUND_REASONS] } },
  }),
});

export const bookingRecordSchema = Type.Object({
  id: Type.String({ description: 'bkg_<id>' }),
  businessId: Type.String(),
  serviceId: Type.String(),
  serviceName: Type.String({ description: 'As it was named when booked.' }),
  start: zonedInstant,
  end: zonedInstant,
  timeZone: Type.String(),
  status: stringEnum(BOOKING_STATUSES, {
    description:
      'pending -> confirmed | declined (business owner); pending | confirmed -> cancelled (either side, before the start); ' +
      'confirmed -> completed | no_show (business owner, after the start). A service that takes payment books into ' +
      'pending_payment: its payment confirms it, an unpaid hold that runs out makes it expired, and either side may cancel it.',
  }),
  customer: Type.Object({ name: Type.String(), email: Type.Optional(Type.String()), phone: Type.Optional(Type.String({ description: 'E.164.' })) }),
  notes: Type.String(),
  journeyId: Type.Optional(Type.String()),
  price: Type.Unsafe<{ amount: number; currency: string } | null>({
    type: ['object', 'null'],
    description: 'The service\'s fixed price when booked; null when it had none.',
    properties: { amount: { type: 'number' }, currency: { type: 'string' } },
  }),
  payment: Type.Unsafe<Static<typeof bookingPaymentObject> | null>({
    ...bookingPaymentObject,
    type: ['object', 'null'],
    description: 'What the booking must pay (services that take payment; null otherwise). Amounts in major units of currency.',
  }),
  history: Type.Array(
    Type.Object({
      status: stringEnum(BOOKING_STATUSES),
      at: timestampSchema,
      by: stringEnum(BOOKING_ACTORS, { description: 'system: moved on the payment provider\'s word (paid, hold ran out).' }),
      reason: Type.Optional(Type.String()),
    }),
  ),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});

export const bookingListSchema = Type.Object({
  bookings: Type.Array(bookingRecordSchema, { description: 'By start time, earliest first.' }),
  pagination: cursorPaginationSchema,
});
