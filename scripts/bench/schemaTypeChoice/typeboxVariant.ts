// The measured subset (profile bodies with their parts, a booking body and record, the consumer
// search body) written with TypeBox: each schema is the JSON Schema object and carries its type.
import Type, { type Static, type TOptional, type TSchema, type TUnsafe } from 'typebox';
import { BOOKING_STATUSES, CUSTOMER_NAME_MAX, NOTES_MAX } from '../../../src/domain/bookings/booking';
import { WEEKDAYS } from '../../../src/domain/profile';
import { CURRENCY_CODES } from '../../../src/domain/currencies';
import { COUNTRY_CODES } from '../../../src/domain/countries';
import { exampleHandlers, typed } from './handlers';
import { BLANK_NOTE, RULES, VISIBLE, VISIBLE_PLAIN } from './textRules';


export function text(maxLength: number, minLength = 1, lines: 'single' | 'multi' = 'single'): TUnsafe<string> {
  const rule = RULES[lines];
  const schema = { type: 'string', maxLength, pattern: rule.pattern, 'x-issue': rule.issue };
  if (minLength === 0) return Type.Unsafe<string>(schema);
  return Type.Unsafe<string>({ ...schema, minLength, allOf: [{ type: 'string', minLength, maxLength, pattern: VISIBLE_PLAIN, 'x-unicodePattern': VISIBLE, description: BLANK_NOTE, 'x-issue': 'must not be blank' }] });
}

function withNull(schema: object): TSchema {
  const plain = schema as Record<string, unknown>;
  const composite = plain.oneOf !== undefined || plain.anyOf !== undefined || plain.allOf !== undefined;
  if (!composite && typeof plain.type === 'string') return { ...plain, type: [plain.type, 'null'], ...(Array.isArray(plain.enum) && { enum: [...plain.enum, null] }) };
  if (Array.isArray(plain.oneOf) && plain.type === undefined && plain.discriminator === undefined) return { ...plain, oneOf: [...plain.oneOf, { type: 'null' }] };
  return { anyOf: [plain, { type: 'null' }] };
}

export function nullable<T extends TSchema>(schema: T): TUnsafe<Static<T> | null> {
  return Type.Unsafe(withNull(schema));
}

// Static<> applied to TSchema itself (not a concrete schema) makes tsc expand it over every
// TypeBox kind (1.29 M instantiations, 10-16 s): the runtime work goes through withNull.
type NullableProperties<P> = { [K in keyof P]: P[K] extends TSchema ? TUnsafe<Static<P[K]> | null> : never };
export function nullableProperties<P extends Record<string, TSchema>>(properties: P): NullableProperties<P> {
  return Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, Type.Unsafe(withNull(property))])) as NullableProperties<P>;
}

const idSchema = (prefix: string, what: string) =>
  Type.String({ maxLength: prefix.length + 41, pattern: `^${prefix}_[A-Za-z0-9]{6,40}$`, 'x-issue': `must be ${what} id (${prefix}_ followed by 6-40 letters or digits)` });
export const businessIdSchema = idSchema('biz', 'a business');
export const serviceIdSchema = idSchema('svc', 'a service');

export const currencyCodeSchema = Type.Unsafe<(typeof CURRENCY_CODES)[number]>({ type: 'string', enum: [...CURRENCY_CODES], 'x-issue': 'must be an ISO 4217 currency code', description: 'ISO 4217 code of a circulating currency, upper case.' });
const amountSchema = Type.Number({ minimum: 0, maximum: 1_000_000_000 });
const singleAmount = <K extends 'fixed' | 'hourly'>(type: K, description: string) =>
  Type.Object({ type: Type.Literal(type), currency: currencyCodeSchema, amount: amountSchema }, { title: type, description, additionalProperties: false });
const rangePricing = Type.Object(
  { type: Type.Literal('range'), currency: currencyCodeSchema, minAmount: amountSchema, maxAmount: Type.Number({ minimum: 0, maximum: 1_000_000_000, 'x-minimumSibling': 'minAmount' }) },
  { title: 'range', description: 'From minAmount to maxAmount; 0 <= minAmount <= maxAmount.', additionalProperties: false },
);
const pricingBranches = [singleAmount('fixed', 'One price, amount >= 0.'), rangePricing, singleAmount('hourly', 'Price per hour, amount >= 0.')] as const;
export const pricingSchema = Type.Unsafe<Static<(typeof pricingBranches)[number]>>({ type: 'object', required: ['type'], discriminator: { propertyName: 'type' }, oneOf: [...pricingBranches], description: 'Amounts in major units of `currency`.' });

