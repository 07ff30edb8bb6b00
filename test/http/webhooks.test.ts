// Webhooks end to end: subscriptions over HTTP, events from real API changes, the dispatcher
// POSTing to a real receiver on 127.0.0.1 that verifies with the standardwebhooks library.
import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import { apiKey, completeProfileBody, signUp, type Actor } from './actors';
import { buildWebhookTestApp, drain, testDispatcher, type WebhookTestApp } from './webhookSetup';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookReceiver';

let app: WebhookTestApp;
let receiver: WebhookReceiver;
let owner: Actor;

beforeAll(async () => {
  app = await buildWebhookTestApp();
  receiver = await startWebhookReceiver();
  owner = await signUp(app, 'hooks');
});

afterAll(async () => {
  await receiver.close();
  await app.close();
});

beforeEach(() => {
  receiver.received.length = 0;
  receiver.script();
});

async function subscribe(actor: { auth: { Authorization: string } }, events: string[] = ['*'], url = receiver.url) {
  const response = await request(app.callback).post('/v1/webhooks/endpoints').set(actor.auth).send({ url, events, description: 'test receiver' });
  expect(response.status).toBe(201);
  return response.body.data as { id: string; secret: string; url: string; events: string[]; enabled: boolean };
}

async function unsubscribe(actor: { auth: { Authorization: string } }, id: string) {
  expect((await request(app.callback).delete(`/v1/webhooks/endpoints/${id}`).set(actor.auth)).status).toBe(200);
}

function verified(secret: string, index = 0) {
  const { body, headers } = receiver.received[index];
  return new Webhook(secret).verify(body, headers as Record<string, string>) as { type: string; timestamp: string; data: Record<string, unknown> };
}

describe('subscriptions', () => {
  it('shows the whsec_ secret once, on create, and never again', async () => {
    const endpoint = await subscribe(owner, ['profile.created', 'profile.updated']);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(endpoint.id).toMatch(/^we_/);
    const read = await request(app.callback).get(`/v1/webhooks/endpoints/${endpoint.id}`).set(owner.auth);
    expect(read.status).toBe(200);
    expect(read.body.data).not.toHaveProperty('secret');
    expect(JSON.stringify(read.body)).not.toContain(endpoint.secret.slice(6, 30));
    const list = await request(app.callback).get('/v1/webhooks/endpoints').set(owner.auth);
    expect(list.body.data.endpoints.map((e: { id: string }) => e.id)).toContain(endpoint.id);
    expect(JSON.stringify(list.body)).not.toContain(endpoint.secret.slice(6, 30));
    await unsubscribe(owner, endpoint.id);
  });

  it('stores the secret sealed, not in clear', async () => {
    const endpoint = await subscribe(owner);
    const stored = await app.store.webhooks.getEndpoint(endpoint.id);
    expect(JSON.stringify(stored)).not.toContain(endpoint.secret.slice(6));
    expect(stored?.secrets[0].sealed).toMatch(/^v1\./);
    await unsubscribe(owner, endpoint.id);
  });

  it.each([
    ['http to a public address', 'http://93.184.216.34/hooks', 'must use https'],
    ['http to loopback outside the listed /32', 'http://127.0.0.2/hooks', 'loopback'],
    ['the metadata address', 'https://169.254.169.254/latest/meta-data', 'link-local'],
    ['a private address', 'https://10.1.2.3/hooks', 'private'],
    ['IPv6 loopback', 'https://[::1]/hooks', 'loopback'],
    ['credentials in the URL', 'https://user:pw@example.com/hooks', 'user name or password'],
    ['ftp', 'ftp://example.com/hooks', 'must use https'],
    ['not a URL', 'hooks.example.com', 'absolute URL'],
  ])('refuses %s with VALIDATION_ERROR on url', async (_what, url, issue) => {
    const response = await request(app.callback).post('/v1/webhooks/endpoints').set(owner.auth).send({ url, events: ['*'] });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_ERROR');
    expect(response.body.error.details.field).toBe('url');
    expect(response.body.error.details.issue).toContain(issue);
  });

  it('refuses unknown event types and "*" mixed with types', async () => {
    const unknown = await request(app.callback).post('/v1/webhooks/endpoints').set(owner.auth).send({ url: 'https://example.com/h', events: ['profile.exploded'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details.field).toBe('events.0');
    const mixed = await request(app.callback).post('/v1/webhooks/endpoints').set(owner.auth).send({ url: 'https://example.com/h', events: ['*', 'profile.created'] });
    expect(mixed.status).toBe(400);
    expect(mixed.body.error.details.field).toBe('events');
  });

  it('updates, disables and enables an endpoint', async () => {
    const endpoint = await subscribe(owner, ['profile.created']);
    const patched = await request(app.callback).patch(`/v1/webhooks/endpoints/${endpoint.id}`).set(owner.auth).send({ events: ['media.uploaded'], enabled: false });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ events: ['media.uploaded'], enabled: false, disabledReason: 'Disabled by its owner.' });
    const test = await request(app.callback).post(`/v1/webhooks/endpoints/${endpoint.id}/test`).set(owner.auth);
    expect(test.status).toBe(409);
    expect(test.body.error.code).toBe('WEBHOOK_ENDPOINT_DISABLED');
    const enabled = await request(app.callback).patch(`/v1/webhooks/endpoints/${endpoint.id}`).set(owner.auth).send({ enabled: true });
    expect(enabled.body.data.enabled).toBe(true);
    expect(enabled.body.data).not.toHaveProperty('disabledReason');
    await unsubscribe(owner, endpoint.id);
    expect((await request(app.callback).get(`/v1/webhooks/endpoints/${endpoint.id}`).set(owner.auth)).status).toBe(404);
  });
});

