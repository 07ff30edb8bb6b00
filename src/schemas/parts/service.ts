// A service a business offers (spec 2.3), as a client sends it: ids and timestamps are
// the server's. `duration` is in minutes, one minute to one day.
import type { SchemaObject } from 'ajv';
import { nullable } from './nullable';
import { pricingSchema } from './pricing';
import { text } from './text';

export const serviceNameSchema = text(200);
export const serviceDescriptionSchema = text(2000, 1, 'multi');
export const serviceCategorySchema = text(100);
export const durationSchema: SchemaObject = {
  type: 'integer',
  minimum: 1,
  maximum: 1440,
  description: 'Minutes (1 to 1440, one day).',
};

/** Concurrent bookings per start time; 1 when absent. */
export const capacitySchema: SchemaObject = {
  type: 'integer',
  minimum: 1,
  maximum: 1000,
  description: 'How many bookings one start time takes at once (chairs, tables, staff), 1-1000; 1 when absent.',
};

export const serviceInputSchema: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    name: serviceNameSchema,
    description: serviceDescriptionSchema,
    category: serviceCategorySchema,
    pricing: pricingSchema,
    duration: durationSchema,
    capacity: capacitySchema,
    bookable: { type: 'boolean', default: false },
    requiresQuote: { type: 'boolean', default: false },
  },
};

/** Changes to a service: no defaults (an absent flag keeps its value), null clears optional fields. */
export const serviceChangesSchema: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    name: serviceNameSchema,
    description: nullable(serviceDescriptionSchema),
    category: nullable(serviceCategorySchema),
    pricing: nullable(pricingSchema),
    duration: nullable(durationSchema),
    capacity: nullable(capacitySchema),
    bookable: { type: 'boolean' },
    requiresQuote: { type: 'boolean' },
  },
};

/** A profile lists at most this many services; more belongs in a catalogue, not a profile. */
export const MAX_SERVICES = 100;
