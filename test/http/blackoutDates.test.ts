// Blackout dates stay bounded: past dates are dropped whenever the list is written, dates more
// than BLACKOUT_HORIZON_DAYS ahead are refused. The app's clock is moved by the test.
import request from 'supertest';
import { BLACKOUT_HORIZON_DAYS } from '../../src/domain/blackoutDates';
import { apiKey, completeProfileBody, signUp } from './actors';
import { buildTestApp, type TestApp } from './testApp';

// Noon UTC is 06:00 in Austin (the test profile's coordinates): the same calendar date.
let now = new Date('2026-06-01T12:00:00Z');
let app: TestApp;
let auth: { Authorization: string };
let id: string;

beforeAll(async () => {
  app = await buildTestApp({ clock: () => now });
  // An API key, not a JWT: the test moves the clock past a token's lifetime.
  auth = (await apiKey(app, await signUp(app, 'blackout'), 'live')).auth;
  id = (await request(app.callback).post('/v1/business/profile').set(auth).send(completeProfileBody())).body.data.id;
});
afterAll(() => app.close());

const add = (dates: string[]) => request(app.callback).post(`/v1/business/profile/${id}/blackout-dates`).set(auth).send({ dates });

it('drops dates before the business\'s today, in the request and in the stored list', async () => {
  const added = await add(['2026-06-03', '2026-05-31', '2001-01-01', '2026-06-01']);
  expect(added.status).toBe(200);
  expect(added.body.data.blackoutDates).toEqual(['2026-06-01', '2026-06-03']);

  now = new Date('2026-06-02T12:00:00Z');
  const later = await add(['2026-06-10']);
  expect(later.body.data.blackoutDates).toEqual(['2026-06-03', '2026-06-10']);

  now = new Date('2026-06-05T12:00:00Z');
  const removed = await request(app.callback).delete(`/v1/business/profile/${id}/blackout-dates?dates=2026-06-20`).set(auth);
  expect(removed.status).toBe(200);
  expect(removed.body.data.blackoutDates).toEqual(['2026-06-10']);
});

it(`refuses a date more than ${BLACKOUT_HORIZON_DAYS} days ahead, naming it, and stores nothing from that request`, async () => {
  now = new Date('2026-06-01T12:00:00Z');
  const last = '2028-05-31'; // 2026-06-01 + 730 days
  expect((await add([last])).status).toBe(200);
  const tooFar = await add(['2026-07-01', '2028-06-01']);
  expect(tooFar.status).toBe(400);
  expect(tooFar.body.error.code).toBe('VALIDATION_ERROR');
  expect(tooFar.body.error.details).toEqual({ field: 'dates.1', issue: expect.stringContaining(`no later than ${last}`) });
  const listed = await request(app.callback).get(`/v1/business/profile/${id}/blackout-dates`).set(auth);
  expect(listed.body.data.blackoutDates).not.toContain('2026-07-01');
  expect((await add(['9999-12-31'])).status).toBe(400);
});

it('keeps at most a horizon of dates however many requests add them', async () => {
  now = new Date('2026-06-01T12:00:00Z');
  const day = (offset: number) => new Date(Date.UTC(2026, 5, 1 + offset)).toISOString().slice(0, 10);
  let stored: string[] = [];
  for (let start = 0; start <= BLACKOUT_HORIZON_DAYS; start += 366) {
    const dates = Array.from({ length: 366 }, (_, i) => day(start + i)).filter((date) => date <= day(BLACKOUT_HORIZON_DAYS));
    const response = await add(dates);
    expect(response.status).toBe(200);
    stored = response.body.data.blackoutDates;
  }
  expect(stored).toHaveLength(BLACKOUT_HORIZON_DAYS + 1);
  expect((await add([day(BLACKOUT_HORIZON_DAYS + 1)])).status).toBe(400);
});

it('stores a date listed twice in one request once', async () => {
  now = new Date('2026-06-01T12:00:00Z');
  const added = await add(['2026-09-09', '2026-09-09', '2026-09-10']);
  expect(added.status).toBe(200);
  expect(added.body.data.blackoutDates.filter((date: string) => date === '2026-09-09')).toEqual(['2026-09-09']);
  const removed = await request(app.callback).delete(`/v1/business/profile/${id}/blackout-dates?dates=2026-09-09,2026-09-09`).set(auth);
  expect(removed.status).toBe(200);
  expect(removed.body.data.blackoutDates).not.toContain('2026-09-09');
  expect(removed.body.data.blackoutDates).toContain('2026-09-10');
});
