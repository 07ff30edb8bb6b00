// Booking responses (issue 21).
import Type from 'typebox';
import { BOOKING_STATUSES } from '../../domain/bookings/booking';
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
      'confirmed -> completed | no_show (business owner, after the start).',
  }),
  customer: Type.Object({ name: Type.String(), email: Type.Optional(Type.String()), phone: Type.Optional(Type.String({ description: 'E.164.' })) }),
  notes: Type.String(),
  journeyId: Type.Optional(Type.String()),
  price: Type.Unsafe<{ amount: number; currency: string } | null>({
    type: ['object', 'null'],
    description: 'The service\'s fixed price when booked; null when it had none.',
    properties: { amount: { type: 'number' }, currency: { type: 'string' } },
  }),
  history: Type.Array(
    Type.Object({ status: stringEnum(BOOKING_STATUSES), at: timestampSchema, by: stringEnum(['business', 'customer']), reason: Type.Optional(Type.String()) }),
  ),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});

export const bookingListSchema = Type.Object({
  bookings: Type.Array(bookingRecordSchema, { description: 'By start time, earliest first.' }),
  pagination: cursorPaginationSchema,
});
