// Directory and partner search as listing pages and partner integrations use them: category
// names, the place forms people type, and items as the OpenAPI document describes them.
import request from 'supertest';
import { listingBusinessSchema } from '../../src/schemas/responses/search';
import { completeProfileBody, signUp, type Actor } from './actors';
import { buildTestApp, untilIndexed, type TestApp } from './testApp';
import { grantPartnerAccess } from '../fixtures/partnerAgreements';

let app: TestApp;
let owner: Actor;
let partner: Actor;
const ids: Record<string, string> = {};

async function publish(key: string, overrides: Record<string, unknown>): Promise<void> {
  const created = await request(app.callback).post('/v1/business/profile').set(owner.auth).send(completeProfileBody(overrides));
  expect(created.status).toBe(201);
  ids[key] = created.body.data.id;
  expect((await request(app.callback).patch(`/v1/business/profile/${ids[key]}`).set(owner.auth).send({ status: 'published' })).status).toBe(200);
}

function place(city: string, state: string, lat: number, lon: number) {
  return { location: { address: { street: '1 Main St', city, state, postalCode: '00501', country: 'US' }, coordinates: { lat, lon } } };
}

beforeAll(async () => {
  app = await buildTestApp();
  owner = await signUp(app, 'listing-owner');
  partner = await signUp(app, 'listing-partner');
  await grantPartnerAccess(app.store, partner.accountId);
  await publish('tacos', { name: 'Taqueria Lupita', category: 'restaurants', ...place('Austin', 'TX', 30.2672, -97.7431) });
  await publish('dentist', { name: 'Bright Smile Dental', category: 'dental', ...place('Austin', 'TX', 30.27, -97.74) });
  await publish('freeText', { name: 'Corner Pizza Cart', category: 'Pizza', ...place('Houston', 'TX', 29.7604, -95.3698) });
  await publish('denver', { name: 'Mile High Diner', category: 'restaurants', ...place('Denver', 'CO', 39.7392, -104.9903) });
  await publish('nyc', { name: 'Bagel Corner', category: 'bakeries', ...place('New York', 'NY', 40.7128, -74.006) });
  await publish('filedAsDentist', { name: 'Hill Country Dentist', category: 'Dentist', ...place('Austin', 'TX', 30.28, -97.75) });
  await untilIndexed(app);
});
afterAll(() => app.close());

const found = (response: request.Response) => (response.body.data.businesses as Array<{ id: string }>).map((b) => b.id).sort();
const directory = (query: string) => request(app.callback).get(`/v1/api/v1/directory?${query}`).set(owner.auth);
const partnerSearch = (query: string) => request(app.callback).get(`/v1/api/v1/partners/search?${query}`).set(partner.auth);

describe('category filter', () => {
  it('finds a kind by any word for it, singular or plural, whatever label the owner wrote', async () => {
    // A business filed as "Pizza" is a pizza restaurant, and so a restaurant.
    expect(found(await directory('category=restaurant'))).toEqual([ids.tacos, ids.denver, ids.freeText].sort());
    const dentists = [ids.dentist, ids.filedAsDentist].sort();
    expect(found(await directory('category=Dentists'))).toEqual(dentists);
    expect(found(await partnerSearch('category=dentist&location=Austin,%20TX'))).toEqual(dentists);
    expect(found(await directory('category=dental'))).toEqual(dentists);
    // A narrower kind does not take the broader one: category=pizza is the pizza place alone.
    expect(found(await directory('category=pizza'))).toEqual([ids.freeText]);
    // A label the taxonomy does not know filters as written.
    expect(found(await directory('category=quilting%20circles'))).toEqual([]);
  });
});

describe('partner location', () => {
  it('reads "City ST" without a comma and a state alone', async () => {
    expect(found(await partnerSearch('category=restaurants&location=Austin%20TX'))).toEqual([ids.tacos]);
    expect(found(await partnerSearch('location=Texas'))).toEqual([ids.tacos, ids.dentist, ids.freeText, ids.filedAsDentist].sort());
    expect(found(await partnerSearch('location=CO'))).toEqual([ids.denver]);
    expect(found(await partnerSearch('location=New%20York%20NY'))).toEqual([ids.nyc]);
  });

  it('refuses a point whose radius is not a plain number of kilometres, rather than finding nothing', async () => {
    for (const location of ['30.27,-97.74,5km', '30.27,-97.74,1e1']) {
      const response = await partnerSearch(`location=${location}`);
      expect(response.status).toBe(400);
      expect(response.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'location', issue: expect.stringContaining('lat,lon') } });
    }
  });
});

describe('item shape', () => {
  it('gives partner items only fields the OpenAPI document describes, distance included for a point search', async () => {
    const documented = Object.keys(listingBusinessSchema.properties as object);
    const near = await partnerSearch('location=30.27,-97.74,5');
    expect(found(near)).toEqual([ids.tacos, ids.dentist, ids.filedAsDentist].sort());
    for (const item of near.body.data.businesses) {
      expect(item.distance).toEqual(expect.any(Number));
      expect(Object.keys(item).filter((key) => !documented.includes(key))).toEqual([]);
    }
    const inTexas = (await directory('state=TX')).body.data.businesses;
    expect(inTexas).toHaveLength(4);
    for (const item of inTexas) {
      expect(item).not.toHaveProperty('distance');
      expect(Object.keys(item).filter((key) => !documented.includes(key))).toEqual([]);
    }
  });
});