describe('access', () => {
  it("answers 404 for another account's endpoint, 403 without write:businesses, 401 without a credential", async () => {
    const endpoint = await subscribe(owner);
    const stranger = await signUp(app, 'stranger');
    for (const [method, path] of [
      ['get', `/v1/webhooks/endpoints/${endpoint.id}`],
      ['patch', `/v1/webhooks/endpoints/${endpoint.id}`],
      ['delete', `/v1/webhooks/endpoints/${endpoint.id}`],
      ['post', `/v1/webhooks/endpoints/${endpoint.id}/rotate-secret`],
      ['post', `/v1/webhooks/endpoints/${endpoint.id}/test`],
      ['get', `/v1/webhooks/endpoints/${endpoint.id}/deliveries`],
    ] as const) {
      const asStranger = await request(app.callback)[method](path).set(stranger.auth).send(method === 'patch' ? { enabled: false } : undefined);
      expect([path, asStranger.status, asStranger.body.error?.code]).toEqual([path, 404, 'WEBHOOK_ENDPOINT_NOT_FOUND']);
      expect((await request(app.callback)[method](path)).status).toBe(401);
    }
    const readOnly = await apiKey(app, owner, 'live', ['read:businesses']);
    const denied = await request(app.callback).get(`/v1/webhooks/endpoints/${endpoint.id}`).set(readOnly.auth);
    expect(denied.status).toBe(403);
    // A sandbox key of the same account sees only sandbox endpoints.
    const sandbox = await apiKey(app, owner, 'test');
    expect((await request(app.callback).get(`/v1/webhooks/endpoints/${endpoint.id}`).set(sandbox.auth)).status).toBe(404);
    expect((await request(app.callback).get('/v1/webhooks/endpoints').set(sandbox.auth)).body.data.endpoints).toEqual([]);
    await unsubscribe(owner, endpoint.id);
  });
});

