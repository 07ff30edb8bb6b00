// Idempotency-Key on authenticated writes (core/idempotentCall.ts): a retry gets the first answer,
// keys are per account and environment, a reused key with another request is refused, a key in
// flight is 409, and 5xx answers are not kept.
import request from 'supertest';
import { createSqliteStore } from '../../src/adapters/sqlite/store/sqliteStore';
import { UnavailableError } from '../../src/domain/errors';
import type { Store } from '../../src/ports/store';
import { apiKey, completeProfileBody, signUp, type Actor } from './actors';
import { buildTestApp, type TestApp } from './testApp';

let app: TestApp;
let owner: Actor;
let businessId: string;
let counter = 0;

const uniqueKey = () => `retry-${process.pid}-${++counter}`;
const servicesOf = (id: string) => `/v1/business/profile/${id}/services`;

async function servicesNamed(target: TestApp, actor: Actor, id: string, name: string): Promise<string[]> {
  const profile = await request(target.callback).get(`/v1/business/profile/${id}`).set(actor.auth);
  return profile.body.data.services.filter((service: { name: string }) => service.name === name).map((service: { id: string }) => service.id);
}

beforeAll(async () => {
  app = await buildTestApp();
  owner = await signUp(app, 'idempotent');
  businessId = (await request(app.callback).post('/v1/business/profile').set(owner.auth).send(completeProfileBody())).body.data.id;
});
afterAll(() => app.close());

describe('a retried request with the same Idempotency-Key', () => {
  it('creates one service; the retry replays the first answer, marked Idempotent-Replayed', async () => {
    const key = uniqueKey();
    const post = () => request(app.callback).post(servicesOf(businessId)).set(owner.auth).set('Idempotency-Key', key).send({ name: 'Kombucha flight' });

    const first = await post();
    const retry = await post();

    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(await servicesNamed(app, owner, businessId, 'Kombucha flight')).toEqual([first.body.data.id]);
  });

  it('matches a body sent with its keys in another order', async () => {
    const key = uniqueKey();
    const first = await request(app.callback).post(servicesOf(businessId)).set(owner.auth).set('Idempotency-Key', key)
      .send('{"name":"Cold brew","duration":5}').set('Content-Type', 'application/json');
    const retry = await request(app.callback).post(servicesOf(businessId)).set(owner.auth).set('Idempotency-Key', key)
      .send('{ "duration": 5, "name": "Cold brew" }').set('Content-Type', 'application/json');
    expect(first.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body.data.id).toBe(first.body.data.id);
  });

  it('replays a profile creation with its ETag and Location, creating one profile', async () => {
    const key = uniqueKey();
    const body = { name: `Retry Bakery ${counter}`, category: 'bakery' };
    const first = await request(app.callback).post('/v1/business/profile').set(owner.auth).set('Idempotency-Key', key).send(body);
    const retry = await request(app.callback).post('/v1/business/profile').set(owner.auth).set('Idempotency-Key', key).send(body);

    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.headers.etag).toBe(first.headers.etag);
    expect(retry.headers.location).toBe(first.headers.location);
    expect(retry.headers['content-type']).toMatch(/^application\/json/);
    const list = await request(app.callback).get('/v1/business/profile?limit=100').set(owner.auth);
    expect(list.body.data.profiles.filter((profile: { name: string }) => profile.name === body.name)).toHaveLength(1);
  });

  it('keeps no 412: the same key with the fresh ETag runs', async () => {
    const key = uniqueKey();
    const profile = `/v1/business/profile/${businessId}`;
    const patch = (etag: string) => request(app.callback).patch(profile).set(owner.auth).set('Idempotency-Key', key).set('If-Match', etag).send({ tagline: 'Fresh tagline' });
    expect((await patch('"v0"')).status).toBe(412);
    const current = (await request(app.callback).get(profile).set(owner.auth)).headers.etag as string;
    const applied = await patch(current);
    expect(applied.status).toBe(200);
    expect(applied.headers['idempotent-replayed']).toBeUndefined();
  });

  it('replays a 4xx answer of a request that ran, but keeps no refused input, so a corrected retry runs', async () => {
    const missing = servicesOf('biz_doesnotexist000000');
    const lost = uniqueKey();
    const first = await request(app.callback).post(missing).set(owner.auth).set('Idempotency-Key', lost).send({ name: 'Tune-up' });
    const again = await request(app.callback).post(missing).set(owner.auth).set('Idempotency-Key', lost).send({ name: 'Tune-up' });
    expect(first.status).toBe(404);
    expect(again.status).toBe(404);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.error).toEqual(first.body.error);

    // As Stripe does: a 400 is not kept, so the same key works once the body is fixed.
    const key = uniqueKey();
    const refused = await request(app.callback).post(servicesOf(businessId)).set(owner.auth).set('Idempotency-Key', key).send({ name: '' });
    expect(refused.status).toBe(400);
    const fixed = await request(app.callback).post(servicesOf(businessId)).set(owner.auth).set('Idempotency-Key', key).send({ name: 'Fixed name' });
    expect(fixed.status).toBe(201);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
  });
});

