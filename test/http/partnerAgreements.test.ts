// Partnership agreements: admins record them (/v1/admin/partner-agreements), and partner
// search and partner event reports need one in force covering the area today. Every state is
// driven through the admin API: in force, suspended, expired, not started, another area,
// terminated, none. "Today" is 15 June 2026 (UTC) on the app's clock.
import request from 'supertest';
import { apiKey, completeProfileBody, signUp, type Actor } from './actors';
import { buildTestApp, type TestApp } from './testApp';

const NOW = '2026-06-15T12:00:00.000Z';

let app: TestApp;
let admin: Actor;
let partner: Actor;
let owner: Actor;
let publishedId: string;

beforeAll(async () => {
  app = await buildTestApp({ clock: () => new Date(NOW) });
  admin = await signUp(app, 'agreements-admin');
  await app.store.accounts.update(admin.accountId, { role: 'admin' }, NOW);
  partner = await signUp(app, 'agreements-partner');
  owner = await signUp(app, 'agreements-owner');
  const created = await request(app.callback).post('/v1/business/profile').set(owner.auth).send(completeProfileBody());
  publishedId = created.body.data.id;
  expect((await request(app.callback).patch(`/v1/business/profile/${publishedId}`).set(owner.auth).send({ status: 'published' })).status).toBe(200);
});
afterAll(() => app.close());

const body = (overrides: Record<string, unknown> = {}) => ({
  accountId: partner.accountId,
  partnerName: 'Answer Engine Inc.',
  platform: 'perplexity',
  areas: ['partner_search', 'event_ingestion'],
  startDate: '2026-01-01',
  ...overrides,
});
const createAgreement = (payload: Record<string, unknown>, auth = admin.auth) => request(app.callback).post('/v1/admin/partner-agreements').set(auth).send(payload);
const patchAgreement = (id: string, payload: Record<string, unknown>) => request(app.callback).patch(`/v1/admin/partner-agreements/${id}`).set(admin.auth).send(payload);
const partnerSearch = (actor: Actor) => request(app.callback).get('/v1/api/v1/partners/search?q=kitchen').set(actor.auth);
const reportEvent = (actor: Actor, eventId: string) =>
  request(app.callback)
    .post('/v1/analytics/events')
    .set(actor.auth)
    .send({ events: [{ eventId, type: 'profile_view', businessId: publishedId, journeyId: 'sess-consumer-001', timestamp: '2026-06-15T11:00:00Z' }] });

