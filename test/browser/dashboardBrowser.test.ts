// The business dashboard end to end (issue 19), in Debian's Chromium driven by playwright-core:
// a server on 127.0.0.1 with a signed-up owner, one dental business in Austin with a hand-written
// March 2026 story, and five dental peers. The test signs in through the form, picks the period,
// and checks that the page shows the API's numbers for the same period, and the hand-counted ones.
//
// The story (business local days, America/Chicago; each line one journey):
//   j1 chatgpt:    03-10 impression (position 1), citation, website visit, conversion at +20 min
//   j2 claude:     03-10 impression (position 2), citation
//   j3 chatgpt:    03-17 impression (position 1)
//   j4 perplexity: 03-17 impression (position 3), website visit at +10 min
// => impressions 4 (03-10: 2, 03-17: 2), citations 2 (03-10: 2); journeys 4, one per stage;
//    conversion rate 0.25; touchpoints (4+2+1+2)/4 = 2.25; durations (1200+0+0+600)/4 = 450 s.
//    Attribution of j1's conversion over impression, citation, website visit (all chatgpt):
//    multiTouch 0.4 / 0.2 / 0.4, firstTouch impression 1, lastTouch website visit 1.
//    Peers' impressions 1, 2, 3, 4, 5: p25 2, p50 3, p75 4; ours (4) is above 3 and ties 1:
//    (3 + 0.5) / 5 = 70th percentile.
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import request from 'supertest';
import { anEvent } from '../fixtures/analyticsEvents';
import { apiKey, completeProfileBody, signUp, type Actor } from '../http/actors';
import { buildTestApp, type TestApp } from '../http/testApp';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const PASSWORD = 'correct horse battery staple';
const SCREENSHOTS = path.join(__dirname, '../../test-output/screenshots');
const WAIT = { timeout: 30_000 };
// <option>s are never "visible" to playwright: wait for them to be in the page.
const ATTACHED = { ...WAIT, state: 'attached' as const };
const MARCH = { startDate: '2026-03-01', endDate: '2026-03-31' };

let app: TestApp;
let server: Server;
let base: string;
let browser: Browser;
let page: Page;
let owner: Actor;
let businessId: string;
let sandboxBusinessName: string;
let sandboxAuth: { Authorization: string };
const pageProblems: string[] = [];

async function createBusiness(actor: Actor, overrides: Record<string, unknown>, publish: boolean, auth = actor.auth): Promise<string> {
  const created = await request(app.callback).post('/v1/business/profile').set(auth).send(completeProfileBody(overrides));
  if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
  const id = created.body.data.id as string;
  if (publish) expect((await request(app.callback).patch(`/v1/business/profile/${id}`).set(auth).send({ status: 'published' })).status).toBe(200);
  return id;
}

function story(id: string) {
  const on = (day: string, time: string) => ({ timestamp: `2026-03-${day}T${time}.000Z`, localDate: `2026-03-${day}` });
  const query = 'dentist austin';
  return [
    anEvent({ businessId: id, journeyId: 'j1', platform: 'chatgpt', query, type: 'impression', position: 1, ...on('10', '15:00:00') }),
    anEvent({ businessId: id, journeyId: 'j1', platform: 'chatgpt', query, type: 'citation', ...on('10', '15:00:30') }),
    anEvent({ businessId: id, journeyId: 'j1', platform: 'chatgpt', type: 'website_visit', surface: 'redirect', ...on('10', '15:05:00') }),
    anEvent({ businessId: id, journeyId: 'j1', platform: 'chatgpt', type: 'conversion', surface: 'ingested', ...on('10', '15:20:00') }),
    anEvent({ businessId: id, journeyId: 'j2', platform: 'claude', query, type: 'impression', position: 2, ...on('10', '16:00:00') }),
    anEvent({ businessId: id, journeyId: 'j2', platform: 'claude', query, type: 'citation', ...on('10', '16:00:00') }),
    anEvent({ businessId: id, journeyId: 'j3', platform: 'chatgpt', query: 'emergency dentist', type: 'impression', position: 1, ...on('17', '15:00:00') }),
    anEvent({ businessId: id, journeyId: 'j4', platform: 'perplexity', query, type: 'impression', position: 3, ...on('17', '15:00:00') }),
    anEvent({ businessId: id, journeyId: 'j4', platform: 'perplexity', type: 'website_visit', surface: 'redirect', ...on('17', '15:10:00') }),
  ];
}