describe('a reused key with a different request', () => {
  it('answers 422 IDEMPOTENCY_KEY_REUSED for another body, and creates nothing', async () => {
    const key = uniqueKey();
    await request(app.callback).post(servicesOf(businessId)).set(owner.auth).set('Idempotency-Key', key).send({ name: 'Espresso' });
    const other = await request(app.callback).post(servicesOf(businessId)).set(owner.auth).set('Idempotency-Key', key).send({ name: 'Latte' });

    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await servicesNamed(app, owner, businessId, 'Latte')).toEqual([]);
  });

  it('answers 422 for another path or method', async () => {
    const key = uniqueKey();
    const created = await request(app.callback).post(servicesOf(businessId)).set(owner.auth).set('Idempotency-Key', key).send({ name: 'Mocha' });
    const patched = await request(app.callback).patch(`${servicesOf(businessId)}/${created.body.data.id}`).set(owner.auth).set('Idempotency-Key', key).send({ name: 'Mocha' });
    expect(patched.status).toBe(422);
    expect(patched.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });
});

describe('key scope', () => {
  const bakery = () => ({ name: `Scope Bakery ${++counter}`, category: 'bakery' });

  it('keeps the same key of two accounts independent', async () => {
    const other = await signUp(app, 'other-account');
    const key = uniqueKey();
    const body = bakery();
    const mine = await request(app.callback).post('/v1/business/profile').set(owner.auth).set('Idempotency-Key', key).send(body);
    const theirs = await request(app.callback).post('/v1/business/profile').set(other.auth).set('Idempotency-Key', key).send(body);

    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.body.data.id).not.toBe(mine.body.data.id);
    const read = await request(app.callback).get(`/v1/business/profile/${theirs.body.data.id}`).set(other.auth);
    expect(read.status).toBe(200);
  });

  it('keeps sandbox and live apart, and shares a key between credentials of one account and environment', async () => {
    const sandbox = await apiKey(app, owner, 'test');
    const live = await apiKey(app, owner, 'live');
    const key = uniqueKey();
    const body = bakery();
    const viaJwt = await request(app.callback).post('/v1/business/profile').set(owner.auth).set('Idempotency-Key', key).send(body);
    const viaSandbox = await request(app.callback).post('/v1/business/profile').set(sandbox.auth).set('Idempotency-Key', key).send(body);
    const viaLiveKey = await request(app.callback).post('/v1/business/profile').set(live.auth).set('Idempotency-Key', key).send(body);

    expect(viaSandbox.status).toBe(201);
    expect(viaSandbox.headers['idempotent-replayed']).toBeUndefined();
    expect(viaSandbox.body.data.id).not.toBe(viaJwt.body.data.id);
    expect(viaLiveKey.headers['idempotent-replayed']).toBe('true');
    expect(viaLiveKey.body.data.id).toBe(viaJwt.body.data.id);
  });
});

