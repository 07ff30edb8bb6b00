// A service a business offers (spec 2.3), as a client sends it: ids and timestamps are
// the server's. `duration` is in minutes, one minute to one day.
import Type from 'typebox';
import { defaulted } from './defaulted';
import { nullable } from './nullable';
import { pricingSchema } from './pricing';
import { stringEnum } from './stringEnum';
import { text } from './text';
import { DEFAULT_REFUND_CUTOFF_HOURS, PAYMENT_REQUIREMENTS } from '../../domain/servicePayment';

export const serviceNameSchema = text(200);
export const serviceDescriptionSchema = text(2000, 1, 'multi');
export const serviceCategorySchema = text(100);
export const durationSchema = Type.Integer({ minimum: 1, maximum: 1440, description: 'Minutes (1 to 1440, one day).' });

/** Concurrent bookings per start time; 1 when absent. */
export const capacitySchema = Type.Integer({
  minimum: 1,
  maximum: 1000,
  description: 'How many bookings one start time takes at once (chairs, tables, staff), 1-1000; 1 when absent.',
});

/** Whether booking the service takes payment, and the refund rule of a cancellation. */
export const servicePaymentSchema = Type.Object(
  {
    required: stringEnum(PAYMENT_REQUIREMENTS),
    depositAmount: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1_000_000_000 })),
    refundCutoffHours: defaulted(Type.Integer({ minimum: 0, maximum: 8760, default: DEFAULT_REFUND_CUTOFF_HOURS })),
  },
  {
    additionalProperties: false,
    description:
      'none: booking is free (the default). deposit: depositAmount (major units of pricing.currency, at most a fixed price) is paid at ' +
      'booking. full: the fixed price is paid at booking. A booking that takes payment waits for it (pending_payment) and is confirmed ' +
      'by it. refundCutoffHours (default 24): a customer who cancels at least that long before the start gets everything back, later ' +
      'nothing; a business that cancels always refunds in full. Needs bookable: true and a pricing (full: a fixed one above 0).',
  },
);

export const serviceInputSchema = Type.Object(
  {
    name: serviceNameSchema,
    description: Type.Optional(serviceDescriptionSchema),
    category: Type.Optional(serviceCategorySchema),
    pricing: Type.Optional(pricingSchema),
    duration: Type.Optional(durationSchema),
    capacity: Type.Optional(capacitySchema),
    bookable: defaulted(Type.Boolean({ default: false })),
    requiresQuote: defaulted(Type.Boolean({ default: false })),
    payment: Type.Optional(servicePaymentSchema),
  },
  { additionalProperties: false },
);

/** Changes to a service: no defaults (an absent flag keeps its value), null clears optional fields. */
export const serviceChangesSchema = Type.Object(
  {
    name: Type.Optional(serviceNameSchema),
    description: Type.Optional(nullable(serviceDescriptionSchema)),
    category: Type.Optional(nullable(serviceCategorySchema)),
    pricing: Type.Optional(nullable(pricingSchema)),
    duration: Type.Optional(nullable(durationSchema)),
    capacity: Type.Optional(nullable(capacitySchema)),
    bookable: Type.Optional(Type.Boolean()),
    requiresQuote: Type.Optional(Type.Boolean()),
    payment: Type.Optional(nullable(servicePaymentSchema)),
  },
  { additionalProperties: false, minProperties: 1 },
);

/** A profile lists at most this many services; more belongs in a catalogue, not a profile. */
export const MAX_SERVICES = 100;