/** The API's own answer for the same question, with the owner's token. */
async function api(pathAndQuery: string) {
  const response = await request(app.callback).get(`/v1${pathAndQuery}`).set(owner.auth);
  expect(response.status).toBe(200);
  return response.body;
}
const period = `businessId=__ID__&startDate=${MARCH.startDate}&endDate=${MARCH.endDate}`;
const q = () => period.replace('__ID__', businessId);

/** data-value of the cell in `column` (0 = the row header) of the row whose header's data-value is `row`. */
function cell(tableId: string, row: string, column: number): Promise<string | null> {
  return page.evaluate(
    ([id, key, index]) => {
      const rows = [...document.querySelectorAll(`#${id} tbody tr`)];
      const found = rows.find((tr) => (tr.querySelector('th') as HTMLElement).dataset.value === key || tr.querySelector('th')?.textContent === key);
      return found ? ((found.children[index as number] as HTMLElement).dataset.value ?? null) : null;
    },
    [tableId, row, column] as const,
  );
}
const figure = (listId: string, key: string) => page.getAttribute(`#${listId} dd[data-key="${key}"]`, 'data-value');
const ready = (panel: string) => page.waitForSelector(`#${panel}[data-state="ready"]`, WAIT);

beforeAll(async () => {
  app = await buildTestApp();
  server = createServer(app.callback);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  owner = await signUp(app, 'dashboard-owner');
  businessId = await createBusiness(owner, { category: 'dental', name: 'Bright Smile Dental' }, false);
  await app.analytics.append(story(businessId));
  const peerOwner = await signUp(app, 'dashboard-peers');
  for (const impressions of [1, 2, 3, 4, 5]) {
    const peer = await createBusiness(peerOwner, { category: 'dental' }, true);
    await app.analytics.append(
      Array.from({ length: impressions }, (_, i) =>
        anEvent({ businessId: peer, journeyId: `${peer}-j${i}`, type: 'impression', position: 1, timestamp: '2026-03-12T15:00:00.000Z', localDate: '2026-03-12' }),
      ),
    );
  }
  // A sandbox business of the same owner: only a sandbox key lists it.
  const sandbox = await apiKey(app, owner, 'test');
  sandboxAuth = sandbox.auth;
  sandboxBusinessName = 'Sandbox Only Dental';
  await createBusiness(owner, { category: 'dental', name: sandboxBusinessName }, false, sandbox.auth);

  mkdirSync(SCREENSHOTS, { recursive: true });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('pageerror', (error) => pageProblems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    // A 401 answer is logged by Chromium as a failed resource; that one is expected (wrong password).
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) pageProblems.push(message.text());
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
  await app?.close();
});

it('shows the API\'s message in the form for a wrong password, and stays signed out', async () => {
  await page.goto(`${base}/dashboard`);
  await page.fill('#email', owner.email);
  await page.fill('#password', 'not the password');
  await page.click('#sign-in-submit');
  await page.waitForSelector('#sign-in-error:not([hidden])', WAIT);
  const wrong = await request(app.callback).post('/v1/auth/login').send({ email: owner.email, password: 'not the password' });
  expect(wrong.body.error.message).toBe('Invalid email or password');
  expect(await page.textContent('#sign-in-error')).toBe('Invalid email or password');
  expect(await page.isHidden('#dashboard')).toBe(true);
}, 60_000);

