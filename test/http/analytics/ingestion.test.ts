// POST /v1/analytics/events: whole-batch validation, eventId de-duplication, who may
// report for which business, sandbox isolation, and acknowledgement only once stored.
import request from 'supertest';
import { apiKey, completeProfileBody, signUp, type Actor } from '../actors';
import { buildTestApp, type TestApp } from '../testApp';
import { grantPartnerAccess } from '../../fixtures/partnerAgreements';

// 03:30 UTC on 10 March 2026 is 22:30 on 9 March in Austin (CDT).
const NOW = '2026-03-10T03:30:00.000Z';

let app: TestApp;
let owner: Actor;
let other: Actor;
let partner: Actor;
let published: string;
let draft: string;

async function createProfile(auth: { Authorization: string }, publish: boolean): Promise<string> {
  const created = await request(app.callback).post('/v1/business/profile').set(auth).send(completeProfileBody());
  expect(created.status).toBe(201);
  if (publish) expect((await request(app.callback).patch(`/v1/business/profile/${created.body.data.id}`).set(auth).send({ status: 'published' })).status).toBe(200);
  return created.body.data.id;
}

beforeAll(async () => {
  app = await buildTestApp({ clock: () => new Date(NOW) });
  owner = await signUp(app, 'ingest-owner');
  other = await signUp(app, 'ingest-other');
  partner = await signUp(app, 'ingest-partner');
  await grantPartnerAccess(app.store, partner.accountId);
  published = await createProfile(owner.auth, true);
  draft = await createProfile(owner.auth, false);
});
afterAll(() => app.close());
beforeEach(() => app.recorded.clear());

const ingest = (auth: { Authorization: string }, body: unknown, headers: Record<string, string> = {}) =>
  request(app.callback).post('/v1/analytics/events').set(auth).set(headers).send(body as object);

let counter = 0;
const conversion = (overrides: Record<string, unknown> = {}) => ({
  eventId: `order-${++counter}`,
  type: 'conversion',
  businessId: published,
  journeyId: 'sess-consumer-001',
  timestamp: '2026-03-09T20:15:00Z',
  value: 42.5,
  currency: 'USD',
  query: '  Vegan  Brunch ',
  ...overrides,
});

describe('accepted batches', () => {
  it('stores each event with the business local day, the reporter and a normalised query, and answers 202 with counts', async () => {
    const view = { eventId: 'view-1', type: 'profile_view', businessId: published, journeyId: 'sess-consumer-001', timestamp: '2026-03-10T01:00:00+01:00', platform: 'ChatGPT' };
    const response = await ingest(owner.auth, { events: [conversion({ eventId: 'order-a' }), view] });

    expect(response.status).toBe(202);
    expect(response.body.data).toEqual({ accepted: 2, duplicates: 0 });
    expect(app.recorded.stored).toEqual([
      {
        eventId: 'order-a', type: 'conversion', businessId: published, environment: 'live', timestamp: '2026-03-09T20:15:00.000Z', localDate: '2026-03-09',
        platform: 'direct', journeyId: 'sess-consumer-001', query: 'vegan brunch', surface: 'ingested', value: 42.5, currency: 'USD', reporter: owner.accountId,
      },
      {
        // 01:00 in UTC+1 is 00:00 UTC on 10 March, which is 18:00 on 9 March in Austin.
        eventId: 'view-1', type: 'profile_view', businessId: published, environment: 'live', timestamp: '2026-03-10T00:00:00.000Z', localDate: '2026-03-09',
        platform: 'chatgpt', journeyId: 'sess-consumer-001', surface: 'ingested', reporter: owner.accountId,
      },
    ]);
  });

  it('ignores a repeated eventId, in a later batch or within one, counting it as a duplicate', async () => {
    expect((await ingest(owner.auth, { events: [conversion({ eventId: 'dup-1' })] })).body.data).toEqual({ accepted: 1, duplicates: 0 });
    const again = await ingest(owner.auth, { events: [conversion({ eventId: 'dup-1' }), conversion({ eventId: 'dup-2' }), conversion({ eventId: 'dup-2' })] });
    expect(again.status).toBe(202);
    expect(again.body.data).toEqual({ accepted: 1, duplicates: 2 });
  });

  it('takes the platform from X-AI-Platform when an event names none', async () => {
    await ingest(owner.auth, { events: [conversion({ eventId: 'plat-1' })] }, { 'X-AI-Platform': 'gemini' });
    expect(app.recorded.stored.map((event) => event.platform)).toEqual(['gemini']);
  });

  it('replays the stored answer for a retry with the same Idempotency-Key, storing nothing twice', async () => {
    const body = { events: [conversion({ eventId: 'idem-1' })] };
    const first = await ingest(owner.auth, body, { 'Idempotency-Key': 'batch-0001' });
    const retry = await ingest(owner.auth, body, { 'Idempotency-Key': 'batch-0001' });
    expect([first.status, retry.status]).toEqual([202, 202]);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body.data).toEqual({ accepted: 1, duplicates: 0 });
    expect(app.recorded.stored.map((event) => event.eventId)).toEqual(['idem-1']);
  });
});

