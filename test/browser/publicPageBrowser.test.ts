// A business's public page in Chromium at 1 280 and 375 px: it renders with no CSP refusal or
// script error (its only style is allowed by hash, no script runs), nothing is wider than a phone's
// screen, and the facts a visitor looks for are on it. Screenshots in test-output/screenshots/.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { keepScreenshot, launchChromium, overflowingElements, watchPageProblems } from '../harness/chromium';
import { signUp } from '../http/actors';
import { buildTestApp, type TestApp } from '../http/testApp';
import { populatedBusiness } from '../support/populatedBusiness';

// Stops what beforeAll started, last first, and only what did start (a failed start leaves the rest unset).
const teardown = new AsyncDisposableStack();
let app: TestApp;
let server: Server;
let base: string;
let browser: Browser;
const year = new Date().getUTCFullYear() + 1;

beforeAll(async () => {
  app = teardown.adopt(await buildTestApp(), (opened) => opened.close());
  server = createServer(app.callback);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  teardown.defer(() => new Promise<void>((resolve) => server.close(() => resolve())));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const owner = await signUp(app, 'owner', 'enterprise');
  const reviewers = [await signUp(app, 'ana'), await signUp(app, 'ben')];
  await populatedBusiness(`${base}/v1`, owner.token, reviewers.map((r) => r.token), [`${year}-01-01`]);
  browser = teardown.adopt(await launchChromium(), (opened) => opened.close());
}, 120_000);

afterAll(() => teardown.disposeAsync());

it.each([[1280, 900], [375, 740]])('reads well at %i px: styled, nothing wider than the screen, no refusal or error', async (width, height) => {
  const page = await browser.newPage({ viewport: { width, height } });
  const problems: string[] = [];
  watchPageProblems(page, problems);
  try {
    const response = await page.goto(`${base}/b/harbor-noodle-bar-austin`);
    expect(response?.status()).toBe(200);
    await page.locator('h1').waitFor();
    expect(await page.locator('h1').textContent()).toBe('Harbor Noodle Bar');
    // The inline style applied (allowed by its hash): the main column is centred and bounded.
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('main')!).maxWidth)).not.toBe('none');
    expect(await page.locator('section h2').allTextContents()).toEqual(['Contact', 'Opening hours', 'Services', 'Reviews', 'Photos']);
    expect(await overflowingElements(page)).toEqual([]);
    expect(problems).toEqual([]);
    await keepScreenshot(page, `public-page-${width}`, true);
  } finally {
    await page.close();
  }
}, 60_000);
