// Bookings through the HTTP app, on a controlled clock: availability, booking and every
// refusal, the last place under a race, Idempotency-Key, the lifecycle, who sees what, and the
// conversion event a confirmation records.
import { Writable } from 'node:stream';
import pino from 'pino';
import request from 'supertest';
import type { AnalyticsEvent } from '../../src/domain/analytics/analyticsEvent';
import { apiKey, completeProfileBody, signUp, type Actor } from './actors';
import { buildTestApp, type TestApp } from './testApp';
import { queuedWebhookEvents } from '../support/queuedWebhookEvents';

let app: TestApp;
let owner: Actor;
let customer: Actor;
let stranger: Actor;
// Monday 2026-11-30, 06:00 in Austin (America/Chicago, UTC-6).
let now = new Date('2026-11-30T12:00:00Z');
// Everything the app logs, at every level, to check no customer contact ever gets there.
let logged = '';
const logSink = new Writable({
  write(chunk, _encoding, done) {
    logged += String(chunk);
    done();
  },
});
const recorded: AnalyticsEvent[] = [];

const HOURS = {
  monday: { open: '09:00', close: '12:00' },
  tuesday: { open: '09:00', close: '12:00' },
  wednesday: { open: '09:00', close: '12:00' },
  friday: { open: '22:00', close: '02:00' },
  sunday: { closed: true },
};

beforeAll(async () => {
  app = await buildTestApp({
    clock: () => now,
    eventRecorder: { record: (batch) => void recorded.push(...batch), flush: async () => undefined, close: async () => undefined },
    logger: pino({ level: 'trace' }, logSink),
  });
  // API keys, not JWTs: an access token would expire when a test moves the clock past the start.
  owner = await keyed(await signUp(app, 'booking-owner'));
  customer = await keyed(await signUp(app, 'booking-customer'));
  stranger = await keyed(await signUp(app, 'booking-stranger'));
});

const ALL_SCOPES = ['read:businesses', 'write:businesses', 'read:bookings', 'write:bookings'];

/** The actor as signed in (JWT): only a signed-in account creates API keys. */
const signedIn = (actor: Actor): Actor => ({ ...actor, auth: { Authorization: `Bearer ${actor.token}` } });

async function keyed(actor: Actor): Promise<Actor> {
  return { ...actor, auth: (await apiKey(app, actor, 'live', ALL_SCOPES)).auth };
}
afterAll(() => app.close());

interface Business {
  businessId: string;
  serviceId: string;
}

async function bookableBusiness(service: Record<string, unknown> = {}, publish = true): Promise<Business> {
  const created = await request(app.callback).post('/v1/business/profile').set(owner.auth).send(completeProfileBody({ hours: HOURS }));
  expect(created.status).toBe(201);
  const businessId = created.body.data.id;
  const added = await request(app.callback)
    .post(`/v1/business/profile/${businessId}/services`)
    .set(owner.auth)
    .send({ name: 'Haircut', duration: 60, capacity: 2, bookable: true, pricing: { type: 'fixed', currency: 'USD', amount: 40 }, ...service });
  expect(added.status).toBe(201);
  if (publish) expect((await request(app.callback).patch(`/v1/business/profile/${businessId}`).set(owner.auth).send({ status: 'published' })).status).toBe(200);
  return { businessId, serviceId: added.body.data.id };
}

function book(actor: { auth: Record<string, string> }, business: Business, start: string, extra: Record<string, unknown> = {}) {
  return request(app.callback)
    .post('/v1/bookings')
    .set(actor.auth)
    .send({ ...business, start, customer: { name: 'Sam Rivera', email: 'sam@example.com', phone: '(512) 555-0199' }, ...extra });
}

function availability(business: Business, query: string, actor: { auth: Record<string, string> } = customer) {
  return request(app.callback).get(`/v1/business/profile/${business.businessId}/services/${business.serviceId}/availability?${query}`).set(actor.auth);
}

