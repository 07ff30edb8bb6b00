// The measured subset written as plain JSON Schema objects `as const`, typed by json-schema-to-ts.
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { BOOKING_STATUSES, CUSTOMER_NAME_MAX, NOTES_MAX } from '../../../src/domain/bookings/booking';
import { CURRENCY_CODES } from '../../../src/domain/currencies';
import { COUNTRY_CODES } from '../../../src/domain/countries';
import { exampleHandlers, typed } from './handlers';
import { BLANK_NOTE, RULES, VISIBLE, VISIBLE_PLAIN } from './textRules';


type Text = { readonly type: 'string'; readonly maxLength: number; readonly pattern: string; readonly 'x-issue': string; readonly minLength?: number; readonly allOf?: readonly [{ readonly type: 'string' }] };
export function text(maxLength: number, minLength = 1, lines: 'single' | 'multi' = 'single'): Text {
  const rule = RULES[lines];
  const schema = { type: 'string', maxLength, pattern: rule.pattern, 'x-issue': rule.issue } as const;
  if (minLength === 0) return schema;
  return { ...schema, minLength, allOf: [{ type: 'string', minLength, maxLength, pattern: VISIBLE_PLAIN, 'x-unicodePattern': VISIBLE, description: BLANK_NOTE, 'x-issue': 'must not be blank' } as { readonly type: 'string' }] };
}

type Nullable<S> = { readonly anyOf: readonly [S, { readonly type: 'null' }] };
// The two short forms below are what ajv and OpenAPI read; json-schema-to-ts reads their type as the
// anyOf it is equivalent to: no generic states both, so each is cast (as unknown as) to that anyOf.
export function nullable<const S extends JSONSchema>(schema: S): Nullable<S> {
  const plain = schema as Record<string, unknown>;
  const composite = plain.oneOf !== undefined || plain.anyOf !== undefined || plain.allOf !== undefined;
  if (!composite && typeof plain.type === 'string') return { ...plain, type: [plain.type, 'null'], ...(Array.isArray(plain.enum) && { enum: [...plain.enum, null] }) } as unknown as Nullable<S>; // the type array's anyOf
  if (Array.isArray(plain.oneOf) && plain.type === undefined && plain.discriminator === undefined) return { ...plain, oneOf: [...plain.oneOf, { type: 'null' }] } as unknown as Nullable<S>; // the longer oneOf's anyOf
  return { anyOf: [schema, { type: 'null' }] };
}
type NullableProps<S extends { readonly properties: Record<string, JSONSchema> }> = Omit<S, 'properties'> & { readonly properties: { readonly [K in keyof S['properties']]: Nullable<S['properties'][K]> } };
export function nullableProperties<const S extends { readonly properties: Record<string, JSONSchema> }>(schema: S): NullableProps<S> {
  return { ...schema, properties: Object.fromEntries(Object.entries(schema.properties).map(([name, property]) => [name, nullable(property)])) } as unknown as NullableProps<S>; // Object.fromEntries drops the keys the mapped type keeps
}

const idSchema = (prefix: string, what: string) =>
  ({ type: 'string', maxLength: prefix.length + 41, pattern: `^${prefix}_[A-Za-z0-9]{6,40}$`, 'x-issue': `must be ${what} id (${prefix}_ followed by 6-40 letters or digits)` }) as const;
export const businessIdSchema = idSchema('biz', 'a business');
export const serviceIdSchema = idSchema('svc', 'a service');

export const currencyCodeSchema = { type: 'string', enum: CURRENCY_CODES, 'x-issue': 'must be an ISO 4217 currency code', description: 'ISO 4217 code of a circulating currency, upper case.' } as const;
const amountSchema = { type: 'number', minimum: 0, maximum: 1_000_000_000 } as const;
const singleAmount = <const K extends 'fixed' | 'hourly'>(type: K, description: string) =>
  ({ type: 'object', title: type, description, additionalProperties: false, required: ['type', 'currency', 'amount'], properties: { type: { type: 'string', const: type }, currency: currencyCodeSchema, amount: amountSchema } }) as const;
const rangePricing = {
  type: 'object',
  title: 'range',
  description: 'From minAmount to maxAmount; 0 <= minAmount <= maxAmount.',
  additionalProperties: false,
  required: ['type', 'currency', 'minAmount', 'maxAmount'],
  properties: { type: { type: 'string', const: 'range' }, currency: currencyCodeSchema, minAmount: amountSchema, maxAmount: { ...amountSchema, 'x-minimumSibling': 'minAmount' } },
} as const;
export const pricingSchema = {
  type: 'object',
  required: ['type'],
  discriminator: { propertyName: 'type' },
  oneOf: [singleAmount('fixed', 'One price, amount >= 0.'), rangePricing, singleAmount('hourly', 'Price per hour, amount >= 0.')],
  description: 'Amounts in major units of `currency`.',
} as const;

