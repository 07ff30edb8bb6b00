// The shared parts, each checked through an endpoint-shaped wrapper so paths are realistic.
import { addressSchema } from '../../../src/schemas/parts/address';
import { contactSchema } from '../../../src/schemas/parts/contact';
import { coordinatesSchema } from '../../../src/schemas/parts/coordinates';
import { COUNTRY_CODES } from '../../../src/domain/countries';
import { CURRENCY_CODES } from '../../../src/domain/currencies';
import { dateListSchema } from '../../../src/schemas/parts/dates';
import { hoursChangesSchema, hoursSchema } from '../../../src/schemas/parts/hours';
import { businessIdSchema, serviceIdSchema } from '../../../src/schemas/parts/ids';
import { pricingSchema } from '../../../src/schemas/parts/pricing';
import { bodyIssue, validBody } from './expectIssue';

const wrap = (name: string, schema: object) => ({
  type: 'object',
  additionalProperties: false,
  properties: { [name]: schema },
});
const coordinates = wrap('coordinates', coordinatesSchema);
const address = wrap('address', addressSchema);
const contact = wrap('contact', contactSchema);
const hours = wrap('hours', hoursSchema);
const hoursChanges = wrap('hours', hoursChangesSchema);
const pricing = wrap('pricing', pricingSchema);
const dates = wrap('dates', dateListSchema);
const ids = { type: 'object', additionalProperties: false, properties: { businessId: businessIdSchema, serviceId: serviceIdSchema } };

describe('coordinates', () => {
  it('accepts the extremes of latitude and longitude', () => {
    validBody(coordinates, { coordinates: { lat: -90, lon: 180 } });
    validBody(coordinates, { coordinates: { lat: 90, lon: -180 } });
  });
  it('rejects a latitude beyond 90 naming its path and the bounds', () => {
    expect(bodyIssue(coordinates, { coordinates: { lat: 90.5, lon: 0 } })).toEqual({ field: 'coordinates.lat', issue: 'must be between -90 and 90' });
  });
  it('rejects a longitude beyond -180', () => {
    expect(bodyIssue(coordinates, { coordinates: { lat: 0, lon: -181 } })).toEqual({ field: 'coordinates.lon', issue: 'must be between -180 and 180' });
  });
  it('requires both halves of the pair', () => {
    expect(bodyIssue(coordinates, { coordinates: { lat: 1 } })).toEqual({ field: 'coordinates.lon', issue: 'is required' });
  });
  it('refuses numbers sent as strings (bodies are not coerced)', () => {
    expect(bodyIssue(coordinates, { coordinates: { lat: '30.2', lon: -97.7 } })).toEqual({ field: 'coordinates.lat', issue: 'must be a number' });
  });
});

describe('address', () => {
  it('accepts a US address with ZIP+4 and a UK postcode', () => {
    validBody(address, { address: { street: '1 Congress Ave', city: 'Austin', state: 'TX', country: 'US', postalCode: '78701-1234' } });
    validBody(address, { address: { city: 'London', country: 'GB', postalCode: 'SW1A 1AA' } });
  });
  it('knows all 249 ISO 3166-1 alpha-2 codes', () => {
    expect(new Set(COUNTRY_CODES).size).toBe(249);
  });
  it('rejects a country that is not an ISO 3166-1 alpha-2 code', () => {
    for (const country of ['USA', 'us', 'UK', 'ZZ']) {
      expect(bodyIssue(address, { address: { country } })).toEqual({ field: 'address.country', issue: 'must be an ISO 3166-1 alpha-2 country code' });
    }
  });
  it('rejects a postal code with symbols or over 12 characters', () => {
    expect(bodyIssue(address, { address: { postalCode: '78701#' } }).field).toBe('address.postalCode');
    expect(bodyIssue(address, { address: { postalCode: '1234567890123' } })).toEqual({
      field: 'address.postalCode',
      issue: expect.stringContaining('1-12 letters, digits, spaces or hyphens'),
    });
  });
  it('accepts white space around a postal code (the service trims it) but not a blank one', () => {
    validBody(address, { address: { postalCode: '78704 ' } });
    validBody(address, { address: { postalCode: '\tSW1A 1AA  ' } });
    expect(bodyIssue(address, { address: { postalCode: '   ' } }).field).toBe('address.postalCode');
    expect(bodyIssue(address, { address: { postalCode: ' 78704 1234567' } }).field).toBe('address.postalCode');
  });
  it('rejects a blank city and an over-long street', () => {
    expect(bodyIssue(address, { address: { city: '   ' } })).toEqual({ field: 'address.city', issue: 'must not be blank' });
    expect(bodyIssue(address, { address: { street: 'x'.repeat(201) } })).toEqual({ field: 'address.street', issue: 'must be at most 200 characters' });
  });
  it('names an unknown property by its own path', () => {
    expect(bodyIssue(address, { address: { zip: '78701' } })).toEqual({ field: 'address.zip', issue: 'is not an allowed property' });
  });
});