describe('the key itself', () => {
  it.each([
    ['empty', ''],
    ['256 characters long', 'k'.repeat(256)],
    ['not ASCII', 'clé-1'],
  ])('refuses a key that is %s with 400 VALIDATION_ERROR naming the header', async (_case, key) => {
    const response = await request(app.callback).post(servicesOf(businessId)).set(owner.auth).set('Idempotency-Key', key).send({ name: 'Refused' });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'Idempotency-Key', issue: expect.any(String) } });
    expect(await servicesNamed(app, owner, businessId, 'Refused')).toEqual([]);
  });

  it('accepts 255 printable characters, spaces and punctuation included', async () => {
    const key = `a b~!${'x'.repeat(250)}`;
    const response = await request(app.callback).post(servicesOf(businessId)).set(owner.auth).set('Idempotency-Key', key).send({ name: 'Long key' });
    expect(response.status).toBe(201);
  });

  it('keeps the old behaviour without a key: every POST creates', async () => {
    const post = () => request(app.callback).post(servicesOf(businessId)).set(owner.auth).send({ name: 'No key latte' });
    const [first, second] = [await post(), await post()];
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(await servicesNamed(app, owner, businessId, 'No key latte')).toEqual([first.body.data.id, second.body.data.id]);
  });

  it('is checked only after authentication: no credential is 401 whatever the key', async () => {
    const response = await request(app.callback).post(servicesOf(businessId)).set('Idempotency-Key', '').send({ name: 'x' });
    expect(response.status).toBe(401);
  });

  it('is ignored by consumer search, a read sent as POST', async () => {
    const key = uniqueKey();
    const search = () => request(app.callback).post('/v1/api/v1/consumer/search').set(owner.auth).set('Idempotency-Key', key).send({ query: 'bakery' });
    const first = await search();
    const second = await request(app.callback).post('/v1/api/v1/consumer/search').set(owner.auth).set('Idempotency-Key', key).send({ query: 'pizza' });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
  });
});

// The profile write in the middle of adding a service waits on (or fails at) a hook the test
// controls, so "still running" and "failed with 5xx" happen at a known moment.
describe('while the first request runs, and when it fails', () => {
  let gated: TestApp;
  let actor: Actor;
  let gatedBusiness: string;
  let inner: Store;
  let beforeWrite: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    inner = createSqliteStore({ file: ':memory:' });
    const store: Store = { ...inner, profiles: { ...inner.profiles, replace: async (next, version) => (await beforeWrite(), inner.profiles.replace(next, version)) } };
    gated = await buildTestApp({ store });
    actor = await signUp(gated, 'gated');
    gatedBusiness = (await request(gated.callback).post('/v1/business/profile').set(actor.auth).send(completeProfileBody())).body.data.id;
  });
  afterEach(() => (beforeWrite = async () => undefined));
  afterAll(async () => {
    await gated.close();
    await inner.close();
  });

  it('answers 409 IDEMPOTENCY_KEY_IN_USE with Retry-After to a duplicate sent while the first is running', async () => {
    let entered!: () => void;
    let release!: () => void;
    const inFlight = new Promise<void>((resolve) => (entered = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    beforeWrite = async () => {
      entered();
      await released;
    };
    const key = uniqueKey();
    const post = () => request(gated.callback).post(servicesOf(gatedBusiness)).set(actor.auth).set('Idempotency-Key', key).send({ name: 'Slow pour' });

    const first = post().then((response) => response);
    await inFlight;
    beforeWrite = async () => undefined;
    const duplicate = await post();
    release();
    const firstAnswer = await first;
    const retry = await post();

    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error.code).toBe('IDEMPOTENCY_KEY_IN_USE');
    expect(duplicate.headers['retry-after']).toBe('1');
    expect(firstAnswer.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body.data.id).toBe(firstAnswer.body.data.id);
    expect(await servicesNamed(gated, actor, gatedBusiness, 'Slow pour')).toEqual([firstAnswer.body.data.id]);
  });

  it.each([
    ['an unexpected error (500)', () => new Error('disk on fire'), 500],
    ['an unavailable backend (503)', () => new UnavailableError('The database is not available'), 503],
  ])('does not keep the answer of %s: the retry runs again', async (_case, failure, status) => {
    beforeWrite = async () => {
      throw failure();
    };
    const key = uniqueKey();
    const post = () => request(gated.callback).post(servicesOf(gatedBusiness)).set(actor.auth).set('Idempotency-Key', key).send({ name: `Retried after ${status}` });

    const failed = await post();
    beforeWrite = async () => undefined;
    const retry = await post();

    expect(failed.status).toBe(status);
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await servicesNamed(gated, actor, gatedBusiness, `Retried after ${status}`)).toEqual([retry.body.data.id]);
  });
});
