// Freshness signals over HTTP: the owner sets whether the business is trading (operatingStatus on
// PATCH) and confirms its information (POST .../confirm); an approved verification counts as a
// confirmation; the profile status recommends confirming information older than the configured
// age; search (consumer and directory) leaves a permanently closed business out and marks a
// temporarily closed one; the opening check says it is closed whatever its hours say.
import request from 'supertest';
import { apiKey, completeProfileBody, signUp } from './actors';
import { buildTestApp, untilIndexed, type TestApp } from './testApp';

/** Wednesday 25 November 2026, 12:00 in Austin. */
const T0 = Date.parse('2026-11-25T18:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const AUSTIN = { lat: 30.2672, lon: -97.7431, distance: '25km' };
const EVERY_DAY = Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [day, { open: '09:00', close: '21:00' }]));

let app: TestApp;
let now = T0;
// API keys: the tests move the clock by months, past any access token's life.
type Caller = { auth: Record<string, string> };
let owner: Caller;
let admin: Caller;
let caller: Caller;

beforeAll(async () => {
  // One proxy in front: X-Forwarded-For names the client address, so tests report from several.
  app = await buildTestApp({ clock: () => new Date(now), config: { jsonBodyLimit: 1024 * 1024, jwtSecret: 'freshness-test-secret-at-least-32-characters', trustedProxies: 1 } });
  const signedUp = await Promise.all(['fresh-owner', 'fresh-admin', 'fresh-caller'].map((name) => signUp(app, name)));
  await app.store.accounts.update(signedUp[1].accountId, { role: 'admin' }, new Date(T0).toISOString());
  [owner, admin, caller] = await Promise.all(signedUp.map((actor) => apiKey(app, actor, 'live')));
});
afterAll(() => app.close());
afterEach(() => {
  now = T0;
});

async function publishedBusiness(name: string): Promise<string> {
  const created = await request(app.callback).post('/v1/business/profile').set(owner.auth).send(completeProfileBody({ name, category: 'barbers', description: 'Skin fades, beard trims and hot towel shaves near downtown Austin.', hours: EVERY_DAY }));
  expect(created.status).toBe(201);
  const id = created.body.data.id as string;
  expect((await patch(id, { status: 'published' })).status).toBe(200);
  return id;
}

const patch = (id: string, body: Record<string, unknown>) => request(app.callback).patch(`/v1/business/profile/${id}`).set(owner.auth).send(body);
const status = (id: string) => request(app.callback).get(`/v1/business/profile/status?businessId=${id}`).set(owner.auth);

describe('operatingStatus on PATCH', () => {
  it('stores a temporary closure with its reopening day, and open clears it', async () => {
    const id = await publishedBusiness('Closed For Paint');
    expect((await patch(id, { operatingStatus: { status: 'temporarily_closed', reopensOn: '2026-12-07' } })).status).toBe(200);
    const read = await request(app.callback).get(`/v1/business/profile/${id}`).set(owner.auth);
    expect(read.body.data).toMatchObject({ operatingStatus: { status: 'temporarily_closed', reopensOn: '2026-12-07' }, lastVerifiedAt: null, lastVerifiedBy: null });
    expect((await patch(id, { operatingStatus: { status: 'open' } })).status).toBe(200);
    const reopened = await request(app.callback).get(`/v1/business/profile/${id}`).set(owner.auth);
    expect(reopened.body.data.operatingStatus).toEqual({ status: 'open' });
    expect(await app.store.profiles.get('live', id)).not.toHaveProperty('operatingStatus');
  });

  it.each([
    [{ status: 'open', reopensOn: '2026-12-07' }, 'operatingStatus.reopensOn', /only with status temporarily_closed/],
    [{ status: 'temporarily_closed', reopensOn: '2026-11-24' }, 'operatingStatus.reopensOn', /must not be before today \(2026-11-25 where the business is\)/],
    [{ status: 'closed' }, 'operatingStatus.status', /./],
    [{ status: 'temporarily_closed', reopensOn: '7 December' }, 'operatingStatus.reopensOn', /./],
  ])('refuses %j with VALIDATION_ERROR naming the field', async (operatingStatus, field, message) => {
    const id = await publishedBusiness(`Refused ${JSON.stringify(operatingStatus)}`);
    const refused = await patch(id, { operatingStatus });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field } });
    expect(refused.body.error.message).toMatch(message);
    expect((await request(app.callback).get(`/v1/business/profile/${id}`).set(owner.auth)).body.data.operatingStatus).toEqual({ status: 'open' });
  });
});

