// The measured subset written with zod 4; the JSON Schemas come from z.toJSONSchema.
import { z } from 'zod';
import { BOOKING_STATUSES, CUSTOMER_NAME_MAX, NOTES_MAX } from '../../../src/domain/bookings/booking';
import { CURRENCY_CODES } from '../../../src/domain/currencies';
import { COUNTRY_CODES } from '../../../src/domain/countries';
import { exampleHandlers, typed } from './handlers';
import { BLANK_NOTE, RULES, VISIBLE, VISIBLE_PLAIN } from './textRules';


export function text(maxLength: number, minLength = 1, lines: 'single' | 'multi' = 'single') {
  const rule = RULES[lines];
  const base = z.string().max(maxLength).regex(new RegExp(rule.pattern, 'u')).meta({ 'x-issue': rule.issue });
  if (minLength === 0) return base;
  return base.min(minLength).meta({ 'x-issue': rule.issue, allOf: [{ type: 'string', minLength, maxLength, pattern: VISIBLE_PLAIN, 'x-unicodePattern': VISIBLE, description: BLANK_NOTE, 'x-issue': 'must not be blank' }] });
}

const idSchema = (prefix: string, what: string) =>
  z.string().max(prefix.length + 41).regex(new RegExp(`^${prefix}_[A-Za-z0-9]{6,40}$`)).meta({ 'x-issue': `must be ${what} id (${prefix}_ followed by 6-40 letters or digits)` });
export const businessIdSchema = idSchema('biz', 'a business');
export const serviceIdSchema = idSchema('svc', 'a service');

export const currencyCodeSchema = z.enum(CURRENCY_CODES).meta({ 'x-issue': 'must be an ISO 4217 currency code', description: 'ISO 4217 code of a circulating currency, upper case.' });
const amountSchema = z.number().min(0).max(1_000_000_000);
const singleAmount = <K extends 'fixed' | 'hourly'>(type: K, description: string) => z.strictObject({ type: z.literal(type), currency: currencyCodeSchema, amount: amountSchema }).meta({ title: type, description });
const rangePricing = z
  .strictObject({ type: z.literal('range'), currency: currencyCodeSchema, minAmount: amountSchema, maxAmount: amountSchema.meta({ 'x-minimumSibling': 'minAmount' }) })
  .meta({ title: 'range', description: 'From minAmount to maxAmount; 0 <= minAmount <= maxAmount.' });
export const pricingSchema = z.discriminatedUnion('type', [singleAmount('fixed', 'One price, amount >= 0.'), rangePricing, singleAmount('hourly', 'Price per hour, amount >= 0.')]).meta({ description: 'Amounts in major units of `currency`.' });

const timeOfDay = z.string().max(5).regex(/^([01]\d|2[0-3]):[0-5]\d$/).meta({ 'x-issue': 'must be a 24-hour time HH:MM from 00:00 to 23:59' });
export const dayHoursSchema = z
  .union([z.strictObject({ open: timeOfDay, close: timeOfDay }).meta({ title: 'Open' }), z.strictObject({ closed: z.literal(true) }).meta({ title: 'Closed' })])
  .meta({ 'x-issue': 'must be {"open": "HH:MM", "close": "HH:MM"} or {"closed": true}', description: 'Open or closed.' });
const week = <D extends z.ZodType>(day: D) => ({ monday: day.optional(), tuesday: day.optional(), wednesday: day.optional(), thursday: day.optional(), friday: day.optional(), saturday: day.optional(), sunday: day.optional() });
export const hoursSchema = z.strictObject(week(dayHoursSchema)).meta({ description: 'Keys are weekdays.' });
export const hoursChangesSchema = z.strictObject(week(dayHoursSchema.nullable())).meta({ description: 'Only the days given change.' });

const emailSchema = z.string().max(254).email().meta({ 'x-issue': 'must be an email address' });
const phoneSchema = z.string().max(32).regex(/^(?=(?:\D*\d){7,15}\D*$)\+?[\d(][\d ().-]*\d$/).meta({ 'x-issue': 'must be a phone number such as +15125550100 or (512) 555-0100' });
const httpsUrlSchema = z.string().max(2048).url().regex(/^https:\/\/[^/?#\s]+/).meta({ 'x-issue': 'must be an https URL' });
const contactShape = { phone: phoneSchema.optional(), email: emailSchema.optional(), website: httpsUrlSchema.optional() };
export const contactSchema = z.strictObject(contactShape);
const countryCodeSchema = z.enum(COUNTRY_CODES).meta({ 'x-issue': 'must be an ISO 3166-1 alpha-2 country code', description: 'ISO 3166-1 alpha-2, upper case.' });
const postalCodeSchema = z.string().max(32).regex(/^\s*[A-Za-z0-9](?:[A-Za-z0-9 -]{0,10}[A-Za-z0-9])?\s*$/).meta({ 'x-issue': 'must be a postal code', description: '1-12 letters.' });
const addressShape = { street: text(200).optional(), city: text(100).optional(), state: text(100).optional(), country: countryCodeSchema.optional(), postalCode: postalCodeSchema.optional() };
export const addressSchema = z.strictObject(addressShape).meta({ description: 'Every line is stored without surrounding white space.' });
const latitude = z.number().min(-90).max(90).meta({ description: 'Degrees north, WGS 84.' });
const longitude = z.number().min(-180).max(180).meta({ description: 'Degrees east, WGS 84.' });
export const coordinatesSchema = z.strictObject({ lat: latitude, lon: longitude });
export const locationSchema = z.strictObject({ address: addressSchema.optional(), coordinates: coordinatesSchema.optional() });
const nullableShape = <S extends Record<string, z.ZodOptional<z.ZodType>>>(shape: S) =>
  Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, v.unwrap().nullable().optional()])) as { [K in keyof S]: z.ZodOptional<z.ZodNullable<ReturnType<S[K]['unwrap']>>> };