it('signs in through the form, keeps nothing in browser storage, and shows the business with the API\'s numbers for the period', async () => {
  await page.fill('#password', PASSWORD);
  await page.click('#sign-in-submit');
  await page.waitForSelector('#dashboard:not([hidden])', WAIT);
  await page.waitForSelector(`#business option[value="${businessId}"]`, ATTACHED);
  expect(await page.inputValue('#business')).toBe(businessId);
  // The live list does not offer the sandbox business.
  expect(await page.textContent('#business')).not.toContain(sandboxBusinessName);
  expect(await page.evaluate(() => [localStorage.length, sessionStorage.length, document.cookie])).toEqual([0, 0, '']);

  await page.selectOption('#period', 'custom');
  await page.fill('#from', MARCH.startDate);
  await page.fill('#to', MARCH.endDate);
  await page.click('#apply-range');
  for (const panel of ['visibility', 'platforms', 'funnel', 'attribution', 'benchmarks', 'profile-health']) await ready(panel);

  // Totals and a day bucket: the API's answer, and the hand count.
  const upstream = await api(`/analytics/upstream-metrics?${q()}&granularity=day`);
  expect(Number(await figure('visibility-totals', 'impressions'))).toBe(upstream.metrics.impressions);
  expect(Number(await figure('visibility-totals', 'citations'))).toBe(upstream.metrics.citations);
  expect(upstream.metrics.impressions).toBe(4);
  expect(await page.textContent('#visibility-totals dd[data-key="impressions"]')).toBe('4');
  const tenth = upstream.timeSeries.find((bucket: { date: string }) => bucket.date === '2026-03-10');
  expect(Number(await cell('visibility-table', '2026-03-10', 1))).toBe(tenth.impressions);
  expect(Number(await cell('visibility-table', '2026-03-10', 2))).toBe(tenth.citations);
  expect([tenth.impressions, tenth.citations]).toEqual([2, 2]);
  expect(await page.locator('#visibility-table tbody tr').count()).toBe(31);
  // Platform share: chatgpt has 2 of the 4 impressions.
  const chatgpt = upstream.platforms.find((p: { name: string }) => p.name === 'chatgpt');
  expect(Number(await cell('platforms-table', 'chatgpt', 3))).toBe(chatgpt.share);
  expect(chatgpt.share).toBe(0.5);

  // Funnel: a stage and the summary figures.
  const journeys = await api(`/analytics/intent-journeys?${q()}`);
  expect(Number(await cell('funnel-table', 'conversion', 2))).toBe(journeys.journeys.byStage.conversion);
  expect(Number(await cell('funnel-table', 'awareness', 1))).toBe(journeys.journeys.total);
  expect(Number(await figure('funnel-figures', 'conversionRate'))).toBe(journeys.journeys.conversionRate);
  expect(Number(await figure('funnel-figures', 'avgTouchpoints'))).toBe(2.25);
  expect(Number(await figure('funnel-figures', 'avgDuration'))).toBe(journeys.journeys.avgDuration);
  expect(journeys.journeys.avgDuration).toBe(450);
  expect(await page.textContent('#funnel-figures dd[data-key="conversionRate"]')).toBe('25.0 %');
  expect(await page.textContent('#top-queries tbody tr:first-child th')).toBe(journeys.topQueries[0].query);

  // Attribution, default model multiTouch: the impression gets 0.4 of j1's conversion.
  const attribution = await api(`/analytics/attribution?${q()}&model=multiTouch`);
  const impression = attribution.touchpoints.find((t: { type: string }) => t.type === 'impression');
  expect(Number(await cell('attribution-table', 'impression', 2))).toBe(impression.credit);
  expect(impression.credit).toBe(0.4);

  // Benchmarks: the percentile and the peers' median.
  const benchmarks = await api(`/analytics/benchmarks?${q()}`);
  expect(Number(await cell('benchmarks-table', 'impressions', 5))).toBe(benchmarks.benchmarks.percentiles.impressions.yourPercentile);
  expect(Number(await cell('benchmarks-table', 'impressions', 3))).toBe(benchmarks.benchmarks.percentiles.impressions.p50);
  expect(benchmarks.benchmarks.percentiles.impressions).toEqual({ p25: 2, p50: 3, p75: 4, yourPercentile: 70 });

  // Profile health: completion and status from /business/profile/status.
  const status = (await api(`/business/profile/status?businessId=${businessId}`)).data;
  expect(Number(await figure('profile-figures', 'completionPercentage'))).toBe(status.completionPercentage);
  expect(await figure('profile-figures', 'status')).toBe('draft');
  expect(await figure('profile-figures', 'verificationLevel')).toBe('none');
  // Publishable (nothing required missing), with the API's recommended fields listed in its order.
  expect(status.missingFields).toEqual([]);
  expect(status.recommendedFields.length).toBeGreaterThan(0);
  expect(await page.locator('#recommended-fields li code').allTextContents()).toEqual(status.recommendedFields);

  await page.screenshot({ path: path.join(SCREENSHOTS, 'dashboard-desktop.png'), fullPage: true });
}, 120_000);

