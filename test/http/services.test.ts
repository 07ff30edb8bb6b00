import request from 'supertest';
import { MAX_SERVICES } from '../../src/schemas/parts/service';
import { completeProfileBody, signUp, type Actor } from './actors';
import { buildTestApp, type TestApp } from './testApp';

let app: TestApp;
let owner: Actor;
let businessId: string;

beforeAll(async () => {
  app = await buildTestApp();
  owner = await signUp(app, 'catalog');
  businessId = (await request(app.callback).post('/v1/business/profile').set(owner.auth).send(completeProfileBody())).body.data.id;
});
afterAll(() => app.close());

const haircut = {
  name: 'Haircut and style',
  description: 'Wash, cut and blow-dry',
  category: 'hair',
  pricing: { type: 'range', currency: 'USD', minAmount: 35, maxAmount: 60 },
  duration: 45,
  bookable: true,
  requiresQuote: false,
};

it('adds a service and answers 201 with its id, name and createdAt', async () => {
  const response = await request(app.callback).post(`/v1/business/profile/${businessId}/services`).set(owner.auth).send(haircut);
  expect(response.status).toBe(201);
  expect(response.body.data).toMatchObject({ id: expect.stringMatching(/^svc_/), name: haircut.name, createdAt: expect.any(String), pricing: haircut.pricing });
  const profile = await request(app.callback).get(`/v1/business/profile/${businessId}`).set(owner.auth);
  expect(profile.body.data.services.map((s: { id: string }) => s.id)).toContain(response.body.data.id);
});

it('defaults bookable and requiresQuote to false', async () => {
  const response = await request(app.callback).post(`/v1/business/profile/${businessId}/services`).set(owner.auth).send({ name: 'Consultation' });
  expect(response.status).toBe(201);
  expect(response.body.data).toMatchObject({ bookable: false, requiresQuote: false });
});

it.each([
  ['pricing.currency', { ...haircut, pricing: { type: 'fixed', currency: 'XYZ', amount: 10 } }],
  ['pricing.amount', { ...haircut, pricing: { type: 'fixed', currency: 'USD', amount: -1 } }],
  ['pricing', { ...haircut, pricing: { type: 'range', currency: 'USD', minAmount: 90, maxAmount: 10 } }],
  ['duration', { ...haircut, duration: 0 }],
  ['name', { ...haircut, name: '' }],
])('rejects an invalid %s', async (field, body) => {
  const response = await request(app.callback).post(`/v1/business/profile/${businessId}/services`).set(owner.auth).send(body);
  expect(response.status).toBe(400);
  expect(response.body.error.code).toBe('VALIDATION_ERROR');
  expect(response.body.error.details.field).toMatch(new RegExp(`^${field.replace(/\./g, '\\.')}`));
});

it('PATCH updates the named fields and returns the whole updated service', async () => {
  const added = (await request(app.callback).post(`/v1/business/profile/${businessId}/services`).set(owner.auth).send(haircut)).body.data;
  const response = await request(app.callback)
    .patch(`/v1/business/profile/${businessId}/services/${added.id}`)
    .set(owner.auth)
    .send({ duration: 60, pricing: { type: 'fixed', currency: 'EUR', amount: 50 } });
  expect(response.status).toBe(200);
  expect(response.body.data).toMatchObject({ id: added.id, name: haircut.name, duration: 60, pricing: { type: 'fixed', currency: 'EUR', amount: 50 }, bookable: true });
  expect(response.body.data.pricing).not.toHaveProperty('minAmount');
});

it('DELETE removes the service and answers {id, deleted: true}; a second delete is 404', async () => {
  const added = (await request(app.callback).post(`/v1/business/profile/${businessId}/services`).set(owner.auth).send(haircut)).body.data;
  const response = await request(app.callback).delete(`/v1/business/profile/${businessId}/services/${added.id}`).set(owner.auth);
  expect(response.status).toBe(200);
  expect(response.body.data).toEqual({ id: added.id, deleted: true });
  const again = await request(app.callback).delete(`/v1/business/profile/${businessId}/services/${added.id}`).set(owner.auth);
  expect(again.status).toBe(404);
  expect(again.body.error.code).toBe('SERVICE_NOT_FOUND');
});

it(`refuses a service beyond the cap of ${MAX_SERVICES} per profile, as PATCH profile does`, async () => {
  const services = Array.from({ length: MAX_SERVICES - 1 }, (_, i) => ({ name: `Service ${i}` }));
  const full = (await request(app.callback).post('/v1/business/profile').set(owner.auth).send(completeProfileBody({ services }))).body.data.id;
  const last = await request(app.callback).post(`/v1/business/profile/${full}/services`).set(owner.auth).send({ name: 'The hundredth' });
  expect(last.status).toBe(201);
  const over = await request(app.callback).post(`/v1/business/profile/${full}/services`).set(owner.auth).send({ name: 'One too many' });
  expect(over.status).toBe(400);
  expect(over.body.error.code).toBe('VALIDATION_ERROR');
  expect(over.body.error.details).toEqual({ field: 'services', issue: `must contain at most ${MAX_SERVICES} items; this profile already lists ${MAX_SERVICES}` });
  const profile = await request(app.callback).get(`/v1/business/profile/${full}`).set(owner.auth);
  expect(profile.body.data.services).toHaveLength(MAX_SERVICES);
});

it('refuses a price finer than its currency\'s minor unit when adding or changing a service', async () => {
  const added = await request(app.callback).post(`/v1/business/profile/${businessId}/services`).set(owner.auth)
    .send({ name: 'Ramen', pricing: { type: 'fixed', currency: 'JPY', amount: 980.5 } });
  expect(added.status).toBe(400);
  expect(added.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'pricing.amount', issue: expect.stringMatching(/whole number in JPY/) } });

  const ok = await request(app.callback).post(`/v1/business/profile/${businessId}/services`).set(owner.auth)
    .send({ name: 'Ramen', pricing: { type: 'fixed', currency: 'JPY', amount: 980 } });
  expect(ok.status).toBe(201);
  const changed = await request(app.callback).patch(`/v1/business/profile/${businessId}/services/${ok.body.data.id}`).set(owner.auth)
    .send({ pricing: { type: 'range', currency: 'USD', minAmount: 8, maxAmount: 9.999 } });
  expect(changed.status).toBe(400);
  expect(changed.body.error.details).toEqual({ field: 'pricing.maxAmount', issue: expect.stringMatching(/at most 2 decimal places in USD/) });
});