const timeOfDay = { type: 'string', maxLength: 5, pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', 'x-issue': 'must be a 24-hour time HH:MM from 00:00 to 23:59' } as const;
export const dayHoursSchema = {
  oneOf: [
    { type: 'object', title: 'Open', additionalProperties: false, required: ['open', 'close'], properties: { open: timeOfDay, close: timeOfDay } },
    { type: 'object', title: 'Closed', additionalProperties: false, required: ['closed'], properties: { closed: { type: 'boolean', const: true } } },
  ],
  'x-issue': 'must be {"open": "HH:MM", "close": "HH:MM"} or {"closed": true}',
  description: 'Open or closed.',
} as const;
const week = <const D>(day: D) => ({ monday: day, tuesday: day, wednesday: day, thursday: day, friday: day, saturday: day, sunday: day }) as const;
export const hoursSchema = { type: 'object', additionalProperties: false, properties: week(dayHoursSchema), description: 'Keys are weekdays.' } as const;
export const hoursChangesSchema = { type: 'object', additionalProperties: false, properties: week(nullable(dayHoursSchema)), description: 'Only the days given change.' } as const;

const emailSchema = { type: 'string', maxLength: 254, format: 'email', 'x-issue': 'must be an email address' } as const;
const phoneSchema = { type: 'string', maxLength: 32, pattern: '^(?=(?:\\D*\\d){7,15}\\D*$)\\+?[\\d(][\\d ().-]*\\d$', 'x-issue': 'must be a phone number such as +15125550100 or (512) 555-0100' } as const;
const httpsUrlSchema = { type: 'string', maxLength: 2048, format: 'uri', pattern: '^https://[^/?#\\s]+', 'x-issue': 'must be an https URL' } as const;
export const contactSchema = { type: 'object', additionalProperties: false, properties: { phone: phoneSchema, email: emailSchema, website: httpsUrlSchema } } as const;
const countryCodeSchema = { type: 'string', enum: COUNTRY_CODES, 'x-issue': 'must be an ISO 3166-1 alpha-2 country code', description: 'ISO 3166-1 alpha-2, upper case.' } as const;
const postalCodeSchema = { type: 'string', maxLength: 32, pattern: '^\\s*[A-Za-z0-9](?:[A-Za-z0-9 -]{0,10}[A-Za-z0-9])?\\s*$', 'x-issue': 'must be a postal code', description: '1-12 letters.' } as const;
export const addressSchema = {
  type: 'object',
  additionalProperties: false,
  description: 'Every line is stored without surrounding white space.',
  properties: { street: text(200), city: text(100), state: text(100), country: countryCodeSchema, postalCode: postalCodeSchema },
} as const;
const latitude = { type: 'number', minimum: -90, maximum: 90, description: 'Degrees north, WGS 84.' } as const;
const longitude = { type: 'number', minimum: -180, maximum: 180, description: 'Degrees east, WGS 84.' } as const;
export const coordinatesSchema = { type: 'object', additionalProperties: false, required: ['lat', 'lon'], properties: { lat: latitude, lon: longitude } } as const;
export const locationSchema = { type: 'object', additionalProperties: false, properties: { address: addressSchema, coordinates: coordinatesSchema } } as const;
export const locationChangesSchema = { type: 'object', additionalProperties: false, properties: { address: nullable(nullableProperties(addressSchema)), coordinates: nullable(coordinatesSchema) } } as const;

export const serviceInputSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    name: text(200),
    description: text(2000, 1, 'multi'),
    category: text(100),
    pricing: pricingSchema,
    duration: { type: 'integer', minimum: 1, maximum: 1440, description: 'Minutes.' },
    capacity: { type: 'integer', minimum: 1, maximum: 1000, description: 'How many bookings one start time takes.' },
    bookable: { type: 'boolean', default: false },
    requiresQuote: { type: 'boolean', default: false },
  },
} as const;
const servicesSchema = { type: 'array', maxItems: 100, items: serviceInputSchema } as const;

