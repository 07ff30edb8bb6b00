// Conditional requests (RFC 9110 13.1) on a profile and everything written through it: every
// write honours If-Match and answers the profile's new ETag; GET honours If-None-Match.
import request from 'supertest';
import { completeProfileBody, signUp, type Actor } from './actors';
import { buildTestApp, type TestApp } from './testApp';

let app: TestApp;
let owner: Actor;

beforeAll(async () => {
  app = await buildTestApp();
  owner = await signUp(app, 'conditional');
});
afterAll(() => app.close());

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function createProfile(): Promise<string> {
  const response = await request(app.callback).post('/v1/business/profile').set(owner.auth).send(completeProfileBody());
  expect(response.status).toBe(201);
  return response.body.data.id;
}

async function etagOf(id: string): Promise<string> {
  const response = await request(app.callback).get(`/v1/business/profile/${id}`).set(owner.auth);
  expect(response.status).toBe(200);
  return response.headers.etag as string;
}

async function addService(id: string): Promise<string> {
  const response = await request(app.callback).post(`/v1/business/profile/${id}/services`).set(owner.auth).send({ name: 'Tasting menu' });
  expect(response.status).toBe(201);
  return response.body.data.id;
}

type Write = (id: string, serviceId: string) => request.Test;
const writes: Array<[string, Write]> = [
  ['PATCH hours', (id) => request(app.callback).patch(`/v1/business/profile/${id}/hours`).set(owner.auth).send({ thursday: { open: '10:00', close: '23:00' } })],
  ['POST services', (id) => request(app.callback).post(`/v1/business/profile/${id}/services`).set(owner.auth).send({ name: 'Brunch' })],
  ['PATCH service', (id, serviceId) => request(app.callback).patch(`/v1/business/profile/${id}/services/${serviceId}`).set(owner.auth).send({ name: 'Dinner menu' })],
  ['DELETE service', (id, serviceId) => request(app.callback).delete(`/v1/business/profile/${id}/services/${serviceId}`).set(owner.auth)],
  ['POST blackout-dates', (id) => request(app.callback).post(`/v1/business/profile/${id}/blackout-dates`).set(owner.auth).send({ dates: [inDays(20)] })],
  ['DELETE blackout-dates', (id) => request(app.callback).delete(`/v1/business/profile/${id}/blackout-dates?dates=${inDays(21)}`).set(owner.auth)],
  ['PATCH exclusive-content', (id) => request(app.callback).patch(`/v1/business/profile/${id}/exclusive-content`).set(owner.auth).send({ insiderTips: 'Ask for the window table.' })],
];

describe.each(writes)('%s', (_name, write) => {
  it('is refused with 412 when If-Match names an older revision, and changes nothing', async () => {
    const id = await createProfile();
    const serviceId = await addService(id);
    const before = await request(app.callback).get(`/v1/business/profile/${id}`).set(owner.auth);
    const response = await write(id, serviceId).set('If-Match', '"v1"');
    expect(response.status).toBe(412);
    expect(response.body.error.code).toBe('PRECONDITION_FAILED');
    const after = await request(app.callback).get(`/v1/business/profile/${id}`).set(owner.auth);
    expect(after.headers.etag).toBe(before.headers.etag);
    expect(after.body.data).toEqual(before.body.data);
  });

  it('applies with the current ETag in a list, and answers the new ETag', async () => {
    const id = await createProfile();
    const serviceId = await addService(id);
    const current = await etagOf(id);
    const listed = await write(id, serviceId).set('If-Match', `"v0", ${current}`);
    expect(listed.status).toBeLessThan(300);
    expect(listed.headers.etag).toMatch(/^"v\d+"$/);
    expect(listed.headers.etag).toBe(await etagOf(id));
  });

  it('answers the new ETag without If-Match too', async () => {
    const id = await createProfile();
    const serviceId = await addService(id);
    const response = await write(id, serviceId);
    expect(response.status).toBeLessThan(300);
    expect(response.headers.etag).toBe(await etagOf(id));
  });
});

