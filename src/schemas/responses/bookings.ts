// Booking responses (issue 21).
import type { SchemaObject } from 'ajv';
import { BOOKING_STATUSES } from '../../domain/bookings/booking';
import { timestampSchema } from './common';
import { cursorPaginationSchema } from './lists';

const zonedInstant: SchemaObject = { type: 'string', format: 'date-time', description: 'ISO 8601 with the business\'s UTC offset at that instant.' };

export const availabilitySchema: SchemaObject = {
  type: 'object',
  required: ['businessId', 'serviceId', 'timeZone', 'duration', 'capacity', 'from', 'to', 'slots'],
  properties: {
    businessId: { type: 'string' },
    serviceId: { type: 'string' },
    timeZone: { type: 'string', description: 'IANA zone of the business (from its coordinates).' },
    duration: { type: 'integer', description: 'Minutes; slots follow each other every duration minutes from opening.' },
    capacity: { type: 'integer', description: 'Bookings one start time takes at once.' },
    from: zonedInstant,
    to: zonedInstant,
    slots: {
      type: 'array',
      description: 'Free start times in the range, earliest first: past ones, full ones, blackout dates and closed hours left out.',
      items: {
        type: 'object',
        required: ['start', 'end', 'remaining'],
        properties: { start: zonedInstant, end: zonedInstant, remaining: { type: 'integer', minimum: 1, description: 'Bookings still possible at this start.' } },
      },
    },
  },
};

export const bookingRecordSchema: SchemaObject = {
  type: 'object',
  required: ['id', 'businessId', 'serviceId', 'serviceName', 'start', 'end', 'timeZone', 'status', 'customer', 'notes', 'price', 'history', 'createdAt', 'updatedAt'],
  properties: {
    id: { type: 'string', description: 'bkg_<id>' },
    businessId: { type: 'string' },
    serviceId: { type: 'string' },
    serviceName: { type: 'string', description: 'As it was named when booked.' },
    start: zonedInstant,
    end: zonedInstant,
    timeZone: { type: 'string' },
    status: {
      type: 'string',
      enum: [...BOOKING_STATUSES],
      description:
        'pending -> confirmed | declined (business owner); pending | confirmed -> cancelled (either side, before the start); ' +
        'confirmed -> completed | no_show (business owner, after the start).',
    },
    customer: {
      type: 'object',
      required: ['name'],
      properties: { name: { type: 'string' }, email: { type: 'string' }, phone: { type: 'string', description: 'E.164.' } },
    },
    notes: { type: 'string' },
    journeyId: { type: 'string' },
    price: {
      type: ['object', 'null'],
      description: 'The service\'s fixed price when booked; null when it had none.',
      properties: { amount: { type: 'number' }, currency: { type: 'string' } },
    },
    history: {
      type: 'array',
      items: {
        type: 'object',
        required: ['status', 'at', 'by'],
        properties: { status: { type: 'string', enum: [...BOOKING_STATUSES] }, at: timestampSchema, by: { type: 'string', enum: ['business', 'customer'] }, reason: { type: 'string' } },
      },
    },
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  },
};

export const bookingListSchema: SchemaObject = {
  type: 'object',
  required: ['bookings', 'pagination'],
  properties: { bookings: { type: 'array', items: bookingRecordSchema, description: 'By start time, earliest first.' }, pagination: cursorPaginationSchema },
};