describe('confirming the information', () => {
  it('is due 180 days after creation by default, and a confirmation moves it 180 days on', async () => {
    const id = await publishedBusiness('Confirm Me Cuts');
    const fresh = await status(id);
    expect(fresh.status).toBe(200);
    expect(fresh.body.data.freshness).toEqual({ operatingStatus: { status: 'open' }, lastVerifiedAt: null, lastVerifiedBy: null, confirmBy: '2027-05-24', confirmationDue: false, openReports: 0 });
    expect(fresh.body.data.recommendations.join(' ')).not.toMatch(/Confirm that your information/);

    now = T0 + 181 * DAY;
    const stale = await status(id);
    expect(stale.body.data.freshness.confirmationDue).toBe(true);
    expect(stale.body.data.recommendations).toContain(
      `Confirm that your information is still correct (POST /v1/business/profile/{businessId}/confirm): it has never been confirmed, and assistants trust information confirmed within 180 days.`,
    );

    const confirmed = await request(app.callback).post(`/v1/business/profile/${id}/confirm`).set(owner.auth);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toEqual({ id, lastVerifiedAt: new Date(T0 + 181 * DAY).toISOString(), lastVerifiedBy: 'owner', updatedAt: new Date(T0 + 181 * DAY).toISOString() });
    expect(confirmed.headers.etag).toMatch(/^"/);
    const after = await status(id);
    expect(after.body.data.freshness).toMatchObject({ lastVerifiedAt: new Date(T0 + 181 * DAY).toISOString(), lastVerifiedBy: 'owner', confirmBy: '2027-11-21', confirmationDue: false });
  });

  it('answers 412 for a stale If-Match, and 403 to another account (the ownership matrix has the rest)', async () => {
    const id = await publishedBusiness('Guarded Cuts');
    const stale = await request(app.callback).post(`/v1/business/profile/${id}/confirm`).set(owner.auth).set('If-Match', '"stale"');
    expect(stale.status).toBe(412);
    const other = await request(app.callback).post(`/v1/business/profile/${id}/confirm`).set(caller.auth);
    expect(other.status).toBe(403);
    expect(other.body.error.code).toBe('FORBIDDEN');
  });

  it('counts an approved verification as a confirmation', async () => {
    const id = await publishedBusiness('Verified Cuts');
    const requested = await request(app.callback).post(`/v1/business/profile/${id}/verification`).set(owner.auth).send({ level: 'basic', documents: [] });
    now = T0 + DAY;
    const decided = await request(app.callback).post(`/v1/admin/verifications/${requested.body.data.verificationId}/decision`).set(admin.auth).send({ decision: 'approve' });
    expect(decided.status).toBe(200);
    const read = await request(app.callback).get(`/v1/business/profile/${id}`).set(owner.auth);
    expect(read.body.data).toMatchObject({ lastVerifiedAt: new Date(T0 + DAY).toISOString(), lastVerifiedBy: 'verification' });
  });

  it('recommends a new reopening date once the expected one has passed', async () => {
    const id = await publishedBusiness('Late Reopening Cuts');
    await patch(id, { operatingStatus: { status: 'temporarily_closed', reopensOn: '2026-11-30' } });
    now = T0 + 7 * DAY;
    const report = await status(id);
    expect(report.body.data.recommendations).toContain('Your expected reopening date (2026-11-30) has passed: set operatingStatus to open, or give a new reopensOn.');
  });
});

describe('search and the opening check', () => {
  let open: string;
  let paused: string;
  let gone: string;
  beforeAll(async () => {
    open = await publishedBusiness('Open Fade Studio');
    paused = await publishedBusiness('Paused Fade Studio');
    gone = await publishedBusiness('Gone Fade Studio');
    expect((await patch(paused, { operatingStatus: { status: 'temporarily_closed', reopensOn: '2026-12-07' } })).status).toBe(200);
    expect((await patch(gone, { operatingStatus: { status: 'permanently_closed' } })).status).toBe(200);
    await untilIndexed(app);
  });

  const consumer = (query: string) => request(app.callback).post('/v1/api/v1/consumer/search').set(caller.auth).send({ query, location: AUSTIN });

  it('consumer search leaves the permanently closed one out and says the other is closed until its reopening day', async () => {
    const found = await consumer('fade studio');
    expect(found.status).toBe(200);
    const items = Object.fromEntries(found.body.data.businesses.map((item: { id: string }) => [item.id, item]));
    // Other tests' barbers are found too; these three are what this test is about.
    expect(Object.keys(items)).toEqual(expect.arrayContaining([open, paused]));
    expect(Object.keys(items)).not.toContain(gone);
    expect(items[paused]).toMatchObject({ operatingStatus: 'temporarily_closed', reopensOn: '2026-12-07' });
    expect(items[open]).toMatchObject({ operatingStatus: 'open', reopensOn: null });
    expect(found.body.data.response).toContain('Paused Fade Studio (temporarily closed, expected to reopen on 2026-12-07');
  });

  it('a search for what is open now finds only the open one', async () => {
    const found = await consumer('fade studio open now');
    const ids = found.body.data.businesses.map((item: { id: string }) => item.id);
    expect(ids).toContain(open);
    expect(ids).not.toContain(paused);
    expect(ids).not.toContain(gone);
  });

  it('the directory leaves the permanently closed one out too', async () => {
    const listed = await request(app.callback).get('/v1/api/v1/directory?category=barbers&city=Austin&limit=50').set(caller.auth);
    expect(listed.status).toBe(200);
    const ids = listed.body.data.businesses.map((item: { id: string }) => item.id);
    expect(ids).toEqual(expect.arrayContaining([open, paused]));
    expect(ids).not.toContain(gone);
    expect(listed.body.data.businesses.find((item: { id: string }) => item.id === paused)).toMatchObject({ operatingStatus: 'temporarily_closed', reopensOn: '2026-12-07' });
  });

  it('the opening check says closed whatever the hours say, until the reopening day', async () => {
    const check = (id: string, localTime: string) => request(app.callback).get(`/v1/business/profile/${id}/opening-check?localTime=${localTime}`).set(caller.auth);
    const during = await check(paused, '2026-12-06T12:00');
    expect(during.body.data).toMatchObject({ open: false, closure: 'temporarily_closed', reopensOn: '2026-12-07' });
    const back = await check(paused, '2026-12-07T12:00');
    expect(back.body.data).toMatchObject({ open: true, closure: null, reopensOn: '2026-12-07' });
    const closedForGood = await check(gone, '2026-12-07T12:00');
    expect(closedForGood.body.data).toMatchObject({ open: false, closure: 'permanently_closed', reopensOn: null });
  });
});

describe('reports that a business closed or that its information is wrong', () => {
  let id: string;
  beforeAll(async () => {
    id = await publishedBusiness('Reported Fade Studio');
  });
  const report = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    request(app.callback).post(`/v1/business/profile/${id}/information-reports`).set(headers).send(body);
  const list = (query = '') => request(app.callback).get(`/v1/business/profile/${id}/information-reports${query}`).set(owner.auth);

  it('takes a report from anyone, without a credential; the same reporter again gets the first back', async () => {
    const first = await report({ kind: 'closed', details: 'Shutters down all week.' }, { 'X-Forwarded-For': '203.0.113.7' });
    expect(first.status).toBe(201);
    expect(first.body.data).toEqual({
      id: expect.stringMatching(/^irp_/), businessId: id, kind: 'closed', details: 'Shutters down all week.', status: 'open',
      createdAt: new Date(T0).toISOString(), updatedAt: new Date(T0).toISOString(),
    });
    const again = await report({ kind: 'closed', details: 'Still shut.' }, { 'X-Forwarded-For': '203.0.113.7' });
    expect([again.status, again.body.data]).toEqual([200, first.body.data]);
    // Another kind, and a caller with a credential, each make a report of their own (a second apart: the list is oldest first).
    now = T0 + 1000;
    expect((await report({ kind: 'wrong_information', details: 'The phone number is a laundromat.' })).status).toBe(201);
    now = T0 + 2000;
    expect((await report({ kind: 'closed' }, caller.auth)).status).toBe(201);
  });

  it('shows the owner the reports, never who reported, and counts the open ones in the profile status', async () => {
    const listed = await list();
    expect(listed.status).toBe(200);
    expect(listed.body.data.reports.map((r: { kind: string }) => r.kind)).toEqual(['closed', 'wrong_information', 'closed']);
    expect(JSON.stringify(listed.body.data)).not.toMatch(/reporter|openKey|acct_|203\.0\.113/);
    expect(listed.body.data.pagination).toMatchObject({ total: 3, hasMore: false });
    const report = await status(id);
    expect(report.body.data.freshness.openReports).toBe(3);
    expect(report.body.data.recommendations).toContain(
      `3 reports that the business closed or that its information is wrong await your answer (GET /v1/business/profile/${id}/information-reports?status=open).`,
    );
  });

  it('lets the owner answer one; an answered report no longer counts, and its reporter may report again', async () => {
    const [closed] = (await list('?status=open')).body.data.reports;
    const answered = await request(app.callback).post(`/v1/business/profile/${id}/information-reports/${closed.id}/answer`).set(owner.auth).send({ status: 'dismissed', note: 'We are open; the shutters were for painting.' });
    expect(answered.status).toBe(200);
    expect(answered.body.data).toMatchObject({ id: closed.id, status: 'dismissed', answer: { note: 'We are open; the shutters were for painting.', answeredAt: new Date(T0).toISOString() } });
    expect((await list('?status=open')).body.data.pagination.total).toBe(2);
    expect((await list('?status=dismissed')).body.data.reports.map((r: { id: string }) => r.id)).toEqual([closed.id]);
    expect((await status(id)).body.data.freshness.openReports).toBe(2);
    expect((await report({ kind: 'closed' }, { 'X-Forwarded-For': '203.0.113.7' })).status).toBe(201);
  });

  it('answers 404 REPORT_NOT_FOUND for a report of another business, and refuses a bad answer', async () => {
    const other = await publishedBusiness('Unreported Fade Studio');
    const [open] = (await list('?status=open')).body.data.reports;
    const elsewhere = await request(app.callback).post(`/v1/business/profile/${other}/information-reports/${open.id}/answer`).set(owner.auth).send({ status: 'fixed' });
    expect([elsewhere.status, elsewhere.body.error.code]).toEqual([404, 'REPORT_NOT_FOUND']);
    const bad = await request(app.callback).post(`/v1/business/profile/${id}/information-reports/${open.id}/answer`).set(owner.auth).send({ status: 'open' });
    expect([bad.status, bad.body.error.code, bad.body.error.details.field]).toEqual([400, 'VALIDATION_ERROR', 'status']);
  });

  it('refuses a report about a draft (404), an unknown kind (400) and details past 1000 characters (400)', async () => {
    const draft = (await request(app.callback).post('/v1/business/profile').set(owner.auth).send(completeProfileBody({ name: 'Draft Fade Studio' }))).body.data.id;
    const aboutDraft = await request(app.callback).post(`/v1/business/profile/${draft}/information-reports`).send({ kind: 'closed' });
    expect([aboutDraft.status, aboutDraft.body.error.code]).toEqual([404, 'PROFILE_NOT_FOUND']);
    const unknown = await report({ kind: 'rude' });
    expect([unknown.status, unknown.body.error.details.field]).toEqual([400, 'kind']);
    const long = await report({ kind: 'wrong_information', details: 'x'.repeat(1001) });
    expect([long.status, long.body.error.details.field]).toEqual([400, 'details']);
  });

  it('allows a reporter 10 reports in 24 hours, then 429 with Retry-After until the oldest is a day old', async () => {
    const address = { 'X-Forwarded-For': '198.51.100.23' };
    const businesses = await Promise.all(Array.from({ length: 11 }, (_, n) => publishedBusiness(`Busy Reporter Target ${n}`)));
    for (const [n, business] of businesses.slice(0, 10).entries()) {
      now = T0 + n * 60_000;
      expect((await request(app.callback).post(`/v1/business/profile/${business}/information-reports`).set(address).send({ kind: 'closed' })).status).toBe(201);
    }
    now = T0 + 10 * 60_000;
    const over = await request(app.callback).post(`/v1/business/profile/${businesses[10]}/information-reports`).set(address).send({ kind: 'closed' });
    expect([over.status, over.body.error.code, over.headers['retry-after']]).toEqual([429, 'RATE_LIMITED', String(24 * 60 * 60 - 10 * 60)]);
    now = T0 + DAY;
    expect((await request(app.callback).post(`/v1/business/profile/${businesses[10]}/information-reports`).set(address).send({ kind: 'closed' })).status).toBe(201);
  });
});
