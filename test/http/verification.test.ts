import request from 'supertest';
import { hashPassword } from '../../src/domain/passwordHash';
import { completeProfileBody, signUp, type Actor } from './actors';
import { buildTestApp, type TestApp } from './testApp';

let app: TestApp;
let owner: Actor;
let admin: Actor;

beforeAll(async () => {
  app = await buildTestApp();
  owner = await signUp(app, 'verify');
  admin = await signUp(app, 'admin');
  await app.store.accounts.update(admin.accountId, { role: 'admin' }, new Date().toISOString());
});
afterAll(() => app.close());

async function newBusiness(): Promise<string> {
  return (await request(app.callback).post('/v1/business/profile').set(owner.auth).send(completeProfileBody())).body.data.id;
}

const body = { level: 'certified', documents: ['https://docs.example/license.pdf'] };

it('accepts a request and answers verificationId, pending and an estimated review time', async () => {
  const id = await newBusiness();
  const response = await request(app.callback).post(`/v1/business/profile/${id}/verification`).set(owner.auth).send(body);
  expect(response.status).toBe(200);
  expect(response.body.data).toMatchObject({ verificationId: expect.stringMatching(/^ver_/), status: 'pending', estimatedReviewTime: expect.any(String), level: 'certified' });
});

it('answers 409 VERIFICATION_PENDING for a second request while one is pending', async () => {
  const id = await newBusiness();
  await request(app.callback).post(`/v1/business/profile/${id}/verification`).set(owner.auth).send(body);
  const second = await request(app.callback).post(`/v1/business/profile/${id}/verification`).set(owner.auth).send({ level: 'basic', documents: [] });
  expect(second.status).toBe(409);
  expect(second.body.error.code).toBe('VERIFICATION_PENDING');
});

it('rejects document links that are not https URLs', async () => {
  const id = await newBusiness();
  const response = await request(app.callback).post(`/v1/business/profile/${id}/verification`).set(owner.auth).send({ level: 'basic', documents: ['ftp://x'] });
  expect(response.status).toBe(400);
  expect(response.body.error.details.field).toMatch(/^documents/);
});

it('lets an admin approve, which sets trust.verificationLevel, and keeps the history', async () => {
  const id = await newBusiness();
  const requested = (await request(app.callback).post(`/v1/business/profile/${id}/verification`).set(owner.auth).send({ level: 'verified', documents: [] })).body.data;
  const queue = await request(app.callback).get('/v1/admin/verifications').set(admin.auth);
  expect(queue.status).toBe(200);
  expect(queue.body.data.verifications.map((v: { verificationId: string }) => v.verificationId)).toContain(requested.verificationId);

  const decided = await request(app.callback).post(`/v1/admin/verifications/${requested.verificationId}/decision`).set(admin.auth).send({ decision: 'approve' });
  expect(decided.status).toBe(200);
  expect(decided.body.data.status).toBe('approved');

  const profile = await request(app.callback).get(`/v1/business/profile/${id}`).set(owner.auth);
  expect(profile.body.data.trust.verificationLevel).toBe('verified');
  const history = await request(app.callback).get(`/v1/business/profile/${id}/verification`).set(owner.auth);
  expect(history.body.data.verifications).toEqual([expect.objectContaining({ verificationId: requested.verificationId, status: 'approved' })]);

  const again = await request(app.callback).post(`/v1/admin/verifications/${requested.verificationId}/decision`).set(admin.auth).send({ decision: 'reject' });
  expect(again.status).toBe(404);
});

it('a rejection leaves the level unchanged and allows a new request', async () => {
  const id = await newBusiness();
  const requested = (await request(app.callback).post(`/v1/business/profile/${id}/verification`).set(owner.auth).send(body)).body.data;
  await request(app.callback).post(`/v1/admin/verifications/${requested.verificationId}/decision`).set(admin.auth).send({ decision: 'reject', note: 'License is expired' });
  const profile = await request(app.callback).get(`/v1/business/profile/${id}`).set(owner.auth);
  expect(profile.body.data.trust.verificationLevel).toBe('none');
  const retry = await request(app.callback).post(`/v1/business/profile/${id}/verification`).set(owner.auth).send(body);
  expect(retry.status).toBe(200);
});

it('admin routes are forbidden to other accounts', async () => {
  const response = await request(app.callback).get('/v1/admin/verifications').set(owner.auth);
  expect(response.status).toBe(403);
  expect(response.body.error.code).toBe('FORBIDDEN');
});

it('the password hash helper used by admin:create verifies with login', async () => {
  const email = `cli-admin-${Date.now()}@example.com`;
  const now = new Date().toISOString();
  await app.store.accounts.create({ id: 'acct_cliadmin00000000001', email, name: 'Ops', passwordHash: await hashPassword('a long admin password'), plan: 'enterprise', role: 'admin', suspended: false, createdAt: now, updatedAt: now });
  const login = await request(app.callback).post('/v1/auth/login').send({ email, password: 'a long admin password' });
  expect(login.status).toBe(200);
});