describe('If-Match', () => {
  it('chains: the ETag of one sub-resource write is the If-Match of the next', async () => {
    const id = await createProfile();
    const hours = await request(app.callback).patch(`/v1/business/profile/${id}/hours`).set(owner.auth).set('If-Match', await etagOf(id)).send({ friday: { closed: true } });
    expect(hours.status).toBe(200);
    const service = await request(app.callback).post(`/v1/business/profile/${id}/services`).set(owner.auth).set('If-Match', hours.headers.etag).send({ name: 'Catering' });
    expect(service.status).toBe(201);
    const profile = await request(app.callback).patch(`/v1/business/profile/${id}`).set(owner.auth).set('If-Match', service.headers.etag).send({ tagline: 'Now catering' });
    expect(profile.status).toBe(200);
    // The first tag is stale by now.
    const stale = await request(app.callback).patch(`/v1/business/profile/${id}`).set(owner.auth).set('If-Match', hours.headers.etag).send({ tagline: 'x' });
    expect(stale.status).toBe(412);
  });

  it('PATCH profile accepts a list holding the current ETag and *', async () => {
    const id = await createProfile();
    const listed = await request(app.callback).patch(`/v1/business/profile/${id}`).set(owner.auth).set('If-Match', `"v0", ${await etagOf(id)}`).send({ tagline: 'One' });
    expect(listed.status).toBe(200);
    const any = await request(app.callback).patch(`/v1/business/profile/${id}`).set(owner.auth).set('If-Match', '*').send({ tagline: 'Two' });
    expect(any.status).toBe(200);
    expect(any.headers.etag).toBe('"v3"');
  });

  it('DELETE profile with a stale If-Match is 412 and the profile stays; with the current one it is deleted', async () => {
    const id = await createProfile();
    await request(app.callback).patch(`/v1/business/profile/${id}`).set(owner.auth).send({ tagline: 'Changed once' });
    const stale = await request(app.callback).delete(`/v1/business/profile/${id}`).set(owner.auth).set('If-Match', '"v1"');
    expect(stale.status).toBe(412);
    expect(stale.body.error.code).toBe('PRECONDITION_FAILED');
    expect((await request(app.callback).get(`/v1/business/profile/${id}`).set(owner.auth)).status).toBe(200);
    const deleted = await request(app.callback).delete(`/v1/business/profile/${id}`).set(owner.auth).set('If-Match', '"v2"');
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toEqual({ id, deleted: true });
    expect((await request(app.callback).get(`/v1/business/profile/${id}`).set(owner.auth)).status).toBe(404);
  });

  it('refuses a weak tag (If-Match compares strongly) and a header that holds no tag', async () => {
    const id = await createProfile();
    const weak = await request(app.callback).patch(`/v1/business/profile/${id}/hours`).set(owner.auth).set('If-Match', 'W/"v1"').send({ friday: { closed: true } });
    expect(weak.status).toBe(412);
    const malformed = await request(app.callback).patch(`/v1/business/profile/${id}/hours`).set(owner.auth).set('If-Match', '"v1').send({ friday: { closed: true } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'If-Match', issue: expect.any(String) } });
  });
});

describe('If-None-Match on GET profile', () => {
  it('answers 304 with the ETag and no body when the client has the current revision', async () => {
    const id = await createProfile();
    const etag = await etagOf(id);
    for (const header of [etag, `"v0", ${etag}`, `W/${etag}`, '*']) {
      const response = await request(app.callback).get(`/v1/business/profile/${id}`).set(owner.auth).set('If-None-Match', header);
      expect([header, response.status]).toEqual([header, 304]);
      expect(response.headers.etag).toBe(etag);
      expect(response.headers['cache-control']).toBe('private, no-cache');
      expect(response.text).toBe('');
    }
  });

  it('answers 200 with the profile once it changed', async () => {
    const id = await createProfile();
    const etag = await etagOf(id);
    await request(app.callback).patch(`/v1/business/profile/${id}/hours`).set(owner.auth).send({ friday: { closed: true } });
    const response = await request(app.callback).get(`/v1/business/profile/${id}`).set(owner.auth).set('If-None-Match', etag);
    expect(response.status).toBe(200);
    expect(response.body.data.hours.friday).toEqual({ closed: true });
    expect(response.headers.etag).not.toBe(etag);
  });

  it('still answers 404 for a profile that does not exist', async () => {
    const response = await request(app.callback).get('/v1/business/profile/biz_doesnotexist1').set(owner.auth).set('If-None-Match', '*');
    expect(response.status).toBe(404);
  });
});
