// Bookings: availability, booking a start time, status changes, lists.
import Type from 'typebox';
import { BOOKING_STATUSES, CUSTOMER_NAME_MAX, NOTES_MAX } from '../../domain/bookings/booking';
import { SESSION_ID } from '../../domain/sessionId';
import { emailSchema, phoneSchema } from '../parts/contact';
import { cursorSchema } from '../parts/cursorPaging';
import { businessIdSchema, serviceIdSchema } from '../parts/ids';
import { limitSchema } from '../parts/paging';
import { stringEnum } from '../parts/stringEnum';
import { text } from '../parts/text';
import { returnUrlSchema } from './payments';

const instantSchema = Type.String({
  maxLength: 40,
  format: 'date-time',
  'x-issue': 'must be an ISO 8601 date-time with an offset, e.g. 2026-12-01T09:00:00-06:00',
});

/** A range edge: an instant with an offset, or a date in the business's own calendar. */
function rangeEdge(description: string) {
  return Type.String({
    maxLength: 40,
    anyOf: [{ format: 'date' }, { format: 'date-time' }],
    'x-issue': 'must be a date (YYYY-MM-DD) or an ISO 8601 date-time with an offset',
    description,
  });
}

const FROM = 'Start of the range: a date-time with offset, or a date (from its local midnight in the business\'s zone).';
const TO = 'End of the range, exclusive: a date-time with offset, or a date (that whole day included).';

export const availabilityQuerySchema = Type.Object(
  {
    from: Type.Optional(rangeEdge(`${FROM} Default: now.`)),
    to: Type.Optional(rangeEdge(`${TO} Default: 7 days after from; at most 31 days after it.`)),
  },
  { additionalProperties: false },
);

export const createBookingBodySchema = Type.Object(
  {
    businessId: businessIdSchema,
    serviceId: serviceIdSchema,
    start: Type.String({ ...instantSchema, description: 'One of the start times GET .../availability lists, with an offset (any offset: the instant counts).' }),
    customer: Type.Object(
      { name: text(CUSTOMER_NAME_MAX), email: Type.Optional(emailSchema), phone: Type.Optional(phoneSchema) },
      { additionalProperties: false, description: 'Who comes. An email or a phone (or both) is required. Shown only to the business owner and the booking account.' },
    ),
    notes: Type.Optional(Type.Unsafe<string>({ ...text(NOTES_MAX, 0, 'multi'), description: `For the business, up to ${NOTES_MAX} characters.` })),
    journeyId: Type.Optional(
      Type.String({
        maxLength: 128,
        pattern: SESSION_ID.source,
        'x-issue': 'must be a session id (8-128 of A-Z a-z 0-9 . _ : -)',
        description: 'The consumer session (X-Session-ID) the booking comes from, for attribution; the X-Session-ID header is used when absent.',
      }),
    ),
    successUrl: Type.Optional(
      Type.Unsafe<string>({ ...returnUrlSchema, description: 'Services that take payment: where the provider sends the customer after paying; default this server\'s dashboard notice.' }),
    ),
    cancelUrl: Type.Optional(
      Type.Unsafe<string>({ ...returnUrlSchema, description: 'Services that take payment: where the provider sends a customer who leaves the checkout; default the dashboard notice.' }),
    ),
  },
  { additionalProperties: false },
);

export const updateBookingBodySchema = Type.Object(
  {
    status: stringEnum(['confirmed', 'declined', 'cancelled', 'completed', 'no_show']),
    reason: Type.Optional(Type.Unsafe<string>({ ...text(500), description: 'Optional note kept in the booking\'s history (why it was declined or cancelled).' })),
  },
  { additionalProperties: false },
);

export const bookingListQuerySchema = Type.Object(
  {
    status: Type.Optional(stringEnum(BOOKING_STATUSES)),
    from: Type.Optional(rangeEdge(`Bookings starting at or after. ${FROM}`)),
    to: Type.Optional(rangeEdge(`Bookings starting before. ${TO}`)),
    limit: limitSchema(100, 20),
    cursor: Type.Optional(cursorSchema),
  },
  { additionalProperties: false },
);
