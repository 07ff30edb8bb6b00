import { Schema } from 'mongoose';
import { BOOKING_ACTORS, BOOKING_STATUSES, type Booking } from '../../../domain/bookings/booking';
import { REFUND_REASONS } from '../../../domain/payments/payment';
import { createBookingBodySchema, updateBookingBodySchema } from '../../../schemas/endpoints/bookings';
import { type CarriesOutbox, outboxPath } from '../webhooks/embeddedOutbox';
import { leafOf, storedAs } from './storedAs';
import { environment, minorUnits, ownId, partOptions, recordOptions, requiredTimestamp, timestamp } from './storedFields';
import { type CarriesMarks, keepsWriteMarks } from '../writeMarks';

export interface BookingDoc extends CarriesOutbox, CarriesMarks, Omit<Booking, 'id'> {
  _id: string;
}

/** One held seat of a start time; the unique index makes the last seat go to exactly one booking. */
export interface BookingSeatDoc {
  environment: 'live' | 'test';
  businessId: string;
  serviceId: string;
  start: string;
  seat: number;
  bookingId: string;
  claimedAt: string;
}

/** A customer field, with the rules its booking's body was checked with. */
const customer = (field: string, required?: boolean) => storedAs(leafOf(createBookingBodySchema, `customer.${field}`), required);

const historySchema = new Schema(
  {
    status: { type: String, enum: [...BOOKING_STATUSES], required: true },
    at: requiredTimestamp,
    by: { type: String, enum: [...BOOKING_ACTORS], required: true },
    // The status change's own reason, as its body was checked.
    reason: storedAs(leafOf(updateBookingBodySchema, 'reason')),
  },
  partOptions,
);

/** What a booking of a service that takes payment must pay and how that stands. */
const bookingPaymentSchema = new Schema(
  {
    paymentId: { type: String, required: true },
    required: { type: String, enum: ['deposit', 'full'], required: true },
    amount: minorUnits,
    currency: { type: String, required: true },
    holdExpiresAt: requiredTimestamp,
    refundableUntil: requiredTimestamp,
    checkoutUrl: String,
    paidAt: timestamp,
    refund: new Schema(
      {
        amount: minorUnits,
        reason: { type: String, enum: [...REFUND_REASONS], required: true },
        state: { type: String, enum: ['due', 'requested'], required: true },
      },
      partOptions,
    ),
  },
  partOptions,
);

export const bookingSchema = new Schema<BookingDoc>(
  {
    _id: ownId,
    // Webhook events of the write that stored this document, until relayed (webhooks/embeddedOutbox.ts).
    webhookOutbox: outboxPath,
    environment,
    businessId: { type: String, required: true },
    serviceId: { type: String, required: true },
    serviceName: { type: String, required: true },
    createdBy: { type: String, required: true },
    start: requiredTimestamp,
    end: requiredTimestamp,
    timeZone: { type: String, required: true },
    status: { type: String, enum: [...BOOKING_STATUSES], required: true },
    customer: { type: new Schema({ name: customer('name', true), email: customer('email'), phone: customer('phone') }, partOptions), required: true },
    notes: storedAs(leafOf(createBookingBodySchema, 'notes')),
    journeyId: storedAs(leafOf(createBookingBodySchema, 'journeyId')),
    price: new Schema({ amount: { type: Number, required: true }, currency: { type: String, required: true } }, partOptions),
    payment: bookingPaymentSchema,
    seat: { type: Number, required: true, min: 0 },
    history: { type: [historySchema], required: true, default: [] },
    version: { type: Number, required: true },
    createdAt: requiredTimestamp,
    updatedAt: requiredTimestamp,
  },
  recordOptions('bookings'),
);
keepsWriteMarks(bookingSchema);
bookingSchema.index({ environment: 1, businessId: 1, start: 1, _id: 1 });
bookingSchema.index({ environment: 1, createdBy: 1, start: 1, _id: 1 });
// The sweeps of payments: holds that ran out, refunds not sent yet.
bookingSchema.index({ status: 1, 'payment.holdExpiresAt': 1 });
bookingSchema.index({ 'payment.refund.state': 1 });

export const bookingSeatSchema = new Schema<BookingSeatDoc>(
  {
    environment,
    businessId: { type: String, required: true },
    serviceId: { type: String, required: true },
    start: requiredTimestamp,
    seat: { type: Number, required: true, min: 0 },
    bookingId: { type: String, required: true },
    claimedAt: requiredTimestamp,
  },
  recordOptions('booking_seats'),
);
bookingSeatSchema.index({ environment: 1, businessId: 1, serviceId: 1, start: 1, seat: 1 }, { unique: true });
bookingSeatSchema.index({ bookingId: 1 });