describe('the admin API', () => {
  it('creates an agreement, reads it back with its state today, and lists it', async () => {
    const created = await createAgreement(body({ endDate: '2026-12-31', note: 'Pilot, renew in December' }));

    expect(created.status).toBe(201);
    const expected = {
      id: expect.stringMatching(/^pag_[0-9A-Za-z]{20}$/),
      accountId: partner.accountId,
      partnerName: 'Answer Engine Inc.',
      platform: 'perplexity',
      areas: ['partner_search', 'event_ingestion'],
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      status: 'active',
      state: 'in_force',
      note: 'Pilot, renew in December',
      createdAt: NOW,
      updatedAt: NOW,
    };
    expect(created.body.data).toEqual(expected);
    expect(created.headers.location).toBe(`/v1/admin/partner-agreements/${created.body.data.id}`);
    const read = await request(app.callback).get(`/v1/admin/partner-agreements/${created.body.data.id}`).set(admin.auth);
    expect(read.body.data).toEqual(created.body.data);
    const listed = await request(app.callback).get(`/v1/admin/partner-agreements?accountId=${partner.accountId}&status=active`).set(admin.auth);
    expect(listed.body.data.agreements).toEqual([created.body.data]);
    // Terminated so that the state tests below start from a partner with no agreement in force.
    expect((await patchAgreement(created.body.data.id, { status: 'terminated' })).body.data.state).toBe('terminated');
  });

  it('pages the list with a cursor, oldest first', async () => {
    const other = await signUp(app, 'agreements-paging');
    const ids: string[] = [];
    for (const name of ['First', 'Second', 'Third']) ids.push((await createAgreement(body({ accountId: other.accountId, partnerName: name }))).body.data.id);
    // Made in the same instant (the app's clock stands still): the id breaks the tie.
    ids.sort();

    const first = await request(app.callback).get(`/v1/admin/partner-agreements?accountId=${other.accountId}&limit=2`).set(admin.auth);
    expect(first.body.data.agreements.map((a: { id: string }) => a.id)).toEqual(ids.slice(0, 2));
    expect(first.body.data.pagination).toEqual({ limit: 2, hasMore: true, nextCursor: expect.any(String), total: 3 });
    const second = await request(app.callback)
      .get(`/v1/admin/partner-agreements?accountId=${other.accountId}&limit=2&cursor=${first.body.data.pagination.nextCursor}`)
      .set(admin.auth);
    expect(second.body.data.agreements.map((a: { id: string }) => a.id)).toEqual(ids.slice(2));
    expect(second.body.data.pagination).toEqual({ limit: 2, hasMore: false, total: 3 });
    const badCursor = await request(app.callback).get('/v1/admin/partner-agreements?cursor=not-ours').set(admin.auth);
    expect(badCursor.status).toBe(400);
    expect(badCursor.body.error.details.field).toBe('cursor');
  });

  it.each([
    ['an unknown account', { accountId: 'acct_NoSuchAccount0000001' }, 'accountId', 'no account has this id'],
    ['an unknown platform', { platform: 'skynet' }, 'platform', expect.stringContaining('is not a known AI platform')],
    ['an end before the start', { startDate: '2026-05-01', endDate: '2026-04-30' }, 'endDate', 'must be on or after startDate (2026-05-01)'],
    ['an area that does not exist', { areas: ['partner_search', 'bookings'] }, 'areas.1', expect.any(String)],
    ['no areas', { areas: [] }, 'areas', expect.any(String)],
    ['a date that is not a day', { startDate: '2026-02-30' }, 'startDate', 'must be a real calendar date (YYYY-MM-DD)'],
    ['a terminated status at creation', { status: 'terminated' }, 'status', expect.any(String)],
  ])('refuses %s with 400 naming the field, storing nothing', async (_label, overrides, field, issue) => {
    const before = (await app.store.partnerAgreements.page({}, { limit: 100 })).total;
    const response = await createAgreement(body(overrides));
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field, issue } });
    expect((await app.store.partnerAgreements.page({}, { limit: 100 })).total).toBe(before);
  });

  it('accepts a platform an admin registered', async () => {
    expect((await request(app.callback).post('/v1/admin/analytics-platforms').set(admin.auth).send({ name: 'answerbot' })).status).toBe(201);
    const other = await signUp(app, 'agreements-registered');
    const created = await createAgreement(body({ accountId: other.accountId, platform: 'answerbot' }));
    expect(created.status).toBe(201);
    expect(created.body.data.platform).toBe('answerbot');
  });

  it('answers 404 for an unknown agreement and 409 for any change to a terminated one', async () => {
    const missing = await request(app.callback).get('/v1/admin/partner-agreements/pag_NoSuchAgreement000001').set(admin.auth);
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('PARTNER_AGREEMENT_NOT_FOUND');
    const other = await signUp(app, 'agreements-terminated');
    const { id } = (await createAgreement(body({ accountId: other.accountId }))).body.data;
    expect((await patchAgreement(id, { status: 'terminated' })).status).toBe(200);

    const resumed = await patchAgreement(id, { status: 'active' });

    expect(resumed.status).toBe(409);
    expect(resumed.body.error.code).toBe('PARTNER_AGREEMENT_TERMINATED');
    expect((await app.store.partnerAgreements.get(id))?.status).toBe('terminated');
  });

  it('is for admins only: a partner cannot grant itself an agreement', async () => {
    const response = await createAgreement(body(), partner.auth);
    expect(response.status).toBe(403);
    expect(response.body.error.message).toBe('This endpoint requires an admin account');
  });
});

