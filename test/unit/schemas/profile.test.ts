import { createProfileBodySchema, profileStatusQuerySchema, updateProfileBodySchema } from '../../../src/schemas/endpoints/profile';
import { bodyIssue, queryIssue, validBody, validQuery } from './expectIssue';

const profile = {
  name: "Rosa's Taqueria",
  category: 'restaurants',
  description: 'Family-run taqueria since 1998.',
  tagline: 'Tortillas pressed to order',
  location: {
    address: { street: '1100 S Congress Ave', city: 'Austin', state: 'TX', country: 'US', postalCode: '78704' },
    coordinates: { lat: 30.2515, lon: -97.7494 },
  },
  contact: { phone: '(512) 555-0100', email: 'hola@rosas.example', website: 'https://rosas.example' },
  services: [
    { name: 'Catering', pricing: { type: 'range', currency: 'USD', minAmount: 200, maxAmount: 1500 }, duration: 240 },
  ],
  hours: { monday: { open: '07:00', close: '15:00' }, sunday: { closed: true } },
};

describe('POST /business/profile body', () => {
  it('accepts a full profile and fills service flags with false', () => {
    const body = validBody<typeof profile & { services: Array<{ bookable: boolean; requiresQuote: boolean }> }>(createProfileBodySchema, profile);
    expect(body.services[0]).toMatchObject({ bookable: false, requiresQuote: false });
  });
  it('accepts name and category alone', () => {
    validBody(createProfileBodySchema, { name: 'Minimal', category: 'plumbers' });
  });
  it('requires name and category', () => {
    expect(bodyIssue(createProfileBodySchema, { category: 'x' })).toEqual({ field: 'name', issue: 'is required' });
    expect(bodyIssue(createProfileBodySchema, { name: 'x' })).toEqual({ field: 'category', issue: 'is required' });
  });
  it.each(['id', 'status', 'trust', 'media', 'createdAt', 'updatedAt', 'exclusiveContent'])('rejects the read-only or foreign field %s', (field) => {
    expect(bodyIssue(createProfileBodySchema, { ...profile, [field]: 'x' })).toEqual({ field, issue: 'is not an allowed property' });
  });
  it('names nested fields by their dotted path', () => {
    const badLat = { ...profile, location: { ...profile.location, coordinates: { lat: 91, lon: 0 } } };
    expect(bodyIssue(createProfileBodySchema, badLat)).toEqual({ field: 'location.coordinates.lat', issue: 'must be between -90 and 90' });
    const badCurrency = { ...profile, services: [{ name: 'x' }, { name: 'y', pricing: { type: 'fixed', currency: 'DOLLARS', amount: 1 } }] };
    expect(bodyIssue(createProfileBodySchema, badCurrency)).toEqual({ field: 'services.1.pricing.currency', issue: 'must be an ISO 4217 currency code' });
  });
  it('rejects a service id sent by the client', () => {
    expect(bodyIssue(createProfileBodySchema, { ...profile, services: [{ id: 'svc_123456', name: 'x' }] })).toEqual({ field: 'services.0.id', issue: 'is not an allowed property' });
  });
  it('bounds the length of strings and the number of services', () => {
    expect(bodyIssue(createProfileBodySchema, { ...profile, name: 'n'.repeat(201) })).toEqual({ field: 'name', issue: 'must be at most 200 characters' });
    expect(bodyIssue(createProfileBodySchema, { ...profile, tagline: 't'.repeat(161) }).field).toBe('tagline');
    expect(bodyIssue(createProfileBodySchema, { ...profile, description: 'd'.repeat(5001) }).field).toBe('description');
    const services = Array.from({ length: 101 }, (_, i) => ({ name: `s${i}` }));
    expect(bodyIssue(createProfileBodySchema, { ...profile, services })).toEqual({ field: 'services', issue: 'must contain at most 100 items' });
  });
  it('rejects a body that is not an object', () => {
    expect(bodyIssue(createProfileBodySchema, ['x'])).toEqual({ field: 'body', issue: 'must be an object' });
    expect(bodyIssue(createProfileBodySchema, 'name=x')).toEqual({ field: 'body', issue: 'must be an object' });
  });
});

describe('PATCH /business/profile/{id} body', () => {
  it('accepts a partial body with only some days of hours', () => {
    validBody(updateProfileBodySchema, { hours: { saturday: { open: '10:00', close: '14:00' } } });
  });
  it('accepts null to clear optional fields at any depth', () => {
    validBody(updateProfileBodySchema, {
      tagline: null,
      contact: { website: null },
      location: { address: { street: null }, coordinates: null },
      hours: { monday: null },
    });
  });
  it('does not apply creation defaults', () => {
    const body = validBody<Record<string, unknown>>(updateProfileBodySchema, { name: 'New name' });
    expect(body).toEqual({ name: 'New name' });
  });
  it('moves status between draft and published only', () => {
    validBody(updateProfileBodySchema, { status: 'published' });
    expect(bodyIssue(updateProfileBodySchema, { status: 'archived' })).toEqual({ field: 'status', issue: 'must be one of draft, published' });
  });
  it('refuses to clear the required name and category', () => {
    expect(bodyIssue(updateProfileBodySchema, { name: null })).toEqual({ field: 'name', issue: 'must be a string' });
    expect(bodyIssue(updateProfileBodySchema, { category: null }).field).toBe('category');
  });
  it('requires at least one property', () => {
    expect(bodyIssue(updateProfileBodySchema, {})).toEqual({ field: 'body', issue: 'must contain at least one property' });
  });
  it('still checks the values it merges', () => {
    expect(bodyIssue(updateProfileBodySchema, { contact: { website: 'http://rosas.example' } })).toEqual({ field: 'contact.website', issue: 'must be an https URL' });
    expect(bodyIssue(updateProfileBodySchema, { location: { coordinates: { lat: 0, lon: 200 } } })).toEqual({ field: 'location.coordinates.lon', issue: 'must be between -180 and 180' });
    expect(bodyIssue(updateProfileBodySchema, { hours: { friday: { open: '18:00', close: '24:00' } } })).toEqual({
      field: 'hours.friday.close',
      issue: 'must be a 24-hour time HH:MM from 00:00 to 23:59',
    });
  });
  it('rejects read-only fields', () => {
    expect(bodyIssue(updateProfileBodySchema, { trust: { verificationLevel: 'certified' } })).toEqual({ field: 'trust', issue: 'is not an allowed property' });
  });
});

describe('GET /business/profile/status query', () => {
  it('takes an optional businessId', async () => {
    expect(await validQuery(profileStatusQuerySchema, {})).toEqual({});
    expect(await validQuery(profileStatusQuerySchema, { businessId: 'biz_abcdef123' })).toEqual({ businessId: 'biz_abcdef123' });
  });
  it('rejects a malformed id and unknown parameters', async () => {
    expect((await queryIssue(profileStatusQuerySchema, { businessId: 'abc' })).field).toBe('businessId');
    expect(await queryIssue(profileStatusQuerySchema, { id: 'biz_abcdef123' })).toEqual({ field: 'id', issue: 'is not an allowed property' });
  });
});
