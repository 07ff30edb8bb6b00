// Account settings only an admin may change: plan, partnership, suspension, custom limits.
import request from 'supertest';
import { apiKey, completeProfileBody, signUp, type Actor } from './actors';
import { buildTestApp, untilIndexed, type TestApp } from './testApp';

let app: TestApp;
let admin: Actor;
let member: Actor;

beforeAll(async () => {
  app = await buildTestApp();
  admin = await signUp(app, 'admin');
  member = await signUp(app, 'member');
  await app.store.accounts.update(admin.accountId, { role: 'admin' }, new Date().toISOString());
});
afterAll(() => app.close());

it('an admin grants a partnership (an agreement), which opens partner search', async () => {
  expect((await request(app.callback).get('/v1/api/v1/partners/search?q=tacos').set(member.auth)).status).toBe(403);
  const granted = await request(app.callback)
    .post('/v1/admin/partner-agreements')
    .set(admin.auth)
    .send({ accountId: member.accountId, partnerName: 'Member Co', platform: 'claude', areas: ['partner_search'], startDate: '2020-01-01' });
  expect(granted.status).toBe(201);
  const account = await request(app.callback).patch(`/v1/admin/accounts/${member.accountId}`).set(admin.auth).send({ plan: 'free' });
  expect(account.body.data).toMatchObject({ id: member.accountId, partner: true });
  expect(account.body.data).not.toHaveProperty('passwordHash');
  expect((await request(app.callback).get('/v1/api/v1/partners/search?q=tacos').set(member.auth)).status).toBe(200);
});

it('an admin sets an enterprise plan with custom limits', async () => {
  const response = await request(app.callback)
    .patch(`/v1/admin/accounts/${member.accountId}`)
    .set(admin.auth)
    .send({ plan: 'enterprise', customLimits: { search: 250000, analytics: 5000 } });
  expect(response.status).toBe(200);
  expect(response.body.data).toMatchObject({ plan: 'enterprise', customLimits: { search: 250000, analytics: 5000 } });
});

it('a suspended account is refused with 403 FORBIDDEN', async () => {
  const suspended = await signUp(app, 'suspended');
  await request(app.callback).patch(`/v1/admin/accounts/${suspended.accountId}`).set(admin.auth).send({ suspended: true });
  const response = await request(app.callback).get('/v1/business/profile/status').set(suspended.auth);
  expect(response.status).toBe(403);
  expect(response.body.error.code).toBe('FORBIDDEN');
});

it('rejects unknown settings and unknown accounts, and non-admins', async () => {
  const unknownField = await request(app.callback).patch(`/v1/admin/accounts/${member.accountId}`).set(admin.auth).send({ role: 'admin' });
  expect(unknownField.status).toBe(400);
  expect(unknownField.body.error.details.field).toBe('role');
  const unknownAccount = await request(app.callback).patch('/v1/admin/accounts/acct_doesnotexist0000000').set(admin.auth).send({ suspended: false });
  expect(unknownAccount.status).toBe(404);
  const notAdmin = await request(app.callback).patch(`/v1/admin/accounts/${member.accountId}`).set(member.auth).send({ suspended: false });
  expect(notAdmin.status).toBe(403);
});

