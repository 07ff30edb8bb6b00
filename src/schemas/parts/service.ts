// A service a business offers (spec 2.3), as a client sends it: ids and timestamps are
// the server's. `duration` is in minutes, one minute to one day.
import Type from 'typebox';
import { defaulted } from './defaulted';
import { nullable } from './nullable';
import { pricingSchema } from './pricing';
import { text } from './text';

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
  },
  { additionalProperties: false, minProperties: 1 },
);

/** A profile lists at most this many services; more belongs in a catalogue, not a profile. */
export const MAX_SERVICES = 100;
