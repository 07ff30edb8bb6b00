// GET /business/profile: the caller's own profiles, drafts included, oldest first, a page at a time.
import request from 'supertest';
import { apiKey, completeProfileBody, signUp, type Actor } from './actors';
import { buildTestApp, type TestApp } from './testApp';

let app: TestApp;
let owner: Actor;

beforeAll(async () => {
  // Every reading of the clock a millisecond later than the last: creation order is then createdAt order, never a tie.
  let tick = 0;
  app = await buildTestApp({ clock: () => new Date(Date.now() + tick++) });
  owner = await signUp(app, 'lister');
});
afterAll(() => app.close());

const list = (auth: Record<string, string>, query: Record<string, string | number> = {}) =>
  request(app.callback).get('/v1/business/profile').query(query).set(auth);

it('pages through every own profile oldest first with small items, recovering ids a client lost', async () => {
  const created: string[] = [];
  for (let i = 0; i < 5; i++) created.push((await request(app.callback).post('/v1/business/profile').set(owner.auth).send(completeProfileBody())).body.data.id);
  await request(app.callback).patch(`/v1/business/profile/${created[1]}`).set(owner.auth).send({ status: 'published' });
  await request(app.callback).delete(`/v1/business/profile/${created[4]}`).set(owner.auth);

  const first = await list(owner.auth, { limit: 2 });
  expect(first.status).toBe(200);
  expect(first.body.data.pagination).toEqual({ limit: 2, hasMore: true, nextCursor: expect.any(String), total: 4 });
  expect(first.body.data.profiles[0]).toEqual({
    id: created[0],
    name: expect.stringMatching(/^Green Leaf Kitchen/),
    status: 'draft',
    createdAt: expect.any(String),
    updatedAt: expect.any(String),
    completionPercentage: expect.any(Number),
  });
  const second = await list(owner.auth, { limit: 2, cursor: first.body.data.pagination.nextCursor });
  expect(second.body.data.pagination).toEqual({ limit: 2, hasMore: false, total: 4 });
  expect([...first.body.data.profiles, ...second.body.data.profiles].map((item: { id: string }) => item.id)).toEqual(created.slice(0, 4));
  expect(first.body.data.profiles[1].status).toBe('published');
});

it('lists only the caller\'s own profiles of its environment: a sandbox key sees its sandbox ones, another account none', async () => {
  const sandbox = (await apiKey(app, owner, 'test')).auth;
  const sandboxId = (await request(app.callback).post('/v1/business/profile').set(sandbox).send(completeProfileBody())).body.data.id;
  expect((await list(sandbox)).body.data.profiles.map((item: { id: string }) => item.id)).toEqual([sandboxId]);
  expect((await list(owner.auth)).body.data.profiles.map((item: { id: string }) => item.id)).not.toContain(sandboxId);
  // Another account (which may read the owner's published profile) does not list it as its own.
  const stranger = await signUp(app, 'lister-empty');
  expect((await list(stranger.auth)).body.data).toEqual({ profiles: [], pagination: { limit: 20, hasMore: false, total: 0 } });
});

it('answers 400 VALIDATION_ERROR for a bad cursor or limit and 401 without a credential', async () => {
  expect((await list(owner.auth, { cursor: 'garbage' })).body.error.details).toEqual({ field: 'cursor', issue: 'is not a cursor returned by a previous page' });
  expect((await list(owner.auth, { limit: 0 })).body.error.details.field).toBe('limit');
  expect((await list(owner.auth, { sort: 'name' })).body.error.details).toEqual({ field: 'sort', issue: 'is not an allowed property' });
  expect((await list({})).status).toBe(401);
});