it('regroups the series by week and recomputes attribution under another model', async () => {
  const weeks = (await api(`/analytics/upstream-metrics?${q()}&granularity=week`)).timeSeries;
  await page.selectOption('#granularity', 'week');
  await page.waitForFunction(() => document.querySelectorAll('#visibility-table tbody tr').length === 6, undefined, WAIT);
  await ready('visibility');
  expect(weeks).toHaveLength(6);
  // 2026-03-09 is the Monday of the week holding 03-10.
  expect(Number(await cell('visibility-table', '2026-03-09', 1))).toBe(weeks.find((w: { date: string }) => w.date === '2026-03-09').impressions);
  expect(Number(await cell('visibility-table', '2026-03-16', 1))).toBe(2);
  // The chart was redrawn with the weekly buckets.
  expect(await page.evaluate(() => (window as unknown as { Chart: { getChart(c: Element): { data: { labels: string[] } } } }).Chart.getChart(document.querySelector('#visibility-chart canvas') as Element).data.labels)).toEqual(
    weeks.map((w: { date: string }) => w.date),
  );

  // The table toggle shows a real table in place of the chart, keyboard first.
  await page.focus('#attribution-toggle');
  await page.keyboard.press('Enter');
  expect(await page.getAttribute('#attribution-toggle', 'aria-expanded')).toBe('true');
  expect(await page.isVisible('#attribution-table')).toBe(true);
  expect(await page.isHidden('#attribution-chart')).toBe(true);

  await page.selectOption('#attribution-model', 'firstTouch');
  await page.waitForFunction(() => document.querySelector('#attribution-table caption')?.textContent?.includes('firstTouch'), undefined, WAIT);
  const first = await api(`/analytics/attribution?${q()}&model=firstTouch`);
  expect(first.touchpoints).toEqual([{ type: 'impression', platform: 'chatgpt', credit: 1, conversions: 1 }]);
  expect(await page.locator('#attribution-table tbody tr').count()).toBe(1);
  expect(Number(await cell('attribution-table', 'impression', 2))).toBe(1);

  await page.selectOption('#attribution-model', 'lastTouch');
  await page.waitForFunction(() => document.querySelector('#attribution-table caption')?.textContent?.includes('lastTouch'), undefined, WAIT);
  expect(Number(await cell('attribution-table', 'website_visit', 2))).toBe(1);
}, 120_000);

it('narrows the series to one platform with the platform filter', async () => {
  await page.selectOption('#visibility-platform', 'perplexity');
  await page.waitForFunction(() => document.querySelector('#visibility-table caption')?.textContent?.includes('on perplexity'), undefined, WAIT);
  const perplexity = await api(`/analytics/upstream-metrics?${q()}&granularity=week&platform=perplexity`);
  expect(Number(await figure('visibility-totals', 'impressions'))).toBe(perplexity.metrics.impressions);
  expect(perplexity.metrics.impressions).toBe(1);
  expect(Number(await cell('visibility-table', '2026-03-16', 1))).toBe(1);
  expect(Number(await cell('visibility-table', '2026-03-09', 1))).toBe(0);
  await page.selectOption('#visibility-platform', '');
  await page.waitForFunction(() => !document.querySelector('#visibility-table caption')?.textContent?.includes('on perplexity'), undefined, WAIT);
}, 60_000);

it('refuses a custom period that ends before it starts, in the form, without calling the API', async () => {
  const calls: string[] = [];
  const count = (sent: { url(): string }) => {
    if (sent.url().includes('/v1/')) calls.push(sent.url());
  };
  page.on('request', count);
  await page.fill('#from', '2026-03-31');
  await page.fill('#to', '2026-03-01');
  await page.click('#apply-range');
  await page.waitForSelector('#range-error:not([hidden])', WAIT);
  expect(await page.textContent('#range-error')).toBe('The start day must not be after the end day.');
  page.off('request', count);
  expect(calls).toEqual([]);
  // The views still show March.
  expect(await page.locator('#visibility-table tbody tr').count()).toBe(6);
  await page.fill('#from', MARCH.startDate);
  await page.fill('#to', MARCH.endDate);
  await page.click('#apply-range');
  await page.waitForSelector('#range-error[hidden]', ATTACHED);
}, 60_000);