const timeOfDay = Type.String({ maxLength: 5, pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', 'x-issue': 'must be a 24-hour time HH:MM from 00:00 to 23:59' });
const openDay = Type.Object({ open: timeOfDay, close: timeOfDay }, { title: 'Open', additionalProperties: false });
const closedDay = Type.Object({ closed: Type.Literal(true) }, { title: 'Closed', additionalProperties: false });
export const dayHoursSchema = Type.Unsafe<Static<typeof openDay> | Static<typeof closedDay>>({ oneOf: [openDay, closedDay], 'x-issue': 'must be {"open": "HH:MM", "close": "HH:MM"} or {"closed": true}', description: 'Open or closed.' });
type Week<T extends TSchema> = { [day in (typeof WEEKDAYS)[number]]: TOptional<T> };
const week = <T extends TSchema>(day: T): Week<T> => Object.fromEntries(WEEKDAYS.map((weekday) => [weekday, Type.Optional(day)])) as Week<T>;
export const hoursSchema = Type.Object(week(dayHoursSchema), { additionalProperties: false, description: 'Keys are weekdays.' });
export const hoursChangesSchema = Type.Object(week(nullable(dayHoursSchema)), { additionalProperties: false, description: 'Only the days given change.' });

const emailSchema = Type.String({ maxLength: 254, format: 'email', 'x-issue': 'must be an email address' });
const phoneSchema = Type.String({ maxLength: 32, pattern: '^(?=(?:\\D*\\d){7,15}\\D*$)\\+?[\\d(][\\d ().-]*\\d$', 'x-issue': 'must be a phone number such as +15125550100 or (512) 555-0100' });
const httpsUrlSchema = Type.String({ maxLength: 2048, format: 'uri', pattern: '^https://[^/?#\\s]+', 'x-issue': 'must be an https URL' });
const contactProperties = { phone: Type.Optional(phoneSchema), email: Type.Optional(emailSchema), website: Type.Optional(httpsUrlSchema) };
export const contactSchema = Type.Object(contactProperties, { additionalProperties: false });
const countryCodeSchema = Type.Unsafe<(typeof COUNTRY_CODES)[number]>({ type: 'string', enum: [...COUNTRY_CODES], 'x-issue': 'must be an ISO 3166-1 alpha-2 country code', description: 'ISO 3166-1 alpha-2, upper case.' });
const postalCodeSchema = Type.String({ maxLength: 32, pattern: '^\\s*[A-Za-z0-9](?:[A-Za-z0-9 -]{0,10}[A-Za-z0-9])?\\s*$', 'x-issue': 'must be a postal code', description: '1-12 letters.' });
const addressProperties = { street: text(200), city: text(100), state: text(100), country: countryCodeSchema, postalCode: postalCodeSchema };
const optional = <P extends Record<string, TSchema>>(properties: P) => Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, Type.Optional(v)])) as { [K in keyof P]: TOptional<P[K]> };
export const addressSchema = Type.Object(optional(addressProperties), { additionalProperties: false, description: 'Every line is stored without surrounding white space.' });
const latitude = Type.Number({ minimum: -90, maximum: 90, description: 'Degrees north, WGS 84.' });
const longitude = Type.Number({ minimum: -180, maximum: 180, description: 'Degrees east, WGS 84.' });
export const coordinatesSchema = Type.Object({ lat: latitude, lon: longitude }, { additionalProperties: false });
export const locationSchema = Type.Object({ address: Type.Optional(addressSchema), coordinates: Type.Optional(coordinatesSchema) }, { additionalProperties: false });
export const locationChangesSchema = Type.Object(
  { address: Type.Optional(nullable(Type.Object(optional(nullableProperties(addressProperties)), { additionalProperties: false }))), coordinates: Type.Optional(nullable(coordinatesSchema)) },
  { additionalProperties: false },
);

const duration = Type.Integer({ minimum: 1, maximum: 1440, description: 'Minutes.' });
const capacity = Type.Integer({ minimum: 1, maximum: 1000, description: 'How many bookings one start time takes.' });
export const serviceInputSchema = Type.Object(
  {
    name: text(200),
    description: Type.Optional(text(2000, 1, 'multi')),
    category: Type.Optional(text(100)),
    pricing: Type.Optional(pricingSchema),
    duration: Type.Optional(duration),
    capacity: Type.Optional(capacity),
    bookable: defaulted(Type.Boolean({ default: false })),
    requiresQuote: defaulted(Type.Boolean({ default: false })),
  },
  { additionalProperties: false },
);
const servicesSchema = Type.Array(serviceInputSchema, { maxItems: 100 });

