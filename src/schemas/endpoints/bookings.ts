// Bookings (issue 21): availability, booking a start time, status changes, lists.
import type { SchemaObject } from 'ajv';
import { BOOKING_STATUSES, CUSTOMER_NAME_MAX, NOTES_MAX } from '../../domain/bookings/booking';
import { SESSION_ID } from '../../domain/sessionId';
import { emailSchema, phoneSchema } from '../parts/contact';
import { cursorSchema } from '../parts/cursorPaging';
import { businessIdSchema, serviceIdSchema } from '../parts/ids';
import { limitSchema } from '../parts/paging';
import { text } from '../parts/text';

const instantSchema: SchemaObject = {
  type: 'string',
  maxLength: 40,
  format: 'date-time',
  'x-issue': 'must be an ISO 8601 date-time with an offset, e.g. 2026-12-01T09:00:00-06:00',
};

/** A range edge: an instant with an offset, or a date in the business's own calendar. */
function rangeEdge(description: string): SchemaObject {
  return {
    type: 'string',
    maxLength: 40,
    anyOf: [{ format: 'date' }, { format: 'date-time' }],
    'x-issue': 'must be a date (YYYY-MM-DD) or an ISO 8601 date-time with an offset',
    description,
  };
}

const fromSchema = rangeEdge('Start of the range: a date-time with offset, or a date (from its local midnight in the business\'s zone).');
const toSchema = rangeEdge('End of the range, exclusive: a date-time with offset, or a date (that whole day included).');

export const availabilityQuerySchema: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  properties: { from: { ...fromSchema, description: `${fromSchema.description} Default: now.` }, to: { ...toSchema, description: `${toSchema.description} Default: 7 days after from; at most 31 days after it.` } },
};

export const createBookingBodySchema: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  required: ['businessId', 'serviceId', 'start', 'customer'],
  properties: {
    businessId: businessIdSchema,
    serviceId: serviceIdSchema,
    start: { ...instantSchema, description: 'One of the start times GET .../availability lists, with an offset (any offset: the instant counts).' },
    customer: {
      type: 'object',
      additionalProperties: false,
      required: ['name'],
      description: 'Who comes. An email or a phone (or both) is required. Shown only to the business owner and the booking account.',
      properties: { name: text(CUSTOMER_NAME_MAX), email: emailSchema, phone: phoneSchema },
    },
    notes: { ...text(NOTES_MAX, 0, 'multi'), description: `For the business, up to ${NOTES_MAX} characters.` },
    journeyId: {
      type: 'string',
      maxLength: 128,
      pattern: SESSION_ID.source,
      'x-issue': 'must be a session id (8-128 of A-Z a-z 0-9 . _ : -)',
      description: 'The consumer session (X-Session-ID) the booking comes from, for attribution; the X-Session-ID header is used when absent.',
    },
  },
};

export const updateBookingBodySchema: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  required: ['status'],
  properties: {
    status: { type: 'string', enum: ['confirmed', 'declined', 'cancelled', 'completed', 'no_show'] },
    reason: { ...text(500), description: 'Optional note kept in the booking\'s history (why it was declined or cancelled).' },
  },
};

export const bookingListQuerySchema: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  properties: {
    status: { type: 'string', enum: [...BOOKING_STATUSES] },
    from: { ...fromSchema, description: `Bookings starting at or after. ${fromSchema.description}` },
    to: { ...toSchema, description: `Bookings starting before. ${toSchema.description}` },
    limit: limitSchema(100, 20),
    cursor: cursorSchema,
  },
};