it('computes the preset periods as inclusive local days ending today', async () => {
  // A string, so the test's compiler leaves the browser's import() alone.
  const periods = await page.evaluate(
    "import('/dashboard/assets/period.js').then(({ lastDays }) => [lastDays(7, new Date(2026, 2, 10, 18)), lastDays(30, new Date(2026, 2, 1)), lastDays(90, new Date(2026, 0, 5))])",
  );
  expect(periods).toEqual([
    { startDate: '2026-03-04', endDate: '2026-03-10' },
    { startDate: '2026-01-31', endDate: '2026-03-01' },
    { startDate: '2025-10-08', endDate: '2026-01-05' },
  ]);
}, 60_000);

it('refreshes the access token when the API answers 401, and retries', async () => {
  let refused = false;
  const refreshes: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().endsWith('/v1/auth/refresh')) refreshes.push(sent.method());
  });
  // The next attribution call is answered 401 once, as for an expired token.
  await page.route('**/v1/analytics/attribution?*', async (route) => {
    if (refused) return route.continue();
    refused = true;
    await route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ success: false, error: { code: 'UNAUTHORIZED', message: 'Token expired' } }) });
  });
  await page.selectOption('#attribution-model', 'linear');
  await page.waitForFunction(() => document.querySelector('#attribution-table caption')?.textContent?.includes('linear'), undefined, WAIT);
  expect(refused).toBe(true);
  expect(refreshes).toEqual(['POST']);
  expect(Number(await cell('attribution-table', 'citation', 2))).toBe(0.3333);
  await page.unroute('**/v1/analytics/attribution?*');
}, 60_000);

it('refreshes the access token before it expires (one refresh for the calls of a reload)', async () => {
  // Its own tab with a controllable clock: an hour passes without waiting for one.
  const tab = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  try {
    await tab.clock.install();
    const sent: string[] = [];
    tab.on('request', (request) => {
      if (request.url().includes('/v1/')) sent.push(new URL(request.url()).pathname);
    });
    await tab.goto(`${base}/dashboard`);
    await tab.fill('#email', owner.email);
    await tab.fill('#password', PASSWORD);
    await tab.click('#sign-in-submit');
    await tab.waitForSelector('#funnel:is([data-state="ready"], [data-state="empty"])', WAIT);
    expect(sent.filter((path) => path === '/v1/auth/refresh')).toEqual([]);
    // Access tokens last an hour; 59 min 45 s later the page renews it first (30 s early).
    await tab.clock.fastForward('59:45');
    sent.length = 0;
    await tab.click('#reload');
    await tab.waitForSelector('#funnel:is([data-state="ready"], [data-state="empty"])', WAIT);
    await tab.waitForSelector('#profile-health[data-state="ready"]', WAIT);
    expect(sent.filter((path) => path === '/v1/auth/refresh')).toEqual(['/v1/auth/refresh']);
    expect(sent.indexOf('/v1/auth/refresh')).toBe(0);
  } finally {
    await tab.close();
  }
}, 60_000);

it('shows an error that says what to do when the API refuses, and recovers with Try again', async () => {
  await page.route('**/v1/analytics/benchmarks?*', (route) =>
    route.fulfill({
      status: 429,
      headers: { 'Retry-After': '30' },
      contentType: 'application/json',
      body: JSON.stringify({ success: false, error: { code: 'RATE_LIMITED', message: 'Analytics rate limit exceeded' } }),
    }),
  );
  await page.click('#reload');
  await page.waitForSelector('#benchmarks[data-state="error"]', WAIT);
  const shown = await page.textContent('#benchmarks [role="alert"]');
  expect(shown).toContain('Analytics rate limit exceeded');
  expect(shown).toContain('try again in 30 s');
  // The other views are not held back by one refusal.
  await ready('funnel');
  await page.unroute('**/v1/analytics/benchmarks?*');
  await page.click('#benchmarks button:has-text("Try again")');
  await ready('benchmarks');
  expect(Number(await cell('benchmarks-table', 'impressions', 5))).toBe(70);
}, 60_000);