describe('partner search and partner event reports follow the agreement', () => {
  it('refuses a partner with no agreement', async () => {
    const stranger = await signUp(app, 'agreements-none');
    const search = await partnerSearch(stranger);
    expect(search.status).toBe(403);
    expect(search.body.error).toEqual({
      code: 'FORBIDDEN',
      message: 'Partner search requires a partnership agreement',
      details: { field: 'partnerAgreement', issue: 'the account has no partnership agreement', reason: 'no_agreement', area: 'partner_search' },
    });
    const report = await reportEvent(stranger, 'none-1');
    expect(report.status).toBe(403);
    expect(report.body.error.message).toBe('You may report events only for businesses you own (partners: published businesses)');
  });

  it('walks one agreement through every state, each taking effect on the next request', async () => {
    // An account of its own: no other agreement may be the one a refusal names.
    const walker = await signUp(app, 'agreements-walker');
    const { id } = (await createAgreement(body({ accountId: walker.accountId }))).body.data;
    const refusal = (reason: string, issue: string, message = `The partnership agreement is not active: ${issue}`) => ({
      code: 'FORBIDDEN',
      message,
      details: { field: 'partnerAgreement', issue, reason, area: 'partner_search', agreementId: id },
    });

    // In force: open-ended since 1 January.
    expect((await partnerSearch(walker)).status).toBe(200);
    expect((await reportEvent(walker, 'walk-1')).status).toBe(202);

    // Suspended.
    expect((await patchAgreement(id, { status: 'suspended' })).body.data.state).toBe('suspended');
    let search = await partnerSearch(walker);
    expect(search.status).toBe(403);
    expect(search.body.error).toEqual(refusal('suspended', 'it is suspended'));
    const report = await reportEvent(walker, 'walk-2');
    expect(report.status).toBe(403);
    expect(report.body.error).toMatchObject({ code: 'FORBIDDEN', message: 'The partnership agreement is not active: it is suspended', details: { field: 'events[0].businessId', reason: 'suspended' } });

    // Resumed, but it ended yesterday.
    expect((await patchAgreement(id, { status: 'active', endDate: '2026-06-14' })).body.data.state).toBe('expired');
    search = await partnerSearch(walker);
    expect(search.body.error).toEqual(refusal('expired', 'it ended on 2026-06-14'));
    expect((await reportEvent(walker, 'walk-3')).status).toBe(403);

    // Its last day is today: in force (the end date is inclusive).
    expect((await patchAgreement(id, { endDate: '2026-06-15' })).body.data.state).toBe('in_force');
    expect((await partnerSearch(walker)).status).toBe(200);

    // Open-ended again but starting tomorrow: not started.
    expect((await patchAgreement(id, { startDate: '2026-06-16', endDate: null })).body.data.state).toBe('scheduled');
    search = await partnerSearch(walker);
    expect(search.body.error).toEqual(refusal('scheduled', 'it starts on 2026-06-16'));

    // Starting today, but covering event reports only: search is another area.
    expect((await patchAgreement(id, { startDate: '2026-06-15', areas: ['event_ingestion'] })).body.data.state).toBe('in_force');
    search = await partnerSearch(walker);
    expect(search.status).toBe(403);
    expect(search.body.error).toEqual(refusal('area_not_covered', 'it does not cover partner search', 'The partnership agreement does not cover partner search'));
    expect((await reportEvent(walker, 'walk-4')).status).toBe(202);

    // Terminated: closed for good.
    expect((await patchAgreement(id, { status: 'terminated' })).status).toBe(200);
    const ended = await reportEvent(walker, 'walk-5');
    expect(ended.status).toBe(403);
    expect(ended.body.error).toMatchObject({ message: 'The partnership agreement is not active: it was terminated', details: { reason: 'terminated', agreementId: id } });
  });

  it("lets the agreement in force win over the account's other, lapsed ones", async () => {
    const renewed = await signUp(app, 'agreements-renewed');
    await createAgreement(body({ accountId: renewed.accountId, startDate: '2025-01-01', endDate: '2025-12-31' }));
    expect((await partnerSearch(renewed)).body.error.details.reason).toBe('expired');
    await createAgreement(body({ accountId: renewed.accountId, startDate: '2026-01-01' }));
    expect((await partnerSearch(renewed)).status).toBe(200);
  });

  it("applies to the account's sandbox key too", async () => {
    const sandboxed = await signUp(app, 'agreements-sandbox');
    const key = await apiKey(app, sandboxed, 'test');
    const refused = await request(app.callback).get('/v1/api/v1/partners/search?q=kitchen').set(key.auth);
    expect(refused.status).toBe(403);
    await createAgreement(body({ accountId: sandboxed.accountId }));
    expect((await request(app.callback).get('/v1/api/v1/partners/search?q=kitchen').set(key.auth)).status).toBe(200);
  });
});

describe('the account endpoint after the flag', () => {
  it('refuses the old partner flag, pointing to agreements, and reads partner from them', async () => {
    const member = await signUp(app, 'agreements-member');
    const refused = await request(app.callback).patch(`/v1/admin/accounts/${member.accountId}`).set(admin.auth).send({ partner: true });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toEqual({ field: 'partner', issue: 'is replaced by partnership agreements: POST /v1/admin/partner-agreements' });

    const before = await request(app.callback).patch(`/v1/admin/accounts/${member.accountId}`).set(admin.auth).send({ plan: 'professional' });
    expect(before.body.data).toMatchObject({ plan: 'professional', partner: false });
    await createAgreement(body({ accountId: member.accountId }));
    const after = await request(app.callback).patch(`/v1/admin/accounts/${member.accountId}`).set(admin.auth).send({ plan: 'professional' });
    expect(after.body.data).toMatchObject({ plan: 'professional', partner: true });
  });
});
