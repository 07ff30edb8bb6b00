// The dashboard of a business that takes payments, in Chromium, against stripe-mock: a customer
// found it through ChatGPT (an impression, a citation, a visit of one journey), booked a service
// with a 10 EUR deposit in that journey and paid it (Stripe's signed notice); another customer
// paid a deposit and cancelled before the cut-off (refunded in full). The owner sees the payment
// account ready, both payments with the refund, 10 EUR received net, and the revenue beside the
// counts: 10 EUR in the journey funnel, shared 4 / 2 / 4 EUR by the position-based attribution
// model and all of it to the visit under last touch. The page's figures are the API's own answers.
import type { Browser, Page } from 'playwright-core';
import request from 'supertest';
import { businessLocalDate } from '../../src/domain/analytics/businessDay';
import { anEvent } from '../fixtures/analyticsEvents';
import { keepScreenshot, launchChromium, watchPageProblems } from '../harness/chromium';
import { book, freeStart, openPaymentWorld, paidService, payCheckout, settle, type PaymentWorld } from '../http/payments/paymentWorld';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ATTACHED, cell, figure, PASSWORD, ready, WAIT } from './dashboardFixture';

const JOURNEY = 'chatgpt-journey-to-a-paid-booking';

// Stops what beforeAll started, last first, and only what did start (a failed start leaves the rest unset).
const teardown = new AsyncDisposableStack();
let world: PaymentWorld;
let server: Server;
let base: string;
let browser: Browser;
let page: Page;
const problems: string[] = [];
let paidPaymentId: string;
let refundedPaymentId: string;

beforeAll(async () => {
  world = teardown.adopt(await openPaymentWorld(), (opened) => opened.close());
  const deposit = await paidService(world, { required: 'deposit', depositAmount: 10, refundCutoffHours: 24 });
  const http = () => request(world.app.callback);

  // One journey: found and visited through ChatGPT an hour ago, then booked and paid.
  const paidStart = await freeStart(world, deposit, 3);
  const booked = (await book(world, deposit, paidStart, world.customer.auth, { 'X-Session-ID': JOURNEY }).expect(201)).body.data;
  const timeZone = (await world.app.store.bookings.get('live', booked.id))!.timeZone;
  const earlier = (minutes: number) => {
    const at = new Date(Date.now() - minutes * 60_000);
    return { timestamp: at.toISOString(), localDate: businessLocalDate(at, { timeZone }) };
  };
  await world.app.analytics.append([
    anEvent({ businessId: world.businessId, journeyId: JOURNEY, platform: 'chatgpt', type: 'impression', position: 1, query: 'haircut near me', ...earlier(60) }),
    anEvent({ businessId: world.businessId, journeyId: JOURNEY, platform: 'chatgpt', type: 'citation', query: 'haircut near me', ...earlier(59) }),
    anEvent({ businessId: world.businessId, journeyId: JOURNEY, platform: 'chatgpt', type: 'website_visit', surface: 'redirect', ...earlier(50) }),
  ]);
  await payCheckout(world, booked.id);
  await settle(world);
  paidPaymentId = booked.payment.paymentId;

  // Another customer paid and cancelled three days ahead: refunded in full.
  const refunded = (await book(world, deposit, await freeStart(world, deposit, 4)).expect(201)).body.data;
  await payCheckout(world, refunded.id);
  await settle(world);
  await http().patch(`/v1/bookings/${refunded.id}`).set(world.customer.auth).send({ status: 'cancelled' }).expect(200);
  await settle(world);
  refundedPaymentId = refunded.payment.paymentId;
  await world.app.eventRecorder.flush();

  server = createServer(world.app.callback);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  teardown.defer(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = teardown.adopt(await launchChromium(), (opened) => opened.close());
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  watchPageProblems(page, problems);
  await page.goto(`${base}/dashboard`);
  await page.fill('#email', world.owner.email);
  await page.fill('#password', PASSWORD);
  await page.click('#sign-in-submit');
  await page.waitForSelector(`#business option[value="${world.businessId}"]`, ATTACHED);
  await page.selectOption('#business', world.businessId);
  for (const panel of ['payments', 'funnel', 'attribution']) await ready(page, panel);
}, 180_000);

afterAll(() => teardown.disposeAsync());

it('lists the business\'s payments with the refund, the account ready and what was received net of refunds', async () => {
  expect(await figure(page, 'payments-figures', 'status')).toBe('ready');
  expect(await figure(page, 'payments-figures', 'total')).toBe('2');
  expect(JSON.parse((await figure(page, 'payments-figures', 'received'))!)).toEqual([{ currency: 'EUR', amount: 10 }]);
  expect(await page.textContent('#payments-figures dd[data-key="received"]')).toBe('€10.00');
  expect(await cell(page, 'payment-list', paidPaymentId, 3)).toBe('10');
  expect(await cell(page, 'payment-list', paidPaymentId, 4)).toBe('0');
  expect(await cell(page, 'payment-list', refundedPaymentId, 4)).toBe('10');
  const rows = await page.$$eval('#payment-list tbody tr', (trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent)));
  expect(rows.map((row) => row.slice(2))).toEqual([
    ['succeeded', '€10.00', '€10.00'],
    ['succeeded', '€10.00', '–'],
  ]);
  await keepScreenshot(page, 'dashboard-payments', true);
  expect(problems).toEqual([]);
});