describe('contact', () => {
  it.each(['+15125550100', '(512) 555-0100', '+1 512-555-0100', '512.555.0100', '+44 20 7946 0958'])('accepts the phone %s', (phone) => {
    validBody(contact, { contact: { phone } });
  });
  it.each(['555-01', 'call me', '+1 (512) 555-0100 ext', '1234567890123456', '--5125550100'])('rejects the phone %s', (phone) => {
    expect(bodyIssue(contact, { contact: { phone } })).toEqual({ field: 'contact.phone', issue: 'must be a phone number such as +15125550100 or (512) 555-0100' });
  });
  it('accepts an email and an https website', () => {
    validBody(contact, { contact: { email: 'owner@example.com', website: 'https://example.com/menu?x=1' } });
  });
  it('rejects a malformed email', () => {
    expect(bodyIssue(contact, { contact: { email: 'owner@' } })).toEqual({ field: 'contact.email', issue: 'must be an email address' });
  });
  it.each(['http://example.com', 'ftp://example.com', 'https://', 'example.com', 'https://exa mple.com'])('rejects the website %s', (website) => {
    expect(bodyIssue(contact, { contact: { website } })).toEqual({ field: 'contact.website', issue: 'must be an https URL' });
  });
});

describe('hours', () => {
  it('accepts open/close pairs, closed days and closing after midnight', () => {
    validBody(hours, { hours: { monday: { open: '00:00', close: '23:59' }, friday: { open: '18:00', close: '02:00' }, sunday: { closed: true } } });
  });
  it('rejects 24:00, naming the day and the side', () => {
    expect(bodyIssue(hours, { hours: { monday: { open: '09:00', close: '24:00' } } })).toEqual({
      field: 'hours.monday.close',
      issue: 'must be a 24-hour time HH:MM from 00:00 to 23:59',
    });
  });
  it('rejects single-digit hours and minutes beyond 59', () => {
    expect(bodyIssue(hours, { hours: { monday: { open: '9:00', close: '17:00' } } }).field).toBe('hours.monday.open');
    expect(bodyIssue(hours, { hours: { monday: { open: '09:60', close: '17:00' } } }).field).toBe('hours.monday.open');
  });
  it('requires close when open is given', () => {
    expect(bodyIssue(hours, { hours: { tuesday: { open: '09:00' } } })).toEqual({ field: 'hours.tuesday.close', issue: 'is required' });
  });
  it('only accepts closed: true', () => {
    expect(bodyIssue(hours, { hours: { tuesday: { closed: false } } })).toEqual({ field: 'hours.tuesday.closed', issue: 'must be true' });
  });
  it('rejects mixing open hours with closed', () => {
    expect(bodyIssue(hours, { hours: { tuesday: { open: '09:00', close: '17:00', closed: true } } })).toEqual({
      field: 'hours.tuesday.closed',
      issue: 'is not an allowed property',
    });
  });
  it('describes both shapes when a day is not an object', () => {
    expect(bodyIssue(hours, { hours: { monday: '9-5' } })).toEqual({
      field: 'hours.monday',
      issue: 'must be {"open": "HH:MM", "close": "HH:MM"} or {"closed": true}',
    });
  });
  it('accepts weekday keys only', () => {
    expect(bodyIssue(hours, { hours: { holiday: { closed: true } } })).toEqual({ field: 'hours.holiday', issue: 'is not an allowed property' });
  });
  it('lets a change remove a day with null, which a full week does not', () => {
    validBody(hoursChanges, { hours: { monday: null, tuesday: { closed: true } } });
    expect(bodyIssue(hours, { hours: { monday: null } }).field).toBe('hours.monday');
  });
});