export const createProfileBodySchema = Type.Object(
  {
    name: text(200),
    category: text(100),
    description: Type.Optional(text(5000, 1, 'multi')),
    tagline: Type.Optional(text(160)),
    location: Type.Optional(locationSchema),
    contact: Type.Optional(contactSchema),
    services: Type.Optional(servicesSchema),
    hours: Type.Optional(hoursSchema),
  },
  { additionalProperties: false },
);
export const updateProfileBodySchema = Type.Object(
  {
    name: Type.Optional(text(200)),
    category: Type.Optional(text(100)),
    description: Type.Optional(nullable(text(5000, 1, 'multi'))),
    tagline: Type.Optional(nullable(text(160))),
    location: Type.Optional(nullable(locationChangesSchema)),
    contact: Type.Optional(nullable(Type.Object(optional(nullableProperties(contactProperties as unknown as Record<string, TSchema>)), { additionalProperties: false }))), // kept as measured: retyping it changes the type-check figures the README reports
    services: Type.Optional(nullable(servicesSchema)),
    hours: Type.Optional(nullable(hoursChangesSchema)),
    status: Type.Optional(Type.Unsafe<'draft' | 'published'>({ type: 'string', enum: ['draft', 'published'] })),
  },
  { additionalProperties: false, minProperties: 1, description: 'Any subset of the profile.' },
);

const instant = Type.String({ maxLength: 40, format: 'date-time', 'x-issue': 'must be an ISO 8601 date-time with an offset' });
export const createBookingBodySchema = Type.Object(
  {
    businessId: businessIdSchema,
    serviceId: serviceIdSchema,
    start: instant,
    customer: Type.Object({ name: text(CUSTOMER_NAME_MAX), email: Type.Optional(emailSchema), phone: Type.Optional(phoneSchema) }, { additionalProperties: false, description: 'Who comes.' }),
    notes: Type.Optional(text(NOTES_MAX, 0, 'multi')),
    journeyId: Type.Optional(Type.String({ maxLength: 128, pattern: '^[A-Za-z0-9._:-]{8,128}$', 'x-issue': 'must be a session id' })),
  },
  { additionalProperties: false },
);

const timestamp = Type.String({ format: 'date-time', description: 'ISO 8601, UTC.' });
const zoned = Type.String({ format: 'date-time', description: 'ISO 8601 with the business\'s UTC offset at that instant.' });
const bookingStatus = Type.Unsafe<(typeof BOOKING_STATUSES)[number]>({ type: 'string', enum: [...BOOKING_STATUSES] });
export const bookingRecordSchema = Type.Object({
  id: Type.String({ description: 'bkg_<id>' }),
  businessId: Type.String(),
  serviceId: Type.String(),
  serviceName: Type.String(),
  start: zoned,
  end: zoned,
  timeZone: Type.String(),
  status: bookingStatus,
  customer: Type.Object({ name: Type.String(), email: Type.Optional(Type.String()), phone: Type.Optional(Type.String()) }),
  notes: Type.String(),
  journeyId: Type.Optional(Type.String()),
  price: Type.Unsafe<{ amount?: number; currency?: string } | null>({ type: ['object', 'null'], properties: { amount: { type: 'number' }, currency: { type: 'string' } } }),
  history: Type.Array(Type.Object({ status: bookingStatus, at: timestamp, by: Type.Unsafe<'business' | 'customer'>({ type: 'string', enum: ['business', 'customer'] }), reason: Type.Optional(Type.String()) })),
  createdAt: timestamp,
  updatedAt: timestamp,
});

/** Optional to send, always present after validation (ajv's useDefaults fills it): required in the type. */
function defaulted<T extends TSchema>(schema: T): T {
  // Type.Object leaves a property out of `required` by this marker; the type stays T's.
  return Type.Optional(schema) as unknown as T; // TypeBox types the marker as TOptional<T>; the value after defaults is T
}

const radius = Type.String({ maxLength: 16, pattern: '^(?!0*(\\.0*)?(km|mi|m)$)\\d{1,6}(\\.\\d{1,3})?(km|mi|m)$', default: '50km', 'x-issue': 'must be a number above 0 followed by km, mi or m' });
export const consumerSearchBodySchema = Type.Object(
  {
    query: text(500, 1, 'multi'),
    category: Type.Optional(text(100)),
    location: Type.Optional(Type.Object({ lat: latitude, lon: longitude, distance: defaulted(radius) }, { additionalProperties: false })),
    limit: defaulted(Type.Integer({ minimum: 1, maximum: 50, default: 10 })),
    offset: defaulted(Type.Integer({ minimum: 0, maximum: 1000, default: 0 })),
  },
  { additionalProperties: false },
);

export const SCHEMAS = { createProfileBodySchema, updateProfileBodySchema, createBookingBodySchema, bookingRecordSchema, consumerSearchBodySchema };

export const handlers = exampleHandlers<
  Static<typeof createProfileBodySchema>,
  Static<typeof updateProfileBodySchema>,
  Static<typeof createBookingBodySchema>,
  Static<typeof bookingRecordSchema>,
  Static<typeof consumerSearchBodySchema>
>();
typed<Static<typeof createProfileBodySchema>>('typed');
typed<Static<typeof updateProfileBodySchema>>('typed');
typed<Static<typeof createBookingBodySchema>>('typed');
typed<Static<typeof bookingRecordSchema>>('typed');
typed<Static<typeof consumerSearchBodySchema>>('typed');
