// The business dashboard end to end, in Debian's Chromium driven by playwright-core,
// on the world of dashboardFixture.ts (a hand-written March 2026 story: its comment has the
// hand-counted numbers). The test signs in through the form, picks the period, and checks that the
// page shows the API's numbers for the same period, and the hand-counted ones; then the period and
// model controls, token refresh, errors, the sandbox, 375 px and the keyboard. What issue 34 asks
// of the page for an owner (axes, percentages, benchmarks, profile health, layout) is in
// dashboardForOwners.test.ts.
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import request from 'supertest';
import { launchChromium, SCREENSHOTS, watchPageProblems } from '../harness/chromium';
import { ATTACHED, cell, figure, MARCH, PANELS, PASSWORD, ready, signInForMarch, startDashboardWorld, WAIT, type DashboardWorld } from './dashboardFixture';

// Stops what beforeAll started, last first, and only what did start (a failed start leaves the rest unset).
const teardown = new AsyncDisposableStack();
let world: DashboardWorld;
let browser: Browser;
let page: Page;
const pageProblems: string[] = [];

beforeAll(async () => {
  world = teardown.adopt(await startDashboardWorld(), (opened) => opened.close());
  browser = teardown.adopt(await launchChromium(), (opened) => opened.close());
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  watchPageProblems(page, pageProblems);
}, 120_000);

afterAll(() => teardown.disposeAsync());

it('shows the API\'s message in the form for a wrong password, and stays signed out', async () => {
  await page.goto(`${world.base}/dashboard`);
  await page.fill('#email', world.owner.email);
  await page.fill('#password', 'not the password');
  await page.click('#sign-in-submit');
  await page.waitForSelector('#sign-in-error:not([hidden])', WAIT);
  const wrong = await request(world.app.callback).post('/v1/auth/login').send({ email: world.owner.email, password: 'not the password' });
  expect(wrong.body.error.message).toBe('Invalid email or password');
  expect(await page.textContent('#sign-in-error')).toBe('Invalid email or password');
  expect(await page.isHidden('#dashboard')).toBe(true);
}, 60_000);

