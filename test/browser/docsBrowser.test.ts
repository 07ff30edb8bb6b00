// The API reference page (/docs) in Chromium, as a reader meets it: no renderer
// warning box, the operations right under a short introduction with the conventions after them
// (reached by a link), and at 375 px nothing wider than the screen, with operations open too.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { keepScreenshot, launchChromium, overflowingElements, watchPageProblems } from '../harness/chromium';
import { buildTestApp, type TestApp } from '../http/testApp';

const WAIT = { timeout: 60_000 };
/** Operations a reader opens first, with the widest tables and samples of the document. */
const OPENED = ['/api/v1/consumer/search', '/business/profile', '/analytics/upstream-metrics', '/business/profile/{businessId}/services/{serviceId}/availability'];

// Stops what beforeAll started, last first, and only what did start (a failed start leaves the rest unset).
const teardown = new AsyncDisposableStack();
let app: TestApp;
let server: Server;
let base: string;
let browser: Browser;
/** One page for the whole file (rendering the document is the slow part): 1280 px, then 375 px. */
let page: Page;
const problems: string[] = [];

beforeAll(async () => {
  app = teardown.adopt(await buildTestApp(), (opened) => opened.close());
  server = createServer(app.callback);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  teardown.defer(() => new Promise<void>((resolve) => server.close(() => resolve())));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = teardown.adopt(await launchChromium(), (opened) => opened.close());
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  watchPageProblems(page, problems);
  await page.goto(`${base}/docs`);
  await page.locator('.opblock').first().waitFor(WAIT);
  await page.locator('#conventions table').first().waitFor(WAIT);
}, 120_000);

afterAll(() => teardown.disposeAsync());

it('shows no warning box, and the first operation on the first screen at 1280 px', async () => {
  expect(await page.locator('.errors-wrapper').count()).toBe(0);
  expect(await page.textContent('body')).not.toContain('jsonSchemaDialect');
  const firstOperation = await page.locator('.opblock').first().boundingBox();
  expect(firstOperation!.y).toBeLessThan(900);
  await keepScreenshot(page, 'docs-1280');
  expect(problems).toEqual([]);
}, 90_000);

it('puts the conventions after the operations, linked from the introduction, with the error-code table', async () => {
  const lastOperation = await page.locator('.opblock').last().boundingBox();
  const conventions = await page.locator('#conventions').boundingBox();
  expect(conventions!.y).toBeGreaterThan(lastOperation!.y);
  const conventionsText = await page.textContent('#conventions');
  expect(conventionsText).toContain('VALIDATION_ERROR');
  expect(conventionsText).toContain('RATE_LIMITED');
  expect(await page.textContent('.information-container')).not.toContain('VALIDATION_ERROR');

  await page.click('.information-container a[href="#conventions"]');
  await page.waitForFunction(() => {
    const top = document.getElementById('conventions')!.getBoundingClientRect().top;
    return top >= -1 && top < 100;
  }, undefined, WAIT);
  await keepScreenshot(page, 'docs-conventions-1280');
  expect(problems).toEqual([]);
}, 90_000);

it('fits a 375 px screen: no sideways scrolling, with the conventions\' tables and opened operations', async () => {
  await page.setViewportSize({ width: 375, height: 900 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await keepScreenshot(page, 'docs-375');
  expect(await overflowingElements(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);

  const opened = await page.evaluate((paths) => {
    let count = 0;
    for (const button of document.querySelectorAll('.opblock-summary-control[aria-expanded="false"]')) {
      if (paths.includes(button.querySelector('.opblock-summary-path')?.getAttribute('data-path') ?? '')) {
        (button as HTMLElement).click();
        count++;
      }
    }
    return count;
  }, OPENED);
  expect(opened).toBeGreaterThanOrEqual(OPENED.length);
  await page.locator('.opblock.is-open .responses-table').nth(OPENED.length - 1).waitFor(WAIT);
  expect(await overflowingElements(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
  await page.locator('.opblock.is-open').first().scrollIntoViewIfNeeded();
  await keepScreenshot(page, 'docs-375-operation-open');
  expect(problems).toEqual([]);
}, 120_000);