describe('availability', () => {
  it('lists the day\'s start times in the business\'s zone, each with the places left', async () => {
    const business = await bookableBusiness();
    const response = await availability(business, 'from=2026-11-30&to=2026-11-30');
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      businessId: business.businessId,
      serviceId: business.serviceId,
      timeZone: 'America/Chicago',
      duration: 60,
      capacity: 2,
      from: '2026-11-30T00:00:00-06:00',
      to: '2026-12-01T00:00:00-06:00',
    });
    expect(response.body.data.slots).toEqual([
      { start: '2026-11-30T09:00:00-06:00', end: '2026-11-30T10:00:00-06:00', remaining: 2 },
      { start: '2026-11-30T10:00:00-06:00', end: '2026-11-30T11:00:00-06:00', remaining: 2 },
      { start: '2026-11-30T11:00:00-06:00', end: '2026-11-30T12:00:00-06:00', remaining: 2 },
    ]);
  });

  it('subtracts bookings, drops full and past start times, and skips blackout dates and closed days', async () => {
    const business = await bookableBusiness();
    expect((await book(customer, business, '2026-11-30T10:00:00-06:00')).status).toBe(201);
    const one = await availability(business, 'from=2026-11-30&to=2026-11-30');
    expect(one.body.data.slots.map((slot: { start: string; remaining: number }) => [slot.start.slice(11, 16), slot.remaining])).toEqual([['09:00', 2], ['10:00', 1], ['11:00', 2]]);
    expect((await book(stranger, business, '2026-11-30T10:00:00-06:00')).status).toBe(201);
    const full = await availability(business, 'from=2026-11-30&to=2026-11-30');
    expect(full.body.data.slots.map((slot: { start: string }) => slot.start.slice(11, 16))).toEqual(['09:00', '11:00']);

    expect((await request(app.callback).post(`/v1/business/profile/${business.businessId}/blackout-dates`).set(owner.auth).send({ dates: ['2026-12-01'] })).status).toBe(200);
    // Tuesday is a blackout date, Thursday has no hours, Friday runs past midnight into Saturday.
    const week = await availability(business, 'from=2026-12-01&to=2026-12-05');
    expect(week.body.data.slots.map((slot: { start: string }) => slot.start)).toEqual([
      '2026-12-02T09:00:00-06:00',
      '2026-12-02T10:00:00-06:00',
      '2026-12-02T11:00:00-06:00',
      '2026-12-04T22:00:00-06:00',
      '2026-12-04T23:00:00-06:00',
      '2026-12-05T00:00:00-06:00',
      '2026-12-05T01:00:00-06:00',
    ]);

    now = new Date('2026-11-30T16:30:00Z'); // 10:30 in Austin
    try {
      const later = await availability(business, 'from=2026-11-30&to=2026-11-30');
      expect(later.body.data.slots.map((slot: { start: string }) => slot.start.slice(11, 16))).toEqual(['11:00']);
    } finally {
      now = new Date('2026-11-30T12:00:00Z');
    }
  });

  it('keeps a booking from before a duration change taking its place in every new slot it overlaps', async () => {
    const business = await bookableBusiness({ capacity: 1 });
    expect((await book(customer, business, '2026-11-30T09:00:00-06:00')).status).toBe(201);
    const changed = await request(app.callback)
      .patch(`/v1/business/profile/${business.businessId}/services/${business.serviceId}`)
      .set(owner.auth)
      .send({ duration: 30 });
    expect(changed.status).toBe(200);
    const free = await availability(business, 'from=2026-11-30&to=2026-11-30');
    // The 09:00-10:00 booking covers the new 09:00 and 09:30 slots.
    expect(free.body.data.slots.map((slot: { start: string }) => slot.start.slice(11, 16))).toEqual(['10:00', '10:30', '11:00', '11:30']);
    const overlapping = await book(stranger, business, '2026-11-30T09:30:00-06:00');
    expect(overlapping.status).toBe(409);
    expect(overlapping.body.error.code).toBe('SLOT_UNAVAILABLE');
    expect((await book(stranger, business, '2026-11-30T10:00:00-06:00')).status).toBe(201);
  });

  it('refuses a range over 31 days, an inverted one and a malformed edge', async () => {
    const business = await bookableBusiness();
    const long = await availability(business, 'from=2026-12-01&to=2027-01-01');
    expect(long.status).toBe(400);
    expect(long.body.error.details).toMatchObject({ field: 'to', issue: 'must be at most 31 days after from' });
    const inverted = await availability(business, 'from=2026-12-05&to=2026-12-01');
    expect(inverted.body.error.details).toMatchObject({ field: 'to', issue: 'must be after from' });
    const malformed = await availability(business, 'from=tomorrow');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.details.field).toBe('from');
  });

  it('refuses a service that is not bookable, quote-only, unknown, or on a draft business', async () => {
    const notBookable = await bookableBusiness({ bookable: false });
    expect((await availability(notBookable, '')).body.error.code).toBe('SERVICE_NOT_BOOKABLE');
    const quote = await bookableBusiness({ requiresQuote: true });
    expect((await availability(quote, '')).body.error.code).toBe('QUOTE_REQUIRED');
    const draft = await bookableBusiness({}, false);
    const onDraft = await availability(draft, '');
    expect(onDraft.status).toBe(409);
    expect(onDraft.body.error.code).toBe('BUSINESS_NOT_PUBLISHED');
    const unknown = await availability({ ...notBookable, serviceId: 'svc_00000000000000000000' }, '');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('SERVICE_NOT_FOUND');
  });
});