it('signs in through the form, keeps nothing in browser storage, and shows the business with the API\'s numbers for the period', async () => {
  await page.fill('#password', PASSWORD);
  await page.click('#sign-in-submit');
  await page.waitForSelector('#dashboard:not([hidden])', WAIT);
  await page.waitForSelector(`#business option[value="${world.businessId}"]`, ATTACHED);
  expect(await page.inputValue('#business')).toBe(world.businessId);
  // The live list does not offer the sandbox business.
  expect(await page.textContent('#business')).not.toContain(world.sandboxBusinessName);
  expect(await page.evaluate(() => [localStorage.length, sessionStorage.length, document.cookie])).toEqual([0, 0, '']);

  await page.selectOption('#period', 'custom');
  await page.fill('#from', MARCH.startDate);
  await page.fill('#to', MARCH.endDate);
  await page.click('#apply-range');
  for (const panel of PANELS) await ready(page, panel);

  // Totals and a day bucket: the API's answer, and the hand count.
  const upstream = await world.api(`/analytics/upstream-metrics?${world.march()}&granularity=day`);
  expect(Number(await figure(page, 'visibility-totals', 'impressions'))).toBe(upstream.metrics.impressions);
  expect(Number(await figure(page, 'visibility-totals', 'citations'))).toBe(upstream.metrics.citations);
  expect(upstream.metrics.impressions).toBe(4);
  expect(await page.textContent('#visibility-totals dd[data-key="impressions"]')).toBe('4');
  const tenth = upstream.timeSeries.find((bucket: { date: string }) => bucket.date === '2026-03-10');
  expect(Number(await cell(page, 'visibility-table', '2026-03-10', 1))).toBe(tenth.impressions);
  expect(Number(await cell(page, 'visibility-table', '2026-03-10', 2))).toBe(tenth.citations);
  expect([tenth.impressions, tenth.citations]).toEqual([2, 2]);
  expect(await page.locator('#visibility-table tbody tr').count()).toBe(31);
  // Platform share: chatgpt has 2 of the 4 impressions.
  const chatgpt = upstream.platforms.find((p: { name: string }) => p.name === 'chatgpt');
  expect(Number(await cell(page, 'platforms-table', 'chatgpt', 3))).toBe(chatgpt.share);
  expect(chatgpt.share).toBe(0.5);

  // Funnel: a stage and the summary figures.
  const journeys = await world.api(`/analytics/intent-journeys?${world.march()}`);
  expect(Number(await cell(page, 'funnel-table', 'conversion', 2))).toBe(journeys.journeys.byStage.conversion);
  expect(Number(await cell(page, 'funnel-table', 'awareness', 1))).toBe(journeys.journeys.total);
  expect(Number(await figure(page, 'funnel-figures', 'conversionRate'))).toBe(journeys.journeys.conversionRate);
  expect(Number(await figure(page, 'funnel-figures', 'avgTouchpoints'))).toBe(2.25);
  expect(Number(await figure(page, 'funnel-figures', 'avgDuration'))).toBe(journeys.journeys.avgDuration);
  expect(journeys.journeys.avgDuration).toBe(450);
  expect(await page.textContent('#funnel-figures dd[data-key="conversionRate"]')).toBe('25.0 %');
  expect(await page.textContent('#top-queries tbody tr:first-child th')).toBe(journeys.topQueries[0].query);

  // Attribution, default model multiTouch: the impression gets 0.4 of j1's conversion.
  const attribution = await world.api(`/analytics/attribution?${world.march()}&model=multiTouch`);
  const impression = attribution.touchpoints.find((t: { type: string }) => t.type === 'impression');
  expect(Number(await cell(page, 'attribution-table', 'impression', 2))).toBe(impression.credit);
  expect(impression.credit).toBe(0.4);

  // Benchmarks: the percentile and the peers' median.
  const benchmarks = await world.api(`/analytics/benchmarks?${world.march()}`);
  expect(Number(await cell(page, 'benchmarks-table', 'impressions', 5))).toBe(benchmarks.benchmarks.percentiles.impressions.yourPercentile);
  expect(Number(await cell(page, 'benchmarks-table', 'impressions', 3))).toBe(benchmarks.benchmarks.percentiles.impressions.p50);
  expect(benchmarks.benchmarks.percentiles.impressions).toEqual({ p25: 2, p50: 3, p75: 4, yourPercentile: 70 });

  // Profile health: completion and status from /business/profile/status.
  const status = (await world.api(`/business/profile/status?businessId=${world.businessId}`)).data;
  expect(Number(await figure(page, 'profile-figures', 'completionPercentage'))).toBe(status.completionPercentage);
  expect(await figure(page, 'profile-figures', 'status')).toBe('draft');
  expect(await figure(page, 'profile-figures', 'verificationLevel')).toBe('none');
  // Publishable (nothing required missing), with the API's recommended fields listed in its order.
  expect(status.missingFields).toEqual([]);
  expect(status.recommendedFields.length).toBeGreaterThan(0);
  expect(await page.locator('#recommended-fields li').evaluateAll((items) => items.map((item) => item.getAttribute('data-field')))).toEqual(status.recommendedFields);

  await page.screenshot({ path: path.join(SCREENSHOTS, 'dashboard-desktop.png'), fullPage: true });
}, 120_000);

it('regroups the series by week and recomputes attribution under another model', async () => {
  const weeks = (await world.api(`/analytics/upstream-metrics?${world.march()}&granularity=week`)).timeSeries;
  await page.selectOption('#granularity', 'week');
  await page.waitForFunction(() => document.querySelectorAll('#visibility-table tbody tr').length === 6, undefined, WAIT);
  await ready(page, 'visibility');
  expect(weeks).toHaveLength(6);
  // 2026-03-09 is the Monday of the week holding 03-10.
  expect(Number(await cell(page, 'visibility-table', '2026-03-09', 1))).toBe(weeks.find((w: { date: string }) => w.date === '2026-03-09').impressions);
  expect(Number(await cell(page, 'visibility-table', '2026-03-16', 1))).toBe(2);
  // The chart was redrawn with the weekly buckets.
  expect(await page.evaluate(() => (Reflect.get(window, 'Chart') as { getChart(c: Element): { data: { labels: string[] } } }).getChart(document.querySelector('#visibility-chart canvas') as Element).data.labels)).toEqual(
    weeks.map((w: { date: string }) => w.date),
  );

  // The table toggle shows a real table in place of the chart, keyboard first.
  await page.focus('#attribution-toggle');
  await page.keyboard.press('Enter');
  expect(await page.getAttribute('#attribution-toggle', 'aria-expanded')).toBe('true');
  expect(await page.isVisible('#attribution-table')).toBe(true);
  expect(await page.isHidden('#attribution-chart')).toBe(true);

  await page.selectOption('#attribution-model', 'firstTouch');
  await page.waitForFunction(() => document.querySelector('#attribution-table caption')?.textContent.includes('firstTouch'), undefined, WAIT);
  const first = await world.api(`/analytics/attribution?${world.march()}&model=firstTouch`);
  expect(first.touchpoints).toEqual([{ type: 'impression', platform: 'chatgpt', credit: 1, conversions: 1, revenue: [] }]);
  expect(await page.locator('#attribution-table tbody tr').count()).toBe(1);
  expect(Number(await cell(page, 'attribution-table', 'impression', 2))).toBe(1);

  await page.selectOption('#attribution-model', 'lastTouch');
  await page.waitForFunction(() => document.querySelector('#attribution-table caption')?.textContent.includes('lastTouch'), undefined, WAIT);
  expect(Number(await cell(page, 'attribution-table', 'website_visit', 2))).toBe(1);
}, 120_000);