it('shows the revenue beside the counts in the journey funnel and in attribution, as the API answers it', async () => {
  const revenue = [{ currency: 'EUR', amount: 10 }];
  expect(JSON.parse((await figure(page, 'funnel-figures', 'revenue'))!)).toEqual(revenue);
  expect(await page.textContent('#funnel-figures dd[data-key="revenue"]')).toBe('€10.00');
  expect(JSON.parse((await figure(page, 'attribution-figures', 'revenue'))!)).toEqual(revenue);
  // Position-based: 40 / 20 / 40 of 10 EUR over the impression, the citation and the visit.
  const rows = await page.$$eval('#attribution-table tbody tr', (trs) => trs.map((tr) => [tr.children[0].textContent, tr.children[4].textContent]));
  expect(Object.fromEntries(rows)).toEqual({ impression: '€4.00', 'website visit': '€4.00', citation: '€2.00' });

  // The API's own answers say the same (over the last week, which holds the whole story).
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const week = { businessId: world.businessId, startDate: day(7), endDate: day(0) };
  const attribution = await request(world.app.callback).get('/v1/analytics/attribution').query(week).set(world.owner.auth).expect(200);
  expect([attribution.body.revenue, attribution.body.touchpoints.map((t: { revenue: unknown }) => t.revenue)]).toEqual([revenue, [[{ currency: 'EUR', amount: 4 }], [{ currency: 'EUR', amount: 4 }], [{ currency: 'EUR', amount: 2 }]]]);
  const journeys = await request(world.app.callback).get('/v1/analytics/intent-journeys').query(week).set(world.owner.auth).expect(200);
  expect(journeys.body.journeys).toEqual(expect.objectContaining({ total: 1, revenue }));

  // Last touch: all of it to the visit.
  await page.selectOption('#attribution-model', 'lastTouch');
  await page.waitForFunction(() => document.querySelector('#attribution')?.getAttribute('data-state') === 'ready' && document.querySelectorAll('#attribution-table tbody tr').length === 1, undefined, WAIT);
  const last = await page.$$eval('#attribution-table tbody tr', (trs) => trs.map((tr) => [tr.children[0].textContent, tr.children[4].textContent]));
  expect(last).toEqual([['website visit', '€10.00']]);
  await keepScreenshot(page, 'dashboard-revenue', true);
  expect(problems).toEqual([]);
});