describe('booking', () => {
  it('books a start time: 201 pending, price from the fixed pricing, phone in E.164, visible to both sides only', async () => {
    const business = await bookableBusiness();
    const response = await book(customer, business, '2026-11-30T15:00:00Z', { notes: 'Short on the sides' });
    expect(response.status).toBe(201);
    const booking = response.body.data;
    expect(response.headers.location).toBe(`/v1/bookings/${booking.id}`);
    expect(booking).toMatchObject({
      businessId: business.businessId,
      serviceId: business.serviceId,
      serviceName: 'Haircut',
      start: '2026-11-30T09:00:00-06:00',
      end: '2026-11-30T10:00:00-06:00',
      timeZone: 'America/Chicago',
      status: 'pending',
      customer: { name: 'Sam Rivera', email: 'sam@example.com', phone: '+15125550199' },
      notes: 'Short on the sides',
      price: { amount: 40, currency: 'USD' },
      history: [{ status: 'pending', by: 'customer', at: '2026-11-30T12:00:00.000Z' }],
    });
    expect(booking).not.toHaveProperty('seat');
    expect(booking).not.toHaveProperty('createdBy');

    expect((await request(app.callback).get(`/v1/bookings/${booking.id}`).set(customer.auth)).status).toBe(200);
    expect((await request(app.callback).get(`/v1/bookings/${booking.id}`).set(owner.auth)).body.data.customer.email).toBe('sam@example.com');
    const other = await request(app.callback).get(`/v1/bookings/${booking.id}`).set(stranger.auth);
    expect(other.status).toBe(404);
    expect(other.body.error.code).toBe('BOOKING_NOT_FOUND');
    const events = (await queuedWebhookEvents(app.store)).filter((event) => event.data.id === booking.id);
    expect(events).toEqual([expect.objectContaining({ type: 'booking.created', accountId: owner.accountId, environment: 'live' })]);
  });

  it.each([
    ['in the past', '2026-11-30T05:00:00-06:00', 400, 'VALIDATION_ERROR', 'must be in the future'],
    ['more than a year ahead', '2027-12-06T09:00:00-06:00', 400, 'VALIDATION_ERROR', 'within 365 days'],
    ['off the service\'s grid', '2026-11-30T09:30:00-06:00', 400, 'VALIDATION_ERROR', 'not one of this service\'s start times'],
    ['before opening', '2026-11-30T08:00:00-06:00', 409, 'OUTSIDE_BUSINESS_HOURS', undefined],
    ['ending after closing', '2026-12-02T11:30:00-06:00', 409, 'OUTSIDE_BUSINESS_HOURS', undefined],
    ['on a day without hours', '2026-12-03T10:00:00-06:00', 409, 'OUTSIDE_BUSINESS_HOURS', undefined],
    ['without an offset', '2026-11-30T10:00:00', 400, 'VALIDATION_ERROR', 'with an offset'],
  ])('refuses a start %s', async (_name, start, status, code, issue) => {
    const business = await bookableBusiness();
    const response = await book(customer, business, start);
    expect(response.status).toBe(status);
    expect(response.body.error.code).toBe(code);
    expect(response.body.error.details.field).toBe('start');
    if (issue) expect(response.body.error.details.issue).toContain(issue);
  });

  it('refuses a blackout date with BLACKOUT_DATE', async () => {
    const business = await bookableBusiness();
    await request(app.callback).post(`/v1/business/profile/${business.businessId}/blackout-dates`).set(owner.auth).send({ dates: ['2026-12-01'] });
    const response = await book(customer, business, '2026-12-01T09:00:00-06:00');
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe('BLACKOUT_DATE');
  });

  it('refuses a full start time with SLOT_UNAVAILABLE', async () => {
    const business = await bookableBusiness({ capacity: 1 });
    expect((await book(customer, business, '2026-11-30T11:00:00-06:00')).status).toBe(201);
    const second = await book(stranger, business, '2026-11-30T11:00:00-06:00');
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe('SLOT_UNAVAILABLE');
  });

  it('refuses services that take no bookings and draft businesses', async () => {
    expect((await book(customer, await bookableBusiness({ bookable: false }), '2026-11-30T09:00:00-06:00')).body.error.code).toBe('SERVICE_NOT_BOOKABLE');
    expect((await book(customer, await bookableBusiness({ duration: undefined }), '2026-11-30T09:00:00-06:00')).body.error.code).toBe('SERVICE_NOT_BOOKABLE');
    expect((await book(customer, await bookableBusiness({ requiresQuote: true }), '2026-11-30T09:00:00-06:00')).body.error.code).toBe('QUOTE_REQUIRED');
    expect((await book(customer, await bookableBusiness({}, false), '2026-11-30T09:00:00-06:00')).body.error.code).toBe('BUSINESS_NOT_PUBLISHED');
    const unknown = await book(customer, { businessId: 'biz_00000000000000000000', serviceId: 'svc_00000000000000000000' }, '2026-11-30T09:00:00-06:00');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('PROFILE_NOT_FOUND');
  });

  it.each([
    [{ customer: { name: 'No Contact' } }, 'customer', 'email or a phone'],
    [{ customer: { name: 'Bad Phone', phone: '12' } }, 'customer.phone', undefined],
    [{ customer: { name: 'Bad Mail', email: 'not-an-email' } }, 'customer.email', undefined],
    [{ customer: { email: 'a@b.example' } }, 'customer.name', 'is required'],
    [{ notes: 'x'.repeat(2001) }, 'notes', undefined],
    [{ journeyId: 'no' }, 'journeyId', undefined],
    [{ total: 1 }, 'total', 'not an allowed property'],
  ])('refuses %j', async (extra, field, issue) => {
    const business = await bookableBusiness();
    const response = await book(customer, business, '2026-11-30T09:00:00-06:00', extra);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_ERROR');
    expect(response.body.error.details.field).toBe(field);
    if (issue) expect(response.body.error.details.issue).toContain(issue);
  });

  it('gives the last place to exactly one of two parallel requests', async () => {
    const business = await bookableBusiness({ capacity: 1 });
    const [a, b] = await Promise.all([book(customer, business, '2026-11-30T09:00:00-06:00'), book(stranger, business, '2026-11-30T09:00:00-06:00')]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect([a, b].find((response) => response.status === 409)?.body.error.code).toBe('SLOT_UNAVAILABLE');
    const list = await request(app.callback).get(`/v1/business/profile/${business.businessId}/bookings`).set(owner.auth);
    expect(list.body.data.bookings).toHaveLength(1);
  });

  it('answers a retry with the same Idempotency-Key with the same booking, stored once', async () => {
    const business = await bookableBusiness();
    const first = await book(customer, business, '2026-11-30T09:00:00-06:00').set('Idempotency-Key', 'book-9am-once');
    const retry = await book(customer, business, '2026-11-30T09:00:00-06:00').set('Idempotency-Key', 'book-9am-once');
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body.data.id).toBe(first.body.data.id);
    const list = await request(app.callback).get(`/v1/business/profile/${business.businessId}/bookings`).set(owner.auth);
    expect(list.body.data.pagination.total).toBe(1);
  });

  it('needs write:bookings to book and read:bookings to read', async () => {
    const business = await bookableBusiness();
    const readOnly = await apiKey(app, signedIn(customer), 'live', ['read:bookings']);
    const refused = await book(readOnly, business, '2026-11-30T09:00:00-06:00');
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('FORBIDDEN');
    const noRead = await apiKey(app, signedIn(customer), 'live', ['write:bookings']);
    expect((await availability(business, '', noRead)).status).toBe(403);
  });

  it('keeps the sandbox apart: a sandbox key cannot book a live business', async () => {
    const business = await bookableBusiness();
    const sandbox = await apiKey(app, signedIn(customer), 'test', ['read:bookings', 'write:bookings']);
    const response = await book(sandbox, business, '2026-11-30T09:00:00-06:00');
    expect(response.status).toBe(404);
  });
});