describe('delivery', () => {
  it('delivers profile.created signed so the standardwebhooks verifier accepts it', async () => {
    const endpoint = await subscribe(owner, ['profile.created']);
    const created = await request(app.callback).post('/v1/business/profile').set(owner.auth).send(completeProfileBody());
    expect(created.status).toBe(201);
    const dispatcher = testDispatcher(app);
    await drain(app, dispatcher);
    expect(receiver.received).toHaveLength(1);
    const payload = verified(endpoint.secret);
    expect(payload.type).toBe('profile.created');
    expect(payload.data.id).toBe(created.body.data.id);
    expect(payload.data.status).toBe('draft');
    expect(payload.data).not.toHaveProperty('ownerId');
    expect(receiver.received[0].headers['webhook-id']).toMatch(/^msg_/);
    await unsubscribe(owner, endpoint.id);
  });

  it('retries 500, 500 then 200: three attempts, the same webhook-id, delivered', async () => {
    const endpoint = await subscribe(owner);
    receiver.script(500, 500, 200);
    const sent = await request(app.callback).post(`/v1/webhooks/endpoints/${endpoint.id}/test`).set(owner.auth);
    expect(sent.status).toBe(202);
    await drain(app, testDispatcher(app));
    expect(receiver.received).toHaveLength(3);
    const ids = receiver.received.map((r) => r.headers['webhook-id']);
    expect(new Set(ids).size).toBe(1);
    expect(ids[0]).toBe(sent.body.data.eventId);
    for (let i = 0; i < 3; i++) expect(verified(endpoint.secret, i).type).toBe('webhook.test');
    const log = await request(app.callback).get(`/v1/webhooks/endpoints/${endpoint.id}/deliveries`).set(owner.auth);
    expect(log.status).toBe(200);
    expect(log.body.data.deliveries[0]).toMatchObject({ status: 'delivered', attempts: 3, responseStatus: 200, eventType: 'webhook.test' });
    expect(log.body.data.deliveries[0].attemptLog.map((a: { responseStatus: number }) => a.responseStatus)).toEqual([500, 500, 200]);
    expect(typeof log.body.data.deliveries[0].latencyMs).toBe('number');
    await unsubscribe(owner, endpoint.id);
  });

  it('disables the endpoint when the receiver answers 410 Gone, and says why', async () => {
    const endpoint = await subscribe(owner);
    receiver.script(410);
    await request(app.callback).post(`/v1/webhooks/endpoints/${endpoint.id}/test`).set(owner.auth);
    await drain(app, testDispatcher(app));
    expect(receiver.received).toHaveLength(1);
    const read = await request(app.callback).get(`/v1/webhooks/endpoints/${endpoint.id}`).set(owner.auth);
    expect(read.body.data.enabled).toBe(false);
    expect(read.body.data.disabledReason).toContain('410');
    const log = await request(app.callback).get(`/v1/webhooks/endpoints/${endpoint.id}/deliveries`).set(owner.auth);
    expect(log.body.data.deliveries[0]).toMatchObject({ status: 'failed', attempts: 1, responseStatus: 410 });
    await unsubscribe(owner, endpoint.id);
  });

  it('gives up on a receiver that does not answer within the timeout, and retries it', async () => {
    const endpoint = await subscribe(owner);
    receiver.script('hang', 200);
    await request(app.callback).post(`/v1/webhooks/endpoints/${endpoint.id}/test`).set(owner.auth);
    await drain(app, testDispatcher(app, { timeoutMs: 300 }));
    expect(receiver.received).toHaveLength(2);
    const log = await request(app.callback).get(`/v1/webhooks/endpoints/${endpoint.id}/deliveries`).set(owner.auth);
    const [first, second] = log.body.data.deliveries[0].attemptLog;
    expect(first.error).toContain('no answer within 0.3 s');
    expect(first).not.toHaveProperty('responseStatus');
    expect(second.responseStatus).toBe(200);
    await unsubscribe(owner, endpoint.id);
  });

  it('does not follow a redirect', async () => {
    const endpoint = await subscribe(owner);
    receiver.script(302, 200);
    await request(app.callback).post(`/v1/webhooks/endpoints/${endpoint.id}/test`).set(owner.auth);
    await drain(app, testDispatcher(app));
    expect(receiver.received.map((r) => r.path)).toEqual(['/hooks', '/hooks']);
    const log = await request(app.callback).get(`/v1/webhooks/endpoints/${endpoint.id}/deliveries`).set(owner.auth);
    expect(log.body.data.deliveries[0].attemptLog[0]).toMatchObject({ responseStatus: 302 });
    expect(log.body.data.deliveries[0].attemptLog[0].error).toContain('redirects are not followed');
    await unsubscribe(owner, endpoint.id);
  });

  it('gives up after the schedule and lets the owner retry by hand', async () => {
    const endpoint = await subscribe(owner);
    receiver.script(500, 500, 500, 200);
    await request(app.callback).post(`/v1/webhooks/endpoints/${endpoint.id}/test`).set(owner.auth);
    await drain(app, testDispatcher(app, { schedule: [0, 0] }));
    expect(receiver.received).toHaveLength(3);
    const log = await request(app.callback).get(`/v1/webhooks/endpoints/${endpoint.id}/deliveries`).set(owner.auth);
    const delivery = log.body.data.deliveries[0];
    expect(delivery).toMatchObject({ status: 'failed', attempts: 3 });
    expect(delivery).not.toHaveProperty('nextAttemptAt');
    const retried = await request(app.callback).post(`/v1/webhooks/endpoints/${endpoint.id}/deliveries/${delivery.id}/retry`).set(owner.auth);
    expect(retried.status).toBe(202);
    expect(retried.body.data.status).toBe('pending');
    await drain(app, testDispatcher(app, { schedule: [0, 0] }));
    expect(receiver.received).toHaveLength(4);
    expect(receiver.received[3].headers['webhook-id']).toBe(receiver.received[0].headers['webhook-id']);
    const after = await request(app.callback).get(`/v1/webhooks/endpoints/${endpoint.id}/deliveries`).set(owner.auth);
    expect(after.body.data.deliveries[0]).toMatchObject({ status: 'delivered', attempts: 4 });
    const unknown = await request(app.callback).post(`/v1/webhooks/endpoints/${endpoint.id}/deliveries/whd_000000000000000000/retry`).set(owner.auth);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('WEBHOOK_DELIVERY_NOT_FOUND');
    await unsubscribe(owner, endpoint.id);
  });

  it('sends sandbox events only to sandbox endpoints and live events only to live ones', async () => {
    const sandbox = await apiKey(app, owner, 'test');
    const live = await subscribe(owner, ['profile.created']);
    const test = await subscribe(sandbox, ['profile.created'], `${receiver.url}?sandbox`);
    const created = await request(app.callback).post('/v1/business/profile').set(sandbox.auth).send(completeProfileBody());
    expect(created.status).toBe(201);
    await drain(app, testDispatcher(app));
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0].path).toBe('/hooks?sandbox');
    expect(verified(test.secret).data.id).toBe(created.body.data.id);
    await unsubscribe(owner, live.id);
    await unsubscribe(sandbox, test.id);
  });
});

