// Which API changes produce which webhook events, with which data: driven through the real API,
// delivered to a real receiver on 127.0.0.1 and read back with the standardwebhooks verifier.
import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import { apiKey, completeProfileBody, signUp, type Actor } from './actors';
import { buildWebhookTestApp, drain, testDispatcher, type WebhookTestApp } from './webhookSetup';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookReceiver';

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
async function delivered(): Promise<Payload[]> {
  await drain(app, testDispatcher(app));
  const payloads = receiver.received.map((r) => new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as Payload);
  receiver.received.length = 0;
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
  const payloads = received.map((r) => new Webhook(sandboxSecret).verify(r.body, r.headers as Record<string, string>) as Payload);
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

it('review.submitted goes to the reviewed business\'s owner', async () => {
  const created = await request(app.callback).post('/v1/business/profile').set(owner.auth).send(completeProfileBody());
  await request(app.callback).patch(`/v1/business/profile/${created.body.data.id}`).set(owner.auth).send({ status: 'published' });
  await delivered();
  const reviewer = await signUp(app, 'reviewer');
  const reviewed = await request(app.callback).post(`/v1/business/profile/${created.body.data.id}/reviews`).set(reviewer.auth).send({ rating: 5, text: 'Lovely.' });
  expect(reviewed.status).toBe(201);
  const payloads = await delivered();
  const review = payloads.find((p) => p.type === 'review.submitted');
  expect(review?.data).toMatchObject({ rating: 5 });
});