describe('lifecycle', () => {
  const patch = (actor: Actor, id: string, body: Record<string, unknown>) => request(app.callback).patch(`/v1/bookings/${id}`).set(actor.auth).send(body);

  it('lets the owner confirm (recording a conversion for the journey) and complete after the start', async () => {
    const business = await bookableBusiness();
    const booking = (await book(customer, business, '2026-11-30T10:00:00-06:00').set('X-Session-ID', 'sess-journey-42')).body.data;
    expect(booking.journeyId).toBe('sess-journey-42');

    const byCustomer = await patch(customer, booking.id, { status: 'confirmed' });
    expect(byCustomer.status).toBe(403);
    const byStranger = await patch(stranger, booking.id, { status: 'cancelled' });
    expect(byStranger.status).toBe(404);

    const confirmed = await patch(owner, booking.id, { status: 'confirmed' });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.status).toBe('confirmed');
    const conversion = recorded.filter((event) => event.businessId === business.businessId);
    expect(conversion).toEqual([
      expect.objectContaining({ type: 'conversion', surface: 'booking', journeyId: 'sess-journey-42', value: 40, currency: 'USD', environment: 'live', timestamp: '2026-11-30T12:00:00.000Z', localDate: '2026-11-30' }),
    ]);
    // The customer's contact never reaches analytics.
    expect(JSON.stringify(conversion)).not.toMatch(/sam@example\.com|5550199|Sam Rivera/);

    const again = await patch(owner, booking.id, { status: 'confirmed' });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'INVALID_BOOKING_TRANSITION', details: { currentStatus: 'confirmed' } });
    const early = await patch(owner, booking.id, { status: 'completed' });
    expect(early.status).toBe(409);
    expect(early.body.error.message).toContain('has not started yet');

    now = new Date('2026-11-30T16:05:00Z'); // 10:05 in Austin, after the start
    try {
      const completed = await patch(owner, booking.id, { status: 'completed' });
      expect(completed.status).toBe(200);
      expect(completed.body.data.history.map((entry: { status: string; by: string }) => [entry.status, entry.by])).toEqual([
        ['pending', 'customer'],
        ['confirmed', 'business'],
        ['completed', 'business'],
      ]);
      const cancelDone = await patch(customer, booking.id, { status: 'cancelled' });
      expect(cancelDone.status).toBe(409);
      expect(cancelDone.body.error.details.currentStatus).toBe('completed');
    } finally {
      now = new Date('2026-11-30T12:00:00Z');
    }
  });

  it('lets the customer cancel before the start, freeing the place, and the owner decline', async () => {
    const business = await bookableBusiness({ capacity: 1 });
    const booking = (await book(customer, business, '2026-11-30T11:00:00-06:00')).body.data;
    const cancelled = await patch(customer, booking.id, { status: 'cancelled', reason: 'Plans changed' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.history[1]).toMatchObject({ status: 'cancelled', by: 'customer', reason: 'Plans changed' });
    expect((await patch(owner, booking.id, { status: 'confirmed' })).body.error.details.currentStatus).toBe('cancelled');
    // The place is free again.
    const rebooked = (await book(stranger, business, '2026-11-30T11:00:00-06:00')).body.data;
    expect(rebooked.status).toBe('pending');
    const declined = await patch(owner, rebooked.id, { status: 'declined', reason: 'Stylist ill' });
    expect(declined.body.data.status).toBe('declined');
    expect(recorded.filter((event) => event.businessId === business.businessId)).toEqual([]);
    const invalid = await patch(owner, rebooked.id, { status: 'pending' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.details.field).toBe('status');
  });

  it('refuses no_show before the start and cancelling after it', async () => {
    const business = await bookableBusiness();
    const booking = (await book(customer, business, '2026-11-30T09:00:00-06:00')).body.data;
    await patch(owner, booking.id, { status: 'confirmed' });
    expect((await patch(owner, booking.id, { status: 'no_show' })).status).toBe(409);
    now = new Date('2026-11-30T15:30:00Z');
    try {
      const late = await patch(customer, booking.id, { status: 'cancelled' });
      expect(late.status).toBe(409);
      expect(late.body.error.message).toContain('already started');
      expect((await patch(owner, booking.id, { status: 'no_show' })).body.data.status).toBe('no_show');
    } finally {
      now = new Date('2026-11-30T12:00:00Z');
    }
  });
});