describe('secret rotation', () => {
  it('signs with both secrets for 24 hours, then with the new one only', async () => {
    const endpoint = await subscribe(owner);
    const rotated = await request(app.callback).post(`/v1/webhooks/endpoints/${endpoint.id}/rotate-secret`).set(owner.auth);
    expect(rotated.status).toBe(200);
    const fresh = rotated.body.data.secret as string;
    expect(fresh).not.toBe(endpoint.secret);
    expect(Date.parse(rotated.body.data.previousSecretExpiresAt) - Date.now()).toBeGreaterThan(23.9 * 3600_000);

    await request(app.callback).post(`/v1/webhooks/endpoints/${endpoint.id}/test`).set(owner.auth);
    await drain(app, testDispatcher(app));
    expect((receiver.received[0].headers['webhook-signature'] as string).split(' ')).toHaveLength(2);
    expect(verified(endpoint.secret).type).toBe('webhook.test');
    expect(verified(fresh).type).toBe('webhook.test');

    // Rotate again 25 hours ago: the secret it rotated out expired an hour ago.
    app.shiftClock(-25 * 3600_000);
    const again = await request(app.callback).post(`/v1/webhooks/endpoints/${endpoint.id}/rotate-secret`).set(owner.auth);
    app.shiftClock(0);
    const newest = again.body.data.secret as string;
    await request(app.callback).post(`/v1/webhooks/endpoints/${endpoint.id}/test`).set(owner.auth);
    await drain(app, testDispatcher(app));
    expect(receiver.received).toHaveLength(2);
    expect((receiver.received[1].headers['webhook-signature'] as string).split(' ')).toHaveLength(1);
    expect(verified(newest, 1).type).toBe('webhook.test');
    expect(() => verified(fresh, 1)).toThrow('No matching signature found');
    await unsubscribe(owner, endpoint.id);
  });
});