describe('validation: the first bad item is named and nothing of the batch is stored', () => {
  const cases: Array<[string, Record<string, unknown>, string, RegExp]> = [
    ['a timestamp in the future', { timestamp: '2026-03-10T03:32:00Z' }, 'events[1].timestamp', /future/],
    ['a timestamp more than 90 days old', { timestamp: '2025-12-09T03:00:00Z' }, 'events[1].timestamp', /90 days/],
    ['a timestamp without a time zone', { timestamp: '2026-03-09T10:00:00' }, 'events[1].timestamp', /time zone/],
    ['a type the service records itself', { type: 'impression', value: undefined, currency: undefined }, 'events[1].type', /profile_view, website_visit, conversion/],
    ['an eventId with spaces', { eventId: 'order 7' }, 'events[1].eventId', /A-Z/],
    ['no journeyId', { journeyId: undefined }, 'events[1].journeyId', /required/],
    ['a malformed businessId', { businessId: 'acme' }, 'events[1].businessId', /business id/],
    ['a value on a profile view', { type: 'profile_view', currency: undefined }, 'events[1].value', /only for conversion/],
    ['a currency without a value', { value: undefined }, 'events[1].value', /together/],
    ['a currency that is not ISO 4217', { currency: 'usd' }, 'events[1].currency', /ISO 4217/],
    ['a negative value', { value: -1 }, 'events[1].value', /at least 0|between/],
    ['an unknown platform', { platform: 'skynet' }, 'events[1].platform', /unknown AI platform/],
    ['an unknown property', { ip: '203.0.113.9' }, 'events[1].ip', /not an allowed property/],
    ['a business that does not exist', { businessId: 'biz_doesnotexist000000' }, 'events[1].businessId', /no such business/],
  ];

  it.each(cases)('%s', async (_name, overrides, field, issue) => {
    const bad = JSON.parse(JSON.stringify(conversion(overrides)));
    const response = await ingest(owner.auth, { events: [conversion(), bad, conversion()] });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field, issue: expect.stringMatching(issue) } });
    expect(app.recorded.stored).toEqual([]);
  });

  it('refuses a missing, empty or oversized batch', async () => {
    for (const [body, issue] of [[{}, /required/], [{ events: [] }, /at least 1/], [{ events: Array.from({ length: 501 }, () => conversion()) }, /at most 500/]] as const) {
      const response = await ingest(owner.auth, body);
      expect(response.status).toBe(400);
      expect(response.body.error.details).toMatchObject({ field: 'events', issue: expect.stringMatching(issue) });
    }
    expect(app.recorded.stored).toEqual([]);
  });

  it('accepts exactly 500 events', async () => {
    const response = await ingest(owner.auth, { events: Array.from({ length: 500 }, () => conversion()) });
    expect(response.status).toBe(202);
    expect(response.body.data).toEqual({ accepted: 500, duplicates: 0 });
  });
});

describe('who may report for which business', () => {
  const one = (businessId: string) => ({ events: [conversion({ businessId })] });

  it('lets the owner report for its published and draft businesses', async () => {
    expect((await ingest(owner.auth, one(published))).status).toBe(202);
    expect((await ingest(owner.auth, one(draft))).status).toBe(202);
  });

  it('refuses another account with 403 naming the item, storing nothing', async () => {
    const response = await ingest(other.auth, { events: [conversion({ businessId: await createProfile(other.auth, false) }), conversion({ businessId: published })] });
    expect(response.status).toBe(403);
    expect(response.body.error).toMatchObject({ code: 'FORBIDDEN', details: { field: 'events[1].businessId' } });
    expect(app.recorded.stored).toEqual([]);
  });

  it('lets a partner report for any published business, not for drafts', async () => {
    expect((await ingest(partner.auth, one(published))).status).toBe(202);
    const onDraft = await ingest(partner.auth, one(draft));
    expect(onDraft.status).toBe(403);
    expect(onDraft.body.error.details.field).toBe('events[0].businessId');
  });

  it('refuses a caller without a credential (401) or without write:businesses (403)', async () => {
    expect((await request(app.callback).post('/v1/analytics/events').send(one(published))).status).toBe(401);
    const readOnly = await apiKey(app, owner, 'live', ['read:businesses', 'read:analytics']);
    const response = await ingest(readOnly.auth, one(published));
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe('FORBIDDEN');
  });

  it('keeps the sandbox apart: a test key cannot reach a live business, and its own events are test events', async () => {
    const testKey = await apiKey(app, owner, 'test');
    const live = await ingest(testKey.auth, one(published));
    expect(live.status).toBe(400);
    expect(live.body.error.details).toMatchObject({ field: 'events[0].businessId', issue: 'no such business in this environment' });

    const sandboxBusiness = await createProfile(testKey.auth, false);
    expect((await ingest(testKey.auth, { events: [conversion({ businessId: sandboxBusiness, eventId: 'same-id' })] })).status).toBe(202);
    // The same eventId in live is another event: ids are per account and environment.
    expect((await ingest(owner.auth, { events: [conversion({ eventId: 'same-id' })] })).body.data).toEqual({ accepted: 1, duplicates: 0 });
    expect(app.recorded.stored.map((event) => [event.environment, event.businessId])).toEqual([['test', sandboxBusiness], ['live', published]]);
  });
});