describe('lists', () => {
  it('pages the owner\'s bookings by start, filtered by status and date; others are refused', async () => {
    const business = await bookableBusiness();
    const starts = ['2026-12-02T11:00:00-06:00', '2026-11-30T09:00:00-06:00', '2026-12-02T09:00:00-06:00', '2026-11-30T10:00:00-06:00'];
    const ids: string[] = [];
    for (const start of starts) ids.push((await book(customer, business, start)).body.data.id);
    await request(app.callback).patch(`/v1/bookings/${ids[0]}`).set(owner.auth).send({ status: 'confirmed' });
    const path = `/v1/business/profile/${business.businessId}/bookings`;

    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 4; page++) {
      const response = await request(app.callback).get(`${path}?limit=3${cursor ? `&cursor=${cursor}` : ''}`).set(owner.auth);
      expect(response.body.data.pagination.total).toBe(4);
      seen.push(...response.body.data.bookings.map((booking: { start: string }) => booking.start));
      cursor = response.body.data.pagination.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toEqual(['2026-11-30T09:00:00-06:00', '2026-11-30T10:00:00-06:00', '2026-12-02T09:00:00-06:00', '2026-12-02T11:00:00-06:00']);

    const confirmed = await request(app.callback).get(`${path}?status=confirmed`).set(owner.auth);
    expect(confirmed.body.data.bookings.map((booking: { id: string }) => booking.id)).toEqual([ids[0]]);
    const tuesday = await request(app.callback).get(`${path}?from=2026-12-02&to=2026-12-02`).set(owner.auth);
    expect(tuesday.body.data.bookings.map((booking: { start: string }) => booking.start)).toEqual(['2026-12-02T09:00:00-06:00', '2026-12-02T11:00:00-06:00']);

    const byCustomer = await request(app.callback).get(path).set(customer.auth);
    expect(byCustomer.status).toBe(403);
    const bad = await request(app.callback).get(`${path}?status=lost`).set(owner.auth);
    expect(bad.status).toBe(400);
    const forged = await request(app.callback).get(`${path}?cursor=abc`).set(owner.auth);
    expect(forged.body.error.details.field).toBe('cursor');
  });

  it('lists the bookings an account made', async () => {
    const business = await bookableBusiness();
    const me = await keyed(await signUp(app, 'booker'));
    await book(me, business, '2026-11-30T09:00:00-06:00');
    const mine = await request(app.callback).get('/v1/bookings').set(me.auth);
    expect(mine.status).toBe(200);
    expect(mine.body.data.bookings.map((booking: { businessId: string }) => booking.businessId)).toEqual([business.businessId]);
    expect((await request(app.callback).get('/v1/bookings').set(stranger.auth)).body.data.bookings.every((booking: { businessId: string }) => booking.businessId !== business.businessId)).toBe(true);
  });
});

describe('privacy', () => {
  it('never writes the customer\'s name, email or phone to the log, on success or refusal', async () => {
    const business = await bookableBusiness({ capacity: 1 });
    const contact = { name: 'Quinn Privatus', email: 'quinn.privatus@example.com', phone: '+15125550777' };
    const booked = await book(customer, business, '2026-11-30T09:00:00-06:00', { customer: contact });
    expect(booked.status).toBe(201);
    expect((await book(stranger, business, '2026-11-30T09:00:00-06:00', { customer: contact })).status).toBe(409);
    expect((await book(customer, business, '2026-11-30T09:30:00-06:00', { customer: contact })).status).toBe(400);
    await request(app.callback).patch(`/v1/bookings/${booked.body.data.id}`).set(owner.auth).send({ status: 'confirmed' });
    expect(logged).toContain('"path":"/v1/bookings"');
    expect(logged).not.toMatch(/Quinn|Privatus|quinn\.privatus|5550777/);
  });
});