describe('pricing', () => {
  it('accepts fixed, hourly and range prices, including zero', () => {
    validBody(pricing, { pricing: { type: 'fixed', currency: 'USD', amount: 0 } });
    validBody(pricing, { pricing: { type: 'hourly', currency: 'EUR', amount: 85.5 } });
    validBody(pricing, { pricing: { type: 'range', currency: 'JPY', minAmount: 1000, maxAmount: 1000 } });
  });
  it('rejects a range whose minimum exceeds its maximum', () => {
    expect(bodyIssue(pricing, { pricing: { type: 'range', currency: 'USD', minAmount: 50, maxAmount: 20 } })).toEqual({
      field: 'pricing.maxAmount',
      issue: 'must not be less than minAmount',
    });
  });
  it('rejects negative amounts', () => {
    expect(bodyIssue(pricing, { pricing: { type: 'fixed', currency: 'USD', amount: -1 } })).toEqual({
      field: 'pricing.amount',
      issue: 'must be between 0 and 1000000000',
    });
    expect(bodyIssue(pricing, { pricing: { type: 'range', currency: 'USD', minAmount: -5, maxAmount: 10 } }).field).toBe('pricing.minAmount');
  });
  it('rejects a currency that is not an active ISO 4217 code', () => {
    for (const currency of ['usd', 'US$', 'XAU', 'HRK', 'ABC']) {
      expect(bodyIssue(pricing, { pricing: { type: 'fixed', currency, amount: 5 } })).toEqual({
        field: 'pricing.currency',
        issue: 'must be an ISO 4217 currency code',
      });
    }
    expect(CURRENCY_CODES).toEqual(expect.arrayContaining(['USD', 'EUR', 'GBP', 'JPY', 'INR', 'XOF']));
  });
  it('names the allowed pricing types for an unknown one', () => {
    expect(bodyIssue(pricing, { pricing: { type: 'free', currency: 'USD' } })).toEqual({ field: 'pricing.type', issue: 'must be one of fixed, range, hourly' });
  });
  it('requires the amount of its type and refuses the other type\'s fields', () => {
    expect(bodyIssue(pricing, { pricing: { type: 'fixed', currency: 'USD' } })).toEqual({ field: 'pricing.amount', issue: 'is required' });
    expect(bodyIssue(pricing, { pricing: { type: 'fixed', currency: 'USD', amount: 5, minAmount: 1 } })).toEqual({
      field: 'pricing.minAmount',
      issue: 'is not an allowed property',
    });
  });
});

describe('dates', () => {
  it('accepts a leap day and a list of distinct dates', () => {
    validBody(dates, { dates: ['2024-02-29', '2025-12-25'] });
  });
  it('rejects dates that do not exist on the calendar', () => {
    for (const date of ['2025-02-30', '2025-02-29', '2025-13-01', '2025-1-5', '25-01-05']) {
      expect(bodyIssue(dates, { dates: ['2025-01-01', date] })).toEqual({ field: 'dates.1', issue: 'must be a real calendar date (YYYY-MM-DD)' });
    }
  });
  it('accepts a date listed twice (the service stores it once)', () => {
    validBody(dates, { dates: ['2025-01-01', '2025-01-01'] });
  });
  it('rejects an empty list and more than 366 dates', () => {
    expect(bodyIssue(dates, { dates: [] })).toEqual({ field: 'dates', issue: 'must contain at least 1 item' });
    const many = Array.from({ length: 367 }, (_, i) => new Date(Date.UTC(2025, 0, 1 + i)).toISOString().slice(0, 10));
    expect(bodyIssue(dates, { dates: many })).toEqual({ field: 'dates', issue: 'must contain at most 366 items' });
  });
});

describe('ids', () => {
  it('accepts prefixed base62 ids and rejects the wrong prefix', () => {
    validBody(ids, { businessId: 'biz_AbC123xyz', serviceId: 'svc_000000' });
    expect(bodyIssue(ids, { businessId: 'svc_AbC123xyz' })).toEqual({
      field: 'businessId',
      issue: 'must be a business id (biz_ followed by 6-40 letters or digits)',
    });
    expect(bodyIssue(ids, { serviceId: 'svc_abc' }).field).toBe('serviceId');
  });
});
