// Takes docs/dashboard.png: Debian's Chromium (playwright-core, no browser download) signs in to a
// running server's dashboard as the seed:demo account, switches to the sandbox with a key made for
// the session, waits for every view, and captures the top of the page at desktop width. It signs
// out at the end, which revokes that key.
//
//   npm run seed:demo && npm start     # in another terminal
//   npx tsx scripts/demo/dashboardScreenshot.ts [--base http://localhost:8080] [--out docs/dashboard.png]
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const WAIT = { timeout: 60_000 };

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { base: { type: 'string', default: 'http://localhost:8080' }, out: { type: 'string', default: 'docs/dashboard.png' } } });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1500 } });
    await page.goto(`${values.base}/dashboard`);
    await page.fill('#email', 'demo@example.com');
    await page.fill('#password', 'demo-sandbox-password');
    await page.click('#sign-in-submit');
    await page.waitForSelector('#dashboard:not([hidden])', WAIT);
    await page.selectOption('#environment', 'sandbox');
    await page.click('#create-sandbox-key');
    await page.waitForSelector('#views:not([hidden])', WAIT);
    await page.selectOption('#period', '90');
    for (const panel of ['visibility', 'platforms', 'funnel', 'attribution', 'benchmarks', 'profile-health']) {
      await page.waitForSelector(`#${panel}:is([data-state="ready"], [data-state="empty"], [data-state="error"])`, WAIT);
    }
    // Weekly buckets read better than 90 daily points at a glance.
    await page.selectOption('#granularity', 'week');
    await page.waitForSelector('#visibility[data-state="ready"]', WAIT);
    await page.screenshot({ path: values.out, clip: { x: 0, y: 0, width: 1280, height: 1500 } });
    if (process.env.FULL_PAGE_TO) await page.screenshot({ path: process.env.FULL_PAGE_TO, fullPage: true });
    await page.click('#sign-out');
    await page.waitForSelector('#sign-in:not([hidden])', WAIT);
    console.log(`wrote ${values.out}`);
  } finally {
    await browser.close();
  }
}

main().catch((error) => {
  console.error(`dashboard screenshot failed: ${(error as Error).message}`);
  process.exitCode = 1;
});
