import { consumerSearchBodySchema } from '../../../src/schemas/endpoints/consumerSearch';
import { directoryQuerySchema } from '../../../src/schemas/endpoints/directory';
import { partnerSearchQuerySchema } from '../../../src/schemas/endpoints/partnerSearch';
import { bodyIssue, queryIssue, validBody, validQuery } from './expectIssue';

describe('POST /api/v1/consumer/search body', () => {
  it('accepts a query alone and applies limit 10 and offset 0', () => {
    expect(validBody(consumerSearchBodySchema, { query: 'tacos' })).toEqual({ query: 'tacos', limit: 10, offset: 0 });
  });
  it('defaults the radius to 50km when a location is given', () => {
    expect(validBody(consumerSearchBodySchema, { query: 'tacos', location: { lat: 30.27, lon: -97.74 } })).toMatchObject({
      location: { lat: 30.27, lon: -97.74, distance: '50km' },
    });
  });
  it.each(['10mi', '500m', '2.5km', '50km', '0.5km', '0.001km', '10.0mi', '100m'])('accepts the radius %s', (distance) => {
    validBody(consumerSearchBodySchema, { query: 'x', location: { lat: 0, lon: 0, distance } });
  });
  // A zero radius used to pass and then search the default 50 km (parseRadius has no zero radius).
  it.each(['50', '50 km', 'km', '-5km', '10ft', '0km', '0m', '0.0mi', '000.000km'])('rejects the radius %s', (distance) => {
    expect(bodyIssue(consumerSearchBodySchema, { query: 'x', location: { lat: 0, lon: 0, distance } })).toEqual({
      field: 'location.distance',
      issue: 'must be a number above 0 followed by km, mi or m, such as 50km',
    });
  });
  it('requires a query of 1 to 500 characters', () => {
    expect(bodyIssue(consumerSearchBodySchema, {})).toEqual({ field: 'query', issue: 'is required' });
    expect(bodyIssue(consumerSearchBodySchema, { query: '' })).toEqual({ field: 'query', issue: 'must not be empty' });
    expect(bodyIssue(consumerSearchBodySchema, { query: 'q'.repeat(501) })).toEqual({ field: 'query', issue: 'must be at most 500 characters' });
  });
  it('bounds limit to 1-50 and offset to 0-1000', () => {
    expect(bodyIssue(consumerSearchBodySchema, { query: 'x', limit: 51 })).toEqual({ field: 'limit', issue: 'must be between 1 and 50' });
    expect(bodyIssue(consumerSearchBodySchema, { query: 'x', limit: 0 })).toEqual({ field: 'limit', issue: 'must be between 1 and 50' });
    expect(bodyIssue(consumerSearchBodySchema, { query: 'x', offset: -1 })).toEqual({ field: 'offset', issue: 'must be between 0 and 1000' });
    expect(bodyIssue(consumerSearchBodySchema, { query: 'x', offset: 1001 }).field).toBe('offset');
  });
  it('does not coerce strings in a JSON body', () => {
    expect(bodyIssue(consumerSearchBodySchema, { query: 'x', limit: '5' })).toEqual({ field: 'limit', issue: 'must be a whole number' });
  });
  it('requires lat and lon when a location is given', () => {
    expect(bodyIssue(consumerSearchBodySchema, { query: 'x', location: { lat: 1 } })).toEqual({ field: 'location.lon', issue: 'is required' });
    expect(bodyIssue(consumerSearchBodySchema, { query: 'x', location: { lat: -91, lon: 0 } }).field).toBe('location.lat');
  });
  it('rejects unknown fields', () => {
    expect(bodyIssue(consumerSearchBodySchema, { query: 'x', sessionId: 's' })).toEqual({ field: 'sessionId', issue: 'is not an allowed property' });
  });
});

describe('GET /api/v1/directory query', () => {
  it('coerces numbers from the URL and applies the defaults', async () => {
    expect(await validQuery(directoryQuerySchema, { category: 'restaurants', limit: '5', offset: '40' })).toEqual({
      category: 'restaurants',
      limit: 5,
      offset: 40,
      sortBy: 'aiVisibilityScore',
      sortOrder: 'desc',
    });
    expect(await validQuery(directoryQuerySchema, {})).toEqual({ limit: 20, offset: 0, sortBy: 'aiVisibilityScore', sortOrder: 'desc' });
  });
  it('accepts every filter and sort of the spec', async () => {
    await validQuery(directoryQuerySchema, {
      query: 'coffee', category: 'cafes', city: 'Austin', state: 'TX', country: 'US',
      verificationLevel: 'premium', sortBy: 'rating', sortOrder: 'asc', limit: '100', offset: '0',
    });
  });
  it('rejects out-of-range and non-numeric paging', async () => {
    expect(await queryIssue(directoryQuerySchema, { limit: '101' })).toEqual({ field: 'limit', issue: 'must be between 1 and 100' });
    expect(await queryIssue(directoryQuerySchema, { limit: 'ten' })).toEqual({ field: 'limit', issue: 'must be a whole number' });
    expect(await queryIssue(directoryQuerySchema, { offset: '-3' })).toEqual({ field: 'offset', issue: 'must be between 0 and 10000' });
  });
  it('rejects unknown enum values and parameters', async () => {
    expect(await queryIssue(directoryQuerySchema, { sortBy: 'distance' })).toEqual({ field: 'sortBy', issue: 'must be one of aiVisibilityScore, rating, name, relevance' });
    expect(await queryIssue(directoryQuerySchema, { verificationLevel: 'none' })).toEqual({ field: 'verificationLevel', issue: 'must be one of basic, verified, premium, certified' });
    expect(await queryIssue(directoryQuerySchema, { page: '2' })).toEqual({ field: 'page', issue: 'is not an allowed property' });
  });
});

describe('GET /api/v1/partners/search query', () => {
  it('accepts any one of q, category and location', async () => {
    expect(await validQuery(partnerSearchQuerySchema, { q: 'plumber' })).toEqual({ q: 'plumber', limit: 20, offset: 0 });
    await validQuery(partnerSearchQuerySchema, { category: 'plumbers', limit: '100' });
    await validQuery(partnerSearchQuerySchema, { location: '30.27,-97.74,10' });
  });
  it('names all three when none is given', async () => {
    expect(await queryIssue(partnerSearchQuerySchema, { limit: '5' })).toEqual({ field: 'q', issue: 'at least one of q, category, location is required' });
  });
  it('bounds limit to 1-100', async () => {
    expect(await queryIssue(partnerSearchQuerySchema, { q: 'x', limit: '0' })).toEqual({ field: 'limit', issue: 'must be between 1 and 100' });
  });
});
