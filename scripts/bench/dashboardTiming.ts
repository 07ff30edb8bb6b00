// `npm run bench:dashboard -- --data-dir DIR`: how long each view of /dashboard takes for a big
// account, in Chromium (Debian's, driven by playwright-core) against the real server on
// loopback, on the data `npm run bench:analytics -- --data-dir DIR` kept (10 000 businesses of one
// account, a year of events). Signs in as the bench account (its password is set here: the data
// directory is a benchmark's scratch copy), picks the business with the most events among those
// the page offers, and times each period from Apply until every panel is ready, per panel.
//   npm run bench:dashboard -- --data-dir DIR [--runs 3]
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import { hashPassword } from '../../src/domain/passwordHash';
import { launchChromium } from '../../test/harness/chromium';
import { BENCH_OWNER_ID } from './generateBusinesses';
import { startServer } from './serverProcess';

const { values } = parseArgs({ options: { 'data-dir': { type: 'string' }, runs: { type: 'string' } }, strict: true });
if (!values['data-dir']) throw new Error('--data-dir DIR (kept by npm run bench:analytics -- --data-dir DIR) is required');
const DATA_DIR = resolve(values['data-dir']);
const RUNS = Number(values.runs ?? 3);
const PANELS = ['visibility', 'platforms', 'funnel', 'attribution', 'benchmarks', 'profile-health'];
const PERIODS = [
  { name: '90 days', from: '2026-01-01', to: '2026-03-31' },
  { name: '366 days', from: '2025-03-31', to: '2026-03-31' },
];
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

async function main(): Promise<void> {
  const password = randomBytes(18).toString('base64url');
  const store = new Database(join(DATA_DIR, 'store.db'));
  const email = (store.prepare("SELECT json_extract(doc, '$.email') FROM accounts WHERE id = ?").pluck().get(BENCH_OWNER_ID) as string | undefined) ?? '';
  store.prepare("UPDATE accounts SET doc = json_set(doc, '$.passwordHash', ?) WHERE id = ?").run(await hashPassword(password), BENCH_OWNER_ID);
  store.close();
  if (!email) throw new Error(`${DATA_DIR} has no bench account`);

  const server = await startServer({ repoRoot: resolve(__dirname, '../..'), dataDir: DATA_DIR, env: { ...process.env, LOG_LEVEL: 'warn', IN_PROCESS_INDEXER: 'false', DEV_RATE_LIMIT_PLAN: 'enterprise', ANALYTICS_RAW_RETENTION_DAYS: '36500' } });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.baseUrl}/dashboard`);
    await page.fill('#email', email);
    await page.fill('#password', password);
    await page.click('#sign-in-submit');
    await page.waitForSelector('#dashboard:not([hidden])', { timeout: 60_000 });
    await page.waitForSelector('#business option[value^="biz_"]', { state: 'attached', timeout: 60_000 });
    const offered = await page.$$eval('#business option', (options) => options.map((o) => (o as HTMLOptionElement).value));
    const analytics = new Database(join(DATA_DIR, 'analytics.db'), { readonly: true });
    const [businessId, events] = analytics.prepare(`SELECT business_id, SUM(events) FROM analytics_daily WHERE environment = 'live'
      AND business_id IN (SELECT value FROM json_each(?)) GROUP BY business_id ORDER BY 2 DESC LIMIT 1`).raw().get(JSON.stringify(offered)) as [string, number];
    const total = analytics.prepare('SELECT COUNT(*) FROM analytics_events').pluck().get() as number;
    analytics.close();
    log(`${offered.length} businesses offered; timing ${businessId} (${events} events of ${total.toLocaleString('en-US')} in the store)`);
    await page.selectOption('#business', businessId);
    await page.selectOption('#period', 'custom');

    for (let run = 1; run <= RUNS; run += 1) {
      for (const period of PERIODS) {
        await page.fill('#from', period.from);
        await page.fill('#to', period.to);
        // The previous period's panels are ready too: mark them so only this period's answers count.
        await page.evaluate((ids) => ids.forEach((id) => document.getElementById(id)?.setAttribute('data-state', 'stale')), PANELS);
        const started = Date.now();
        await page.click('#apply-range');
        const times = await Promise.all(PANELS.map(async (panel) => {
          await page.waitForSelector(`#${panel}:is([data-state="ready"], [data-state="empty"], [data-state="error"])`, { timeout: 120_000 });
          const state = await page.getAttribute(`#${panel}`, 'data-state');
          return `${panel} ${Date.now() - started} ms${state === 'ready' ? '' : ` (${state})`}`;
        }));
        log(`run ${run}, ${period.name}: all views in ${Date.now() - started} ms | ${times.join(', ')}`);
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