describe('a request whose profile is deleted', () => {
  it('leaves the queue when the owner deletes the profile, rejected by the system', async () => {
    const id = await newBusiness();
    const requested = (await request(app.callback).post(`/v1/business/profile/${id}/verification`).set(owner.auth).send(body)).body.data;
    expect((await request(app.callback).delete(`/v1/business/profile/${id}`).set(owner.auth)).status).toBe(200);

    expect(await pendingIds()).not.toContain(requested.verificationId);
    expect(await app.store.verifications.get(requested.verificationId)).toMatchObject({ status: 'rejected', decidedBy: 'system', decisionNote: expect.stringMatching(/deleted/) });
    const decided = await request(app.callback).post(`/v1/admin/verifications/${requested.verificationId}/decision`).set(admin.auth).send({ decision: 'approve' });
    expect(decided.status).toBe(404);
    expect(decided.body.error.code).toBe('VERIFICATION_NOT_FOUND');
  });

  it('is not approved when the profile went without the cascade: the request is closed, the profile untouched, and the answer says why', async () => {
    const id = await newBusiness();
    const requested = (await request(app.callback).post(`/v1/business/profile/${id}/verification`).set(owner.auth).send(body)).body.data;
    // Deleted behind the API's back, as if the delete's cascade had failed.
    const profile = (await app.store.profiles.get('live', id))!;
    await app.store.profiles.replace({ ...profile, deletedAt: new Date().toISOString(), version: profile.version + 1 }, profile.version);

    const approve = await request(app.callback).post(`/v1/admin/verifications/${requested.verificationId}/decision`).set(admin.auth).send({ decision: 'approve' });

    expect(approve.status).toBe(404);
    expect(approve.body.error.code).toBe('PROFILE_NOT_FOUND');
    expect(approve.body.error.message).toBe(`Business profile ${id} was deleted; verification ${requested.verificationId} was closed as rejected without a review`);
    expect((await app.store.profiles.get('live', id, { includeDeleted: true }))!.trust.verificationLevel).toBe('none');
    expect(await app.store.verifications.get(requested.verificationId)).toMatchObject({ status: 'rejected', decidedBy: 'system' });
    expect(await pendingIds()).not.toContain(requested.verificationId);
    const again = await request(app.callback).post(`/v1/admin/verifications/${requested.verificationId}/decision`).set(admin.auth).send({ decision: 'reject' });
    expect(again.body.error.code).toBe('VERIFICATION_NOT_FOUND');
  });
});

/** Every page of the admin queue, following nextCursor. */
async function queuePages(limit: number) {
  const pages: Array<{ verifications: Array<{ verificationId: string; requestedAt: string; environment: string }>; pagination: Record<string, unknown> }> = [];
  let cursor: string | undefined;
  do {
    const response = await request(app.callback).get('/v1/admin/verifications').query({ limit, ...(cursor && { cursor }) }).set(admin.auth);
    expect(response.status).toBe(200);
    pages.push(response.body.data);
    cursor = response.body.data.pagination.nextCursor;
  } while (cursor && pages.length < 50);
  return pages;
}

async function pendingIds(): Promise<string[]> {
  return (await queuePages(100)).flatMap((page) => page.verifications.map((item) => item.verificationId));
}

describe('the admin queue', () => {
  it('is oldest first and pages with a cursor to the last request, each item naming its environment', async () => {
    const mine: string[] = [];
    for (let i = 0; i < 5; i++) {
      const id = await newBusiness();
      mine.push((await request(app.callback).post(`/v1/business/profile/${id}/verification`).set(owner.auth).send(body)).body.data.verificationId);
    }

    const pages = await queuePages(2);
    const items = pages.flatMap((page) => page.verifications);
    const total = (await app.store.verifications.listPending('live', { limit: 1000 })).items.length;

    expect(pages.length).toBe(Math.ceil(total / 2));
    expect(pages.map((page) => page.pagination.total)).toEqual(pages.map(() => total));
    expect(pages.slice(0, -1).every((page) => page.pagination.hasMore === true && page.verifications.length === 2)).toBe(true);
    expect(pages[pages.length - 1].pagination).toEqual({ limit: 2, hasMore: false, total });
    // Requests made in one millisecond tie on requestedAt (then the id decides), so only membership is compared here.
    expect(items.map((item) => item.verificationId).filter((id) => mine.includes(id)).sort()).toEqual([...mine].sort());
    expect(new Set(items.map((item) => item.verificationId)).size).toBe(total);
    const times = items.map((item) => item.requestedAt);
    expect([...times].sort()).toEqual(times);
    expect(items.every((item) => item.environment === 'live')).toBe(true);
  });

  it('shows a request decided between two pages on neither page twice, and skips nothing', async () => {
    const first = await queuePages(100);
    const [oldest] = first[0].verifications;
    const page1 = (await request(app.callback).get('/v1/admin/verifications?limit=1').set(admin.auth)).body.data;
    await request(app.callback).post(`/v1/admin/verifications/${oldest.verificationId}/decision`).set(admin.auth).send({ decision: 'reject' });
    const page2 = (await request(app.callback).get('/v1/admin/verifications').query({ limit: 1, cursor: page1.pagination.nextCursor }).set(admin.auth)).body.data;
    expect(page2.verifications[0].verificationId).toBe(first[0].verifications[1].verificationId);
  });

  it('answers 400 VALIDATION_ERROR for a cursor it did not issue and for a limit out of range', async () => {
    const cursor = await request(app.callback).get('/v1/admin/verifications?cursor=not-a-cursor').set(admin.auth);
    expect(cursor.status).toBe(400);
    expect(cursor.body.error.details).toEqual({ field: 'cursor', issue: 'is not a cursor returned by a previous page' });
    const limit = await request(app.callback).get('/v1/admin/verifications?limit=101').set(admin.auth);
    expect(limit.status).toBe(400);
    expect(limit.body.error.details.field).toBe('limit');
  });
});