it('reads the sandbox only with a sandbox key it creates for the session, and revokes that key on sign-out', async () => {
  await page.selectOption('#environment', 'sandbox');
  await page.waitForSelector('#sandbox-access:not([hidden])', WAIT);
  expect(await page.textContent('#sandbox-access')).toContain('Your sign-in reads live data only');
  await page.click('#create-sandbox-key');
  await page.waitForSelector(`#business option:has-text("${sandboxBusinessName}")`, ATTACHED);
  expect(await page.textContent('#business')).not.toContain('Bright Smile Dental');
  // No sandbox events: the views say so and what to do.
  await page.waitForSelector('#visibility[data-state="empty"]', WAIT);
  expect(await page.textContent('#visibility')).toContain('No events in this period yet.');
  expect(await page.textContent('#visibility')).toContain('npm run seed:demo');
  // No peers in the sandbox: the API's reason instead of percentiles.
  await page.waitForSelector('#benchmarks-withheld', WAIT);
  const sandboxId = await page.inputValue('#business');
  // The period chosen before (March) carries over to the sandbox.
  const withheld = await request(app.callback).get(`/v1/analytics/benchmarks?${period.replace('__ID__', sandboxId)}`).set(sandboxAuth);
  expect(withheld.body.benchmarks.percentilesWithheld).toEqual(expect.any(String));
  expect(await page.textContent('#benchmarks-withheld')).toContain(withheld.body.benchmarks.percentilesWithheld);

  await page.click('#sign-out');
  await page.waitForSelector('#sign-in:not([hidden])', WAIT);
  const keys = (await request(app.callback).get('/v1/auth/api-keys').set(owner.auth)).body.data.apiKeys as Array<{ name: string; revokedAt?: string | null }>;
  const created = keys.filter((key) => key.name.startsWith('Dashboard sandbox session'));
  expect(created).toHaveLength(1);
  expect(created[0].revokedAt).toEqual(expect.any(String));
}, 60_000);

it('is readable at 375 px wide: no horizontal scrolling, controls stacked', async () => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.fill('#email', owner.email);
  await page.fill('#password', PASSWORD);
  await page.click('#sign-in-submit');
  await page.waitForSelector(`#business option[value="${businessId}"]`, ATTACHED);
  await page.selectOption('#period', 'custom');
  await page.fill('#from', MARCH.startDate);
  await page.fill('#to', MARCH.endDate);
  await page.click('#apply-range');
  for (const panel of ['visibility', 'funnel', 'attribution', 'benchmarks']) await ready(panel);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'dashboard-375.png'), fullPage: true });
  expect(pageProblems).toEqual([]);
}, 120_000);

it('is usable from the keyboard: controls in reading order, each with a visible focus ring', async () => {
  await page.focus('#environment');
  const order = ['#environment'];
  // Chromium's date inputs take one Tab per part (month, day, year): count each control once.
  for (let i = 0; i < 16 && order.length < 7; i += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => `#${document.activeElement?.id}`);
    if (focused !== order.at(-1)) order.push(focused);
  }
  expect(order).toEqual(['#environment', '#business', '#period', '#from', '#to', '#apply-range', '#reload']);
  // The focused control (reached by keyboard) shows the focus outline.
  expect(await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle)).toBe('solid');
  // Every form control has a label a screen reader announces.
  const unlabelled = await page.evaluate(() =>
    [...document.querySelectorAll('#dashboard select, #dashboard input')].filter((el) => !(el as HTMLInputElement).labels?.length).map((el) => el.id),
  );
  expect(unlabelled).toEqual([]);
}, 60_000);

it('ends the session with a message when the API refuses the refresh', async () => {
  const unauthorised = (message: string) => ({ status: 401, contentType: 'application/json', body: JSON.stringify({ success: false, error: { code: 'UNAUTHORIZED', message } }) });
  await page.route('**/v1/analytics/attribution?*', (route) => route.fulfill(unauthorised('Token expired')));
  await page.route('**/v1/auth/refresh', (route) => route.fulfill(unauthorised('Invalid refresh token')));
  await page.selectOption('#attribution-model', 'lastTouch');
  await page.waitForSelector('#sign-in:not([hidden])', WAIT);
  expect(await page.textContent('#sign-in-error')).toBe('Your session ended (Invalid refresh token): sign in again.');
  expect(await page.isHidden('#dashboard')).toBe(true);
  await page.unroute('**/v1/analytics/attribution?*');
  await page.unroute('**/v1/auth/refresh');
}, 60_000);

it('links to /docs, where the rendered reference lists the consumer search operation', async () => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.click('nav a[href="/docs"]');
  await page.waitForURL(`${base}/docs`, WAIT);
  const operation = page.locator('.opblock-summary-path', { hasText: '/api/v1/consumer/search' });
  await operation.first().waitFor(WAIT);
  expect(await operation.count()).toBeGreaterThanOrEqual(1);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'docs.png') });
}, 60_000);