it('narrows the series to one platform with the platform filter', async () => {
  await page.selectOption('#visibility-platform', 'perplexity');
  await page.waitForFunction(() => document.querySelector('#visibility-table caption')?.textContent.includes('on Perplexity'), undefined, WAIT);
  const perplexity = await world.api(`/analytics/upstream-metrics?${world.march()}&granularity=week&platform=perplexity`);
  expect(Number(await figure(page, 'visibility-totals', 'impressions'))).toBe(perplexity.metrics.impressions);
  expect(perplexity.metrics.impressions).toBe(1);
  expect(Number(await cell(page, 'visibility-table', '2026-03-16', 1))).toBe(1);
  expect(Number(await cell(page, 'visibility-table', '2026-03-09', 1))).toBe(0);
  await page.selectOption('#visibility-platform', '');
  await page.waitForFunction(() => !document.querySelector('#visibility-table caption')?.textContent.includes('on Perplexity'), undefined, WAIT);
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
  await page.waitForFunction(() => document.querySelector('#attribution-table caption')?.textContent.includes('linear'), undefined, WAIT);
  expect(refused).toBe(true);
  expect(refreshes).toEqual(['POST']);
  expect(Number(await cell(page, 'attribution-table', 'citation', 2))).toBe(0.3333);
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
    await tab.goto(`${world.base}/dashboard`);
    await tab.fill('#email', world.owner.email);
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
  await ready(page, 'funnel');
  await page.unroute('**/v1/analytics/benchmarks?*');
  await page.click('#benchmarks button:has-text("Try again")');
  await ready(page, 'benchmarks');
  expect(Number(await cell(page, 'benchmarks-table', 'impressions', 5))).toBe(70);
}, 60_000);

it('reads the sandbox only with a sandbox key it creates for the session, and revokes that key on sign-out', async () => {
  await page.selectOption('#environment', 'sandbox');
  await page.waitForSelector('#sandbox-access:not([hidden])', WAIT);
  expect(await page.textContent('#sandbox-access')).toContain('Your sign-in reads live data only');
  await page.click('#create-sandbox-key');
  await page.waitForSelector(`#business option:has-text("${world.sandboxBusinessName}")`, ATTACHED);
  expect(await page.textContent('#business')).not.toContain('Bright Smile Dental');
  // No sandbox events: the views say so and what to do.
  await page.waitForSelector('#visibility[data-state="empty"]', WAIT);
  expect(await page.textContent('#visibility')).toContain('No events in this period yet.');
  expect(await page.textContent('#visibility')).toContain('npm run seed:demo');
  // No peers in the sandbox: the API's reason instead of percentiles.
  await page.waitForSelector('#benchmarks-withheld', WAIT);
  const sandboxId = await page.inputValue('#business');
  // The period chosen before (March) carries over to the sandbox.
  const withheld = await request(world.app.callback).get(`/v1/analytics/benchmarks?${world.march(sandboxId)}`).set(world.sandboxAuth);
  expect(withheld.body.benchmarks.percentilesWithheld).toEqual(expect.any(String));
  expect(await page.textContent('#benchmarks-withheld')).toContain(withheld.body.benchmarks.percentilesWithheld);

  await page.click('#sign-out');
  await page.waitForSelector('#sign-in:not([hidden])', WAIT);
  const keys = (await request(world.app.callback).get('/v1/auth/api-keys').set(world.owner.auth)).body.data.apiKeys as Array<{ name: string; revokedAt?: string | null }>;
  const created = keys.filter((key) => key.name.startsWith('Dashboard sandbox session'));
  expect(created).toHaveLength(1);
  expect(created[0].revokedAt).toEqual(expect.any(String));
}, 60_000);

it('is readable at 375 px wide: no horizontal scrolling, controls stacked', async () => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInForMarch(page, world);
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
  await page.waitForURL(`${world.base}/docs`, WAIT);
  const operation = page.locator('.opblock-summary-path', { hasText: '/api/v1/consumer/search' });
  await operation.first().waitFor(WAIT);
  expect(await operation.count()).toBeGreaterThanOrEqual(1);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'docs.png') });
}, 60_000);