export const locationChangesSchema = z.strictObject({ address: z.strictObject(nullableShape(addressShape)).nullable().optional(), coordinates: coordinatesSchema.nullable().optional() });

export const serviceInputSchema = z.strictObject({
  name: text(200),
  description: text(2000, 1, 'multi').optional(),
  category: text(100).optional(),
  pricing: pricingSchema.optional(),
  duration: z.int().min(1).max(1440).meta({ description: 'Minutes.' }).optional(),
  capacity: z.int().min(1).max(1000).meta({ description: 'How many bookings one start time takes.' }).optional(),
  bookable: z.boolean().default(false),
  requiresQuote: z.boolean().default(false),
});
const servicesSchema = z.array(serviceInputSchema).max(100);

export const createProfileBodySchema = z.strictObject({
  name: text(200),
  category: text(100),
  description: text(5000, 1, 'multi').optional(),
  tagline: text(160).optional(),
  location: locationSchema.optional(),
  contact: contactSchema.optional(),
  services: servicesSchema.optional(),
  hours: hoursSchema.optional(),
});
export const updateProfileBodySchema = z
  .strictObject({
    name: text(200).optional(),
    category: text(100).optional(),
    description: text(5000, 1, 'multi').nullable().optional(),
    tagline: text(160).nullable().optional(),
    location: locationChangesSchema.nullable().optional(),
    contact: z.strictObject(nullableShape(contactShape)).nullable().optional(),
    services: servicesSchema.nullable().optional(),
    hours: hoursChangesSchema.nullable().optional(),
    status: z.enum(['draft', 'published']).optional(),
  })
  .meta({ minProperties: 1, description: 'Any subset of the profile.' });

const instant = z.string().max(40).meta({ format: 'date-time', 'x-issue': 'must be an ISO 8601 date-time with an offset' });
export const createBookingBodySchema = z.strictObject({
  businessId: businessIdSchema,
  serviceId: serviceIdSchema,
  start: instant,
  customer: z.strictObject({ name: text(CUSTOMER_NAME_MAX), email: emailSchema.optional(), phone: phoneSchema.optional() }).meta({ description: 'Who comes.' }),
  notes: text(NOTES_MAX, 0, 'multi').optional(),
  journeyId: z.string().max(128).regex(/^[A-Za-z0-9._:-]{8,128}$/).meta({ 'x-issue': 'must be a session id' }).optional(),
});

const timestamp = z.string().meta({ format: 'date-time', description: 'ISO 8601, UTC.' });
const zoned = z.string().meta({ format: 'date-time', description: 'ISO 8601 with the business\'s UTC offset at that instant.' });
const bookingStatus = z.enum(BOOKING_STATUSES);
export const bookingRecordSchema = z.object({
  id: z.string().meta({ description: 'bkg_<id>' }),
  businessId: z.string(),
  serviceId: z.string(),
  serviceName: z.string(),
  start: zoned,
  end: zoned,
  timeZone: z.string(),
  status: bookingStatus,
  customer: z.object({ name: z.string(), email: z.string().optional(), phone: z.string().optional() }),
  notes: z.string(),
  journeyId: z.string().optional(),
  price: z.object({ amount: z.number().optional(), currency: z.string().optional() }).nullable(),
  history: z.array(z.object({ status: bookingStatus, at: timestamp, by: z.enum(['business', 'customer']), reason: z.string().optional() })),
  createdAt: timestamp,
  updatedAt: timestamp,
});

const radius = z.string().max(16).regex(/^(?!0*(\.0*)?(km|mi|m)$)\d{1,6}(\.\d{1,3})?(km|mi|m)$/).default('50km').meta({ 'x-issue': 'must be a number above 0 followed by km, mi or m' });
export const consumerSearchBodySchema = z.strictObject({
  query: text(500, 1, 'multi'),
  category: text(100).optional(),
  location: z.strictObject({ lat: latitude, lon: longitude, distance: radius }).optional(),
  limit: z.int().min(1).max(50).default(10),
  offset: z.int().min(0).max(1000).default(0),
});

const toJson = (schema: z.ZodType, io: 'input' | 'output') => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
};
export const SCHEMAS = {
  createProfileBodySchema: toJson(createProfileBodySchema, 'input'),
  updateProfileBodySchema: toJson(updateProfileBodySchema, 'input'),
  createBookingBodySchema: toJson(createBookingBodySchema, 'input'),
  bookingRecordSchema: toJson(bookingRecordSchema, 'output'),
  consumerSearchBodySchema: toJson(consumerSearchBodySchema, 'input'),
};

type CreateProfile = z.output<typeof createProfileBodySchema>;
type UpdateProfile = z.output<typeof updateProfileBodySchema>;
type CreateBooking = z.output<typeof createBookingBodySchema>;
type BookingRecord = z.output<typeof bookingRecordSchema>;
type ConsumerSearch = z.output<typeof consumerSearchBodySchema>;
export const handlers = exampleHandlers<CreateProfile, UpdateProfile, CreateBooking, BookingRecord, ConsumerSearch>();
typed<CreateProfile>('typed');
typed<UpdateProfile>('typed');
typed<CreateBooking>('typed');
typed<BookingRecord>('typed');
typed<ConsumerSearch>('typed');
