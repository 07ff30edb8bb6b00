// Which API changes produce which webhook events, with which data: driven through the real API,
// delivered to a real receiver on 127.0.0.1 and read back with the standardwebhooks verifier. Every
// payload received is also checked against the event's schema in the OpenAPI document's `webhooks`
// (object schemas closed, so a field the document omits fails).
import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import { apiKey, completeProfileBody, signUp, type Actor } from './actors';
import { buildWebhookTestApp, drain, testDispatcher, type WebhookTestApp } from './webhookSetup';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookReceiver';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { buildOpenApiDocument } from '../../src/openapi/openApiDocument';
import { closed } from './openapiConformance/documentedAnswers';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

interface Payload {
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

let app: WebhookTestApp;
let receiver: WebhookReceiver;
let owner: Actor;
let secret: string;

beforeAll(async () => {
  app = await buildWebhookTestApp();
  receiver = await startWebhookReceiver();
  owner = await signUp(app, 'events');
  const created = await request(app.callback).post('/v1/webhooks/endpoints').set(owner.auth).send({ url: receiver.url, events: ['*'] });
  secret = created.body.data.secret;
});

afterAll(async () => {
  await receiver.close();
  await app.close();
});

/** Delivers what is queued and returns the payloads received since the last call, verified. */
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(closed(buildOpenApiDocument()) as object, 'doc');
/** What does not match the documented payload of its type (empty when it conforms). */
function undocumented(payload: Payload): string[] {
  const { type } = payload;
  const validate = ajv.compile({ $ref: `doc#/webhooks/${type}/post/requestBody/content/application~1json/schema` });
  return validate(payload) ? [] : (validate.errors ?? []).map((error) => `${type}${error.instancePath} ${error.message}`);
}

it('the documented payload schemas refuse what the API does not send', () => {
  const booking = { type: 'booking.created', timestamp: '2026-11-30T12:00:00.000Z', data: { id: 'bkg_1' } };
  expect(undocumented(booking as Payload).length).toBeGreaterThan(0);
  expect(undocumented({ type: 'profile.deleted', timestamp: '2026-11-30T12:00:00.000Z', data: { id: 'biz_1', deleted: true, deletedAt: '2026-11-30T12:00:00.000Z', extra: 1 } })).toEqual([
    'profile.deleted/data must NOT have additional properties',
  ]);
});
async function delivered(): Promise<Payload[]> {
  await drain(app, testDispatcher(app));
  const payloads = receiver.received.map((r) => new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as Payload);
  receiver.received.length = 0;
  return checked(payloads);
}

function checked(payloads: Payload[]): Payload[] {
  expect(payloads.flatMap(undocumented)).toEqual([]);
  return payloads;
}

it('profile.created, profile.updated, profile.published and profile.deleted carry the profile as the API shows it', async () => {
  const created = await request(app.callback).post('/v1/business/profile').set(owner.auth).send(completeProfileBody());
  const id = created.body.data.id as string;
  const afterCreate = await delivered();
  expect(afterCreate.map((p) => p.type)).toEqual(['profile.created']);

  await request(app.callback).patch(`/v1/business/profile/${id}`).set(owner.auth).send({ tagline: 'Now with brunch' });
  const afterPatch = await delivered();
  expect(afterPatch.map((p) => p.type)).toEqual(['profile.updated']);
  const shown = await request(app.callback).get(`/v1/business/profile/${id}`).set(owner.auth);
  expect(afterPatch[0].data).toEqual(shown.body.data);

  await request(app.callback).patch(`/v1/business/profile/${id}`).set(owner.auth).send({ status: 'published' });
  const afterPublish = await delivered();
  expect(afterPublish.map((p) => p.type).sort()).toEqual(['profile.published', 'profile.updated']);
  expect(afterPublish.every((p) => p.data.status === 'published')).toBe(true);

  const removed = await request(app.callback).delete(`/v1/business/profile/${id}`).set(owner.auth);
  expect(removed.status).toBe(200);
  const afterDelete = await delivered();
  expect(afterDelete.map((p) => p.type)).toEqual(['profile.deleted']);
  expect(afterDelete[0].data).toEqual({ id, deleted: true, deletedAt: expect.any(String) });
});

it('a refused change sends nothing', async () => {
  const body = completeProfileBody();
  await request(app.callback).post('/v1/business/profile').set(owner.auth).send(body);
  await delivered();
  const duplicate = await request(app.callback).post('/v1/business/profile').set(owner.auth).send(body);
  expect(duplicate.status).toBe(409);
  expect(await delivered()).toEqual([]);
});

it('a write that changes nothing stores nothing and sends nothing, whichever route it takes (issue 30)', async () => {
  const body = completeProfileBody({ services: [{ name: 'Brunch', pricing: { type: 'fixed', currency: 'USD', amount: 20 } }] });
  const created = await request(app.callback).post('/v1/business/profile').set(owner.auth).send(body);
  const id = created.body.data.id as string;
  const serviceId = created.body.data.services?.[0]?.id ?? (await request(app.callback).get(`/v1/business/profile/${id}`).set(owner.auth)).body.data.services[0].id;
  await request(app.callback).post(`/v1/business/profile/${id}/blackout-dates`).set(owner.auth).send({ dates: ['2027-06-01'] });
  await request(app.callback).patch(`/v1/business/profile/${id}/exclusive-content`).set(owner.auth).send({ insiderTips: 'Sit by the window.' });
  await delivered();
  const before = await request(app.callback).get(`/v1/business/profile/${id}`).set(owner.auth);

  const sameAgain = [
    request(app.callback).patch(`/v1/business/profile/${id}`).set(owner.auth).send({ name: body.name, tagline: body.tagline, contact: body.contact }),
    request(app.callback).patch(`/v1/business/profile/${id}`).set(owner.auth).send({ status: 'draft' }),
    request(app.callback).patch(`/v1/business/profile/${id}/hours`).set(owner.auth).send(body.hours),
    request(app.callback).post(`/v1/business/profile/${id}/blackout-dates`).set(owner.auth).send({ dates: ['2027-06-01'] }),
    request(app.callback).delete(`/v1/business/profile/${id}/blackout-dates`).set(owner.auth).send({ dates: ['2027-06-02'] }),
    request(app.callback).patch(`/v1/business/profile/${id}/exclusive-content`).set(owner.auth).send({ insiderTips: 'Sit by the window.' }),
    request(app.callback).patch(`/v1/business/profile/${id}/services/${serviceId}`).set(owner.auth).send({ name: 'Brunch', pricing: { type: 'fixed', currency: 'USD', amount: 20 } }),
  ];
  for (const write of sameAgain) expect((await write).status).toBeLessThan(300);
  expect(await delivered()).toEqual([]);
  const after = await request(app.callback).get(`/v1/business/profile/${id}`).set(owner.auth);
  expect(after.body.data.updatedAt).toBe(before.body.data.updatedAt);
  expect(after.headers.etag).toBe(before.headers.etag);
});

it('verification.requested, then verification.approved (sandbox decides at once), to the sandbox endpoint only', async () => {
  const sandbox = await apiKey(app, owner, 'test');
  const sandboxEndpoint = await request(app.callback).post('/v1/webhooks/endpoints').set(sandbox.auth).send({ url: `${receiver.url}?sandbox`, events: ['verification.requested', 'verification.approved'] });
  const sandboxSecret = sandboxEndpoint.body.data.secret as string;
  const created = await request(app.callback).post('/v1/business/profile').set(sandbox.auth).send(completeProfileBody());
  const asked = await request(app.callback).post(`/v1/business/profile/${created.body.data.id}/verification`).set(sandbox.auth).send({ level: 'basic' });
  expect(asked.status).toBe(200);
  await drain(app, testDispatcher(app));
  const received = receiver.received.filter((r) => r.path === '/hooks?sandbox');
  expect(receiver.received.filter((r) => r.path !== '/hooks?sandbox')).toEqual([]);
  const payloads = checked(received.map((r) => new Webhook(sandboxSecret).verify(r.body, r.headers as Record<string, string>) as Payload));
  expect(payloads.map((p) => p.type).sort()).toEqual(['verification.approved', 'verification.requested']);
  const approved = payloads.find((p) => p.type === 'verification.approved')!;
  expect(approved.data).toMatchObject({ verificationId: asked.body.data.verificationId, status: 'approved', level: 'basic' });
  receiver.received.length = 0;
});

it('media.uploaded carries the upload as the API answered it', async () => {
  const created = await request(app.callback).post('/v1/business/profile').set(owner.auth).send(completeProfileBody());
  await delivered();
  const upload = await request(app.callback)
    .post('/v1/business/profile/media')
    .set(owner.auth)
    .field('type', 'logo')
    .field('businessId', created.body.data.id)
    .attach('file', PNG, { filename: 'logo.png', contentType: 'image/png' });
  expect(upload.status).toBe(201);
  const payloads = await delivered();
  expect(payloads.map((p) => p.type).sort()).toEqual(['media.uploaded', 'profile.updated']);
  expect(payloads.find((p) => p.type === 'media.uploaded')!.data).toEqual(upload.body.data);
});

describe('review and booking events (stored with the write that caused them)', () => {
  const EVERY_DAY = Object.fromEntries(
    ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [day, { open: '08:00', close: '20:00' }]),
  );

  async function publishedBusiness(body: Record<string, unknown> = {}): Promise<string> {
    const created = await request(app.callback).post('/v1/business/profile').set(owner.auth).send(completeProfileBody(body));
    expect(created.status).toBe(201);
    expect((await request(app.callback).patch(`/v1/business/profile/${created.body.data.id}`).set(owner.auth).send({ status: 'published' })).status).toBe(200);
    await delivered();
    return created.body.data.id;
  }

  it('review.submitted and review.updated go to the business\'s owner with the review as the owner reads it', async () => {
    const businessId = await publishedBusiness();
    const reviewer = await signUp(app, 'reviewer');
    const reviewed = await request(app.callback).post(`/v1/business/profile/${businessId}/reviews`).set(reviewer.auth).send({ rating: 5, text: 'Lovely.' });
    expect(reviewed.status).toBe(201);
    const afterSubmit = await delivered();
    expect(afterSubmit.map((p) => p.type)).toEqual(['review.submitted']);
    const asOwner = await request(app.callback).get(`/v1/business/profile/${businessId}/reviews/${reviewed.body.data.id}`).set(owner.auth);
    expect(afterSubmit[0].data).toEqual(asOwner.body.data);
    expect(afterSubmit[0].data).toMatchObject({ rating: 5, text: 'Lovely.', ownReview: false, status: 'visible' });

    const replied = await request(app.callback).put(`/v1/business/profile/${businessId}/reviews/${reviewed.body.data.id}/reply`).set(owner.auth).send({ text: 'Thank you!' });
    expect(replied.status).toBe(200);
    const afterReply = await delivered();
    expect(afterReply.map((p) => p.type)).toEqual(['review.updated']);
    expect(afterReply[0].data).toMatchObject({ id: reviewed.body.data.id, reply: { text: 'Thank you!' } });

    // The same reply again, and an edit that sets what is already there, change nothing and send nothing.
    const review = `/v1/business/profile/${businessId}/reviews/${reviewed.body.data.id}`;
    const unchanged = (await request(app.callback).get(review).set(owner.auth)).body.data;
    expect((await request(app.callback).put(`${review}/reply`).set(owner.auth).send({ text: 'Thank you!' })).status).toBe(200);
    expect((await request(app.callback).patch(review).set(reviewer.auth).send({ rating: 5, text: 'Lovely.' })).status).toBe(200);
    expect(await delivered()).toEqual([]);
    expect((await request(app.callback).get(review).set(owner.auth)).body.data).toEqual(unchanged);

    // Moderation tells the owner the review is hidden, without the admin's notes; hiding it again changes nothing and sends nothing.
    const admin = await signUp(app, 'moderator');
    await app.store.accounts.update(admin.accountId, { role: 'admin' }, new Date().toISOString());
    const moderation = `/v1/business/profile/${businessId}/reviews/${reviewed.body.data.id}/moderation`;
    expect((await request(app.callback).put(moderation).set(admin.auth).send({ hidden: true, reason: 'Off-topic' })).status).toBe(200);
    const afterHide = await delivered();
    expect(afterHide.map((p) => p.type)).toEqual(['review.updated']);
    expect(afterHide[0].data).toMatchObject({ id: reviewed.body.data.id, status: 'hidden' });
    expect(afterHide[0].data).not.toHaveProperty('moderation');
    expect((await request(app.callback).put(moderation).set(admin.auth).send({ hidden: true, reason: 'Still off-topic' })).status).toBe(200);
    expect(await delivered()).toEqual([]);

    // A second review by the same account is refused, and announces nothing.
    const again = await request(app.callback).post(`/v1/business/profile/${businessId}/reviews`).set(reviewer.auth).send({ rating: 1 });
    expect(again.status).toBe(409);
    expect(await delivered()).toEqual([]);
  });

  it('booking.created reaches a local receiver signed, verified by standardwebhooks; a refused booking sends nothing; booking.updated follows a confirmation', async () => {
    const businessId = await publishedBusiness({ hours: EVERY_DAY });
    const service = await request(app.callback)
      .post(`/v1/business/profile/${businessId}/services`)
      .set(owner.auth)
      .send({ name: 'Haircut', duration: 60, capacity: 1, bookable: true, pricing: { type: 'fixed', currency: 'USD', amount: 40 } });
    expect(service.status).toBe(201);
    expect(await delivered()).toEqual([expect.objectContaining({ type: 'profile.updated' })]);
    const serviceId = service.body.data.id as string;
    const open = await request(app.callback).get(`/v1/business/profile/${businessId}/services/${serviceId}/availability`).set(owner.auth);
    // The week's last start time: far enough ahead that it cannot pass while the test runs.
    const slots = open.body.data.slots as Array<{ start: string }>;
    const start = slots[slots.length - 1].start;
    const customer = await signUp(app, 'booking-customer');
    const body = { businessId, serviceId, start, customer: { name: 'Sam Rivera', email: 'sam@example.com' } };

    const booked = await request(app.callback).post('/v1/bookings').set(customer.auth).send(body);
    expect(booked.status).toBe(201);
    await drain(app, testDispatcher(app));
    expect(receiver.received).toHaveLength(1);
    const [arrival] = receiver.received;
    expect(arrival.headers['webhook-signature']).toMatch(/^v1,/);
    // The verifier throws on a bad signature or a stale timestamp; what it returns is the payload.
    const [payload] = checked([new Webhook(secret).verify(arrival.body, arrival.headers as Record<string, string>) as Payload]);
    receiver.received.length = 0;
    expect(payload.type).toBe('booking.created');
    const asOwner = await request(app.callback).get(`/v1/bookings/${booked.body.data.id}`).set(owner.auth);
    expect(payload.data).toEqual(asOwner.body.data);
    expect(payload.data).toMatchObject({ status: 'pending', customer: { name: 'Sam Rivera', email: 'sam@example.com' }, price: { amount: 40, currency: 'USD' } });
    expect(() => new Webhook(`whsec_${Buffer.from('some-other-secret-32-bytes-long!!').toString('base64')}`).verify(arrival.body, arrival.headers as Record<string, string>)).toThrow();

    const full = await request(app.callback).post('/v1/bookings').set((await signUp(app, 'late-customer')).auth).send(body);
    expect(full.status).toBe(409);
    expect(full.body.error.code).toBe('SLOT_UNAVAILABLE');
    expect(await delivered()).toEqual([]);

    const confirmed = await request(app.callback).patch(`/v1/bookings/${booked.body.data.id}`).set(owner.auth).send({ status: 'confirmed' });
    expect(confirmed.status).toBe(200);
    const afterConfirm = await delivered();
    expect(afterConfirm.map((p) => p.type)).toEqual(['booking.updated']);
    expect(afterConfirm[0].data).toEqual(confirmed.body.data);
    expect(afterConfirm[0].data).toMatchObject({ id: booked.body.data.id, status: 'confirmed' });
  });
});