describe('customLimits, which apply to the enterprise plan only', () => {
  const setAccount = (account: Actor, body: object) => request(app.callback).patch(`/v1/admin/accounts/${account.accountId}`).set(admin.auth).send(body);

  it('refuses custom limits for a free or professional account instead of storing them without effect', async () => {
    const free = await signUp(app, 'limits-free');
    const refused = await setAccount(free, { customLimits: { general: 5000 } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('VALIDATION_ERROR');
    expect(refused.body.error.details).toEqual({ field: 'customLimits', issue: 'apply to the enterprise plan only; this account would be on the free plan' });
    const professional = await signUp(app, 'limits-pro', 'professional');
    expect((await setAccount(professional, { customLimits: { search: 20000 } })).body.error.details.issue).toMatch(/enterprise plan only.*professional/);
    // Nothing of a refused request is applied.
    expect((await setAccount(professional, { suspended: true, customLimits: { search: 20000 } })).status).toBe(400);
    expect(await app.store.accounts.findById(professional.accountId)).toMatchObject({ plan: 'professional', suspended: false });
    expect((await app.store.accounts.findById(professional.accountId))?.customLimits).toBeUndefined();
  });

  it('judges by the plan the request leaves: an upgrade with limits in one request is accepted, a downgrade with limits is not', async () => {
    const account = await signUp(app, 'limits-upgrade');
    const upgraded = await setAccount(account, { plan: 'enterprise', customLimits: { general: 50000 } });
    expect(upgraded.status).toBe(200);
    expect(upgraded.body.data).toMatchObject({ plan: 'enterprise', customLimits: { general: 50000 } });
    const downgrade = await setAccount(account, { plan: 'professional', customLimits: { general: 60000 } });
    expect(downgrade.status).toBe(400);
    expect(downgrade.body.error.details.field).toBe('customLimits');
  });

  it('drops the custom limits when the account leaves enterprise, so a later upgrade starts from the plan\'s', async () => {
    const account = await signUp(app, 'limits-downgrade', 'enterprise');
    expect((await setAccount(account, { customLimits: { search: 250000 } })).status).toBe(200);
    const downgraded = await setAccount(account, { plan: 'professional' });
    expect(downgraded.status).toBe(200);
    expect(downgraded.body.data.plan).toBe('professional');
    expect(downgraded.body.data).not.toHaveProperty('customLimits');
    const upgraded = await setAccount(account, { plan: 'enterprise' });
    expect(upgraded.body.data).not.toHaveProperty('customLimits');
  });

  it('accepts null (back to the plan\'s limits) on any plan and leaves it out of the answer', async () => {
    const free = await signUp(app, 'limits-null');
    const cleared = await setAccount(free, { customLimits: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).not.toHaveProperty('customLimits');
  });
});

describe('suspending an account hides its profiles', () => {
  const setSuspended = (account: Actor, suspended: boolean) =>
    request(app.callback).patch(`/v1/admin/accounts/${account.accountId}`).set(admin.auth).send({ suspended });
  const consumerTotal = async (query: string) =>
    (await request(app.callback).post('/v1/api/v1/consumer/search').set(member.auth).send({ query })).body.data.total as number;
  const directoryTotal = async (query: string) =>
    (await request(app.callback).get(`/v1/api/v1/directory?query=${query}`).set(member.auth)).body.data.pagination.total as number;

  async function publishedProfile(owner: { auth: Record<string, string> }, name: string): Promise<string> {
    const created = await request(app.callback).post('/v1/business/profile').set(owner.auth).send(completeProfileBody({ name }));
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    expect((await request(app.callback).patch(`/v1/business/profile/${id}`).set(owner.auth).send({ status: 'published' })).status).toBe(200);
    return id;
  }

  it('answers 404 to other callers and leaves search while suspended, and brings both back when lifted', async () => {
    const owner = await signUp(app, 'suspended-owner');
    const live = await publishedProfile(owner, 'Wombat Pottery Studio');
    const sandbox = await publishedProfile(await apiKey(app, owner, 'test'), 'Wombat Pottery Sandbox');
    const viewerSandboxKey = await apiKey(app, member, 'test');
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
    const upload = await request(app.callback).post('/v1/business/profile/media').set(owner.auth).field('type', 'photo').field('businessId', live).attach('file', png, { filename: 'a.png', contentType: 'image/png' });
    expect(upload.status).toBe(201);
    const mediaUrl = `/v1/media/${upload.body.data.id as string}`;
    await untilIndexed(app);
    const before = await request(app.callback).get(`/v1/business/profile/${live}`).set(member.auth);
    expect(before.status).toBe(200);
    expect((await request(app.callback).get(mediaUrl).set(member.auth)).status).toBe(200);
    expect(await consumerTotal('wombat')).toBe(1);
    expect(await directoryTotal('wombat')).toBe(1);

    const suspended = await setSuspended(owner, true);
    expect(suspended.status).toBe(200);
    expect(suspended.body.data.suspended).toBe(true);
    await untilIndexed(app);

    const hidden = await request(app.callback).get(`/v1/business/profile/${live}`).set(member.auth);
    expect(hidden.status).toBe(404);
    expect(hidden.body.error.code).toBe('PROFILE_NOT_FOUND');
    expect((await request(app.callback).get(`/v1/business/profile/${sandbox}`).set(viewerSandboxKey.auth)).status).toBe(404);
    expect(await consumerTotal('wombat')).toBe(0);
    expect(await directoryTotal('wombat')).toBe(0);
    expect((await request(app.callback).get(mediaUrl).set(member.auth)).status).toBe(404);
    // Admins still see it (moderation); suspension is no edit of the listing, so updatedAt stays.
    const asAdmin = await request(app.callback).get(`/v1/business/profile/${live}`).set(admin.auth);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.data.updatedAt).toBe(before.body.data.updatedAt);
    expect(asAdmin.body.data).not.toHaveProperty('ownerSuspended');

    expect((await setSuspended(owner, false)).status).toBe(200);
    await untilIndexed(app);
    expect((await request(app.callback).get(`/v1/business/profile/${live}`).set(member.auth)).status).toBe(200);
    expect((await request(app.callback).get(`/v1/business/profile/${sandbox}`).set(viewerSandboxKey.auth)).status).toBe(200);
    expect(await consumerTotal('wombat')).toBe(1);
    expect(await directoryTotal('wombat')).toBe(1);
    expect((await request(app.callback).get(mediaUrl).set(member.auth)).status).toBe(200);
    expect((await request(app.callback).get('/v1/business/profile/status').set(owner.auth).query({ businessId: live })).status).toBe(200);
  });

  it('repeating a suspension is harmless and hides a profile the first run missed', async () => {
    const owner = await signUp(app, 'suspended-twice');
    const id = await publishedProfile(owner, 'Numbat Bicycle Repair');
    expect((await setSuspended(owner, true)).status).toBe(200);
    const flagged = await app.store.profiles.get('live', id);
    expect(flagged?.ownerSuspended).toBe(true);
    // As if the first run had stopped before this profile.
    const { ownerSuspended: _flag, ...unflagged } = flagged!;
    await app.store.profiles.replace({ ...unflagged, version: flagged!.version + 1 }, flagged!.version);
    expect((await request(app.callback).get(`/v1/business/profile/${id}`).set(member.auth)).status).toBe(200);

    expect((await setSuspended(owner, true)).status).toBe(200);
    expect((await request(app.callback).get(`/v1/business/profile/${id}`).set(member.auth)).status).toBe(404);
    const again = await app.store.profiles.get('live', id);
    expect(again?.version).toBe(flagged!.version + 2);
    expect((await setSuspended(owner, true)).status).toBe(200);
    expect((await app.store.profiles.get('live', id))?.version).toBe(again!.version);
  });
});