export const createProfileBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'category'],
  properties: { name: text(200), category: text(100), description: text(5000, 1, 'multi'), tagline: text(160), location: locationSchema, contact: contactSchema, services: servicesSchema, hours: hoursSchema },
} as const;
export const updateProfileBodySchema = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  description: 'Any subset of the profile.',
  properties: {
    name: text(200),
    category: text(100),
    description: nullable(text(5000, 1, 'multi')),
    tagline: nullable(text(160)),
    location: nullable(locationChangesSchema),
    contact: nullable(nullableProperties(contactSchema)),
    services: nullable(servicesSchema),
    hours: nullable(hoursChangesSchema),
    status: { type: 'string', enum: ['draft', 'published'] },
  },
} as const;

const instant = { type: 'string', maxLength: 40, format: 'date-time', 'x-issue': 'must be an ISO 8601 date-time with an offset' } as const;
export const createBookingBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['businessId', 'serviceId', 'start', 'customer'],
  properties: {
    businessId: businessIdSchema,
    serviceId: serviceIdSchema,
    start: instant,
    customer: { type: 'object', additionalProperties: false, required: ['name'], description: 'Who comes.', properties: { name: text(CUSTOMER_NAME_MAX), email: emailSchema, phone: phoneSchema } },
    notes: text(NOTES_MAX, 0, 'multi'),
    journeyId: { type: 'string', maxLength: 128, pattern: '^[A-Za-z0-9._:-]{8,128}$', 'x-issue': 'must be a session id' },
  },
} as const;

const timestamp = { type: 'string', format: 'date-time', description: 'ISO 8601, UTC.' } as const;
const zoned = { type: 'string', format: 'date-time', description: 'ISO 8601 with the business\'s UTC offset at that instant.' } as const;
export const bookingRecordSchema = {
  type: 'object',
  required: ['id', 'businessId', 'serviceId', 'serviceName', 'start', 'end', 'timeZone', 'status', 'customer', 'notes', 'price', 'history', 'createdAt', 'updatedAt'],
  properties: {
    id: { type: 'string', description: 'bkg_<id>' },
    businessId: { type: 'string' },
    serviceId: { type: 'string' },
    serviceName: { type: 'string' },
    start: zoned,
    end: zoned,
    timeZone: { type: 'string' },
    status: { type: 'string', enum: BOOKING_STATUSES },
    customer: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, email: { type: 'string' }, phone: { type: 'string' } } },
    notes: { type: 'string' },
    journeyId: { type: 'string' },
    price: { type: ['object', 'null'], properties: { amount: { type: 'number' }, currency: { type: 'string' } } },
    history: {
      type: 'array',
      items: { type: 'object', required: ['status', 'at', 'by'], properties: { status: { type: 'string', enum: BOOKING_STATUSES }, at: timestamp, by: { type: 'string', enum: ['business', 'customer'] }, reason: { type: 'string' } } },
    },
    createdAt: timestamp,
    updatedAt: timestamp,
  },
} as const;

const radius = { type: 'string', maxLength: 16, pattern: '^(?!0*(\\.0*)?(km|mi|m)$)\\d{1,6}(\\.\\d{1,3})?(km|mi|m)$', default: '50km', 'x-issue': 'must be a number above 0 followed by km, mi or m' } as const;
export const consumerSearchBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['query'],
  properties: {
    query: text(500, 1, 'multi'),
    category: text(100),
    location: { type: 'object', additionalProperties: false, required: ['lat', 'lon'], properties: { lat: latitude, lon: longitude, distance: radius } },
    limit: { type: 'integer', minimum: 1, maximum: 50, default: 10 },
    offset: { type: 'integer', minimum: 0, maximum: 1000, default: 0 },
  },
} as const;

export const SCHEMAS = { createProfileBodySchema, updateProfileBodySchema, createBookingBodySchema, bookingRecordSchema, consumerSearchBodySchema };

type CreateProfile = FromSchema<typeof createProfileBodySchema>;
type UpdateProfile = FromSchema<typeof updateProfileBodySchema>;
type CreateBooking = FromSchema<typeof createBookingBodySchema>;
type BookingRecord = FromSchema<typeof bookingRecordSchema>;
type ConsumerSearch = FromSchema<typeof consumerSearchBodySchema>;
export const handlers = exampleHandlers<CreateProfile, UpdateProfile, CreateBooking, BookingRecord, ConsumerSearch>();
typed<CreateProfile>('typed');
typed<UpdateProfile>('typed');
typed<CreateBooking>('typed');
typed<BookingRecord>('typed');
typed<ConsumerSearch>('typed');
