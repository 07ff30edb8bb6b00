// npm run seed:demo: a living sandbox on the embedded default, in one command. A demo account,
// 56 published sandbox businesses in four cities, and 90 days of AI-visibility events made
// through the real paths: searches through the API (session ids, declared platforms), clicks
// through /v1/r/ and conversions through POST /v1/analytics/events.
//
// Events older than today need timestamps in the past. The seed runs the real app in this process
// with an injected clock set to each simulated moment (the only change from the server: the
// clock, and no rate limits, which an operator's own tool would only trip over), so the service
// records and checks everything exactly as it does live, just "on" that day.
//
// Sandbox businesses have no public page, so one of them is also published live, with a live key:
// the business page, its JSON-LD, /llms.txt, the sitemap and crawler fetches of docs/visibility.md
// work on it as printed.
//
// Idempotent: DATA_DIR/demo-seed.json remembers the account, businesses and finished days; a
// second run reuses them, finishes what a crash left undone, and prints fresh keys.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createApp } from '../src/app';
import { nodeRequestListener } from '../src/http/nodeRequestListener';
import { loadConfig } from '../src/config';
import { createLogger } from '../src/logger';
import { openRuntime } from '../src/runtime/openRuntime';
import { createSeededRandom } from './bench/seededRandom';
import { countNothing } from '../src/core/rateLimitCheck';
import { DEMO_CATEGORIES, DEMO_CITIES, demoBusinesses } from './demo/demoBusinesses';

/** At most 90: ingestion takes events up to 90 days old. `--days N` makes a smaller sandbox (tests). */
const MAX_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;
const DEMO_EMAIL = 'demo@example.com';
const DEMO_PASSWORD = 'demo-sandbox-password';
const PLATFORMS: Array<readonly [string, number]> = [['chatgpt', 45], ['perplexity', 15], ['claude', 15], ['gemini', 12], ['copilot', 8], ['meta_ai', 5]];

interface SeedState {
  accountId: string;
  days: number;
  businessIds: string[];
  /** The live business with a public page (docs/visibility.md). */
  liveBusinessId?: string;
  daysDone: number;
  counts: { searches: number; clicks: number; conversions: number };
}


function progress(done: number, total: number, label: string): void {
  const width = 30;
  const filled = Math.round((done / total) * width);
  process.stderr.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${String(Math.round((done / total) * 100)).padStart(3)}% ${label}   `);
  if (done === total) process.stderr.write('\n');
}

function daysOption(): number {
  const { values } = parseArgs({ options: { days: { type: 'string' } } });
  const days = values.days === undefined ? MAX_DAYS : Number(values.days);
  if (!Number.isInteger(days) || days < 1 || days > MAX_DAYS) throw new Error(`--days must be a whole number from 1 to ${MAX_DAYS}`);
  return days;
}

async function main(): Promise<void> {
  const startedAt = Date.now();
  const asked = daysOption();
  const config = loadConfig();
  if (config.mongodbUri || config.elasticsearchUrl) throw new Error('seed:demo builds the embedded default: unset MONGODB_URI and ELASTICSEARCH_URL');
  const stateFile = join(config.dataDir, 'demo-seed.json');
  const logger = createLogger('warn');
  const runtime = await openRuntime(config, logger, { withIndexer: true });
  const realNow = new Date();
  let now = realNow;
  const app = createApp({ config, logger, ...runtime.appDeps, rateLimits: countNothing, clock: () => now });
  const server = createServer(nodeRequestListener(app));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function call(method: string, path: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) {
    const response = await fetch(`${origin}/v1${path}`, {
      method,
      redirect: 'manual',
      headers: {
        ...(options.token && { Authorization: `Bearer ${options.token}` }),
        ...(options.body !== undefined && { 'Content-Type': 'application/json' }),
        ...options.headers,
      },
      ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
    });
    const text = await response.text();
    const json = text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined;
    return { status: response.status, json, location: response.headers.get('location') };
  }
  const must = async (what: string, answer: Promise<{ status: number; json: any; location: string | null }>, expected: number) => {
    const done = await answer;
    if (done.status !== expected) throw new Error(`${what}: ${done.status} ${JSON.stringify(done.json?.error ?? done.json)}`);
    return done;
  };

  try {
    // A state file written before a sandbox kept its number of days has no `days`.
    const previous: (Omit<SeedState, 'days'> & { days?: number }) | undefined = existsSync(stateFile) ? JSON.parse(readFileSync(stateFile, 'utf8')) : undefined;
    const save = (state: SeedState) => writeFileSync(stateFile, JSON.stringify(state, null, 2));

    // The account: registered and signed in through the API; its key is a sandbox key.
    const existing = await runtime.appDeps.store.accounts.findByEmail(DEMO_EMAIL);
    if (!existing) await must('register', call('POST', '/auth/register', { body: { email: DEMO_EMAIL, password: DEMO_PASSWORD, name: 'Demo Sandbox' } }), 201);
    const login = await must('login (if demo@example.com exists with another password, remove it or DATA_DIR)', call('POST', '/auth/login', { body: { email: DEMO_EMAIL, password: DEMO_PASSWORD } }), 200);
    const jwt = login.json.data.accessToken as string;
    const account = await runtime.appDeps.store.accounts.findByEmail(DEMO_EMAIL);
    if (!account) throw new Error('the demo account was not created');
    // What an admin's POST /admin/partner-agreements would grant: partner search for the demo (once).
    const agreements = runtime.appDeps.store.partnerAgreements;
    if ((await agreements.listByAccount(account.id)).length === 0) {
      const at = realNow.toISOString();
      // In force from before the first simulated day: the searches run on the clock of their day.
      const startDate = new Date(realNow.getTime() - (MAX_DAYS + 1) * DAY_MS).toISOString().slice(0, 10);
      await agreements.create({ id: `pag_${account.id.slice(5)}`, accountId: account.id, partnerName: 'Demo Sandbox', platform: 'chatgpt', areas: ['partner_search', 'event_ingestion'], startDate, status: 'active', createdAt: at, updatedAt: at });
    }
    const created = await must('api key', call('POST', '/auth/api-keys', { token: jwt, body: { name: `demo sandbox ${realNow.toISOString()}`, environment: 'test', platform: 'chatgpt' } }), 201);
    const key = created.json.data.key as string;

    const kept = previous?.accountId === account.id ? previous : undefined;
    if (previous && !kept) console.error('demo-seed.json belongs to another account: starting over for this one');
    const state: SeedState = kept
      ? { ...kept, days: kept.days ?? MAX_DAYS }
      : { accountId: account.id, days: asked, businessIds: [], daysDone: 0, counts: { searches: 0, clicks: 0, conversions: 0 } };
    // The simulated days end today: a sandbox keeps the number of days it was started with.
    if (state.days !== asked) console.error(`The demo sandbox was started with ${state.days} days; keeping them.`);
    const DAYS = state.days;
    if (state.daysDone >= DAYS) console.error('The demo sandbox exists already: reusing it (a new key is below).');

    // Businesses: created and published through the API with the sandbox key.
    const bodies = demoBusinesses();
    if (state.businessIds.length < bodies.length) {
      const owned = await runtime.appDeps.store.profiles.listByOwner('test', account.id);
      const byName = new Map(owned.map((profile) => [profile.name, profile.id]));
      state.businessIds = [];
      for (const [i, body] of bodies.entries()) {
        let id = byName.get(body.name);
        if (!id) id = (await must(`create ${body.name}`, call('POST', '/business/profile', { token: key, body }), 201)).json.data.id as string;
        await must(`publish ${body.name}`, call('PATCH', `/business/profile/${id}`, { token: key, body: { status: 'published' } }), 200);
        state.businessIds.push(id);
        progress(i + 1, bodies.length, `businesses ${i + 1}/${bodies.length}`);
      }
      save(state);
    }
    // The one live business, for the open web: published with a live key, its information confirmed.
    const liveKey = (await must('live api key', call('POST', '/auth/api-keys', { token: jwt, body: { name: `demo live ${realNow.toISOString()}`, environment: 'live' } }), 201)).json.data.key as string;
    if (!state.liveBusinessId) {
      const showcase = bodies[0];
      const live = await runtime.appDeps.store.profiles.listByOwner('live', account.id);
      const id = live.find((profile) => profile.name === showcase.name)?.id ?? ((await must('create the live business', call('POST', '/business/profile', { token: liveKey, body: showcase }), 201)).json.data.id as string);
      await must('publish the live business', call('PATCH', `/business/profile/${id}`, { token: liveKey, body: { status: 'published' } }), 200);
      await must('confirm the live business', call('POST', `/business/profile/${id}/confirm`, { token: liveKey }), 200);
      state.liveBusinessId = id;
      save(state);
    }
    for (;;) {
      const status = await runtime.indexer?.status();
      if (!status || (status.pending === 0 && status.state === 'running')) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    // 90 days, oldest first; activity grows over the period so the charts have a trend.
    // A fixed seed: every sandbox tells the same story; a resumed run continues it from its day.
    const random = createSeededRandom(`demo-day-${state.daysDone}`);
    for (let day = state.daysDone; day < DAYS; day += 1) {
      const daysAgo = DAYS - 1 - day;
      const searches = 10 + Math.round((day / DAYS) * 12) + random.int(0, 4);
      // Moments of the day's searches, in order, all before the real now.
      const dayEnd = realNow.getTime() - daysAgo * DAY_MS - 5 * 60_000;
      const moments = Array.from({ length: searches }, () => dayEnd - random.between(0.5, 20) * 60 * 60_000).sort((a, b) => a - b);
      const conversions: unknown[] = [];
      for (const [i, moment] of moments.entries()) {
        now = new Date(moment);
        const place = random.pick(DEMO_CITIES);
        const category = random.pick(DEMO_CATEGORIES);
        const sessionId = `demo-${day}-${i}-${random.int(1000, 9999)}`;
        const platform = random.weighted(PLATFORMS);
        const headers = { 'X-Session-ID': sessionId, 'X-AI-Platform': platform };
        const partner = random.chance(0.15);
        const answer = partner
          ? await must('partner search', call('GET', `/api/v1/partners/search?q=${encodeURIComponent(random.pick(category.queries))}&location=${encodeURIComponent(`${place.city}, ${place.state}`)}&limit=5`, { token: key, headers }), 200)
          : await must('consumer search', call('POST', '/api/v1/consumer/search', { token: key, headers, body: { query: `${random.pick(category.queries)} in ${place.city}`, limit: 5 } }), 200);
        state.counts.searches += 1;
        const shown = (answer.json.data.businesses as Array<{ id: string; trackedUrl?: string }>).filter((b) => b.trackedUrl);
        if (shown.length === 0 || !random.chance(0.4)) continue;
        // Most clicks go to the first result, some further down.
        const clicked = shown[Math.min(shown.length - 1, random.weighted([[0, 6], [1, 3], [2, 1]] as const))];
        now = new Date(moment + random.between(0.2, 4) * 60_000);
        const click = await must('click', call('GET', new URL(clicked.trackedUrl as string).pathname.replace(/^\/v1/, '')), 302);
        if (!click.location) throw new Error('the tracked link did not redirect');
        state.counts.clicks += 1;
        if (!random.chance(0.3)) continue;
        const convertedAt = new Date(now.getTime() + random.between(2, 25) * 60_000);
        if (convertedAt.getTime() >= realNow.getTime()) continue;
        conversions.push({
          eventId: `demo-conversion-${day}-${i}`,
          type: 'conversion',
          businessId: clicked.id,
          journeyId: sessionId,
          timestamp: convertedAt.toISOString(),
          platform,
          value: Math.round(random.between(15, 180) * 100) / 100,
          currency: 'USD',
        });
      }
      if (conversions.length > 0) {
        now = new Date(Math.min(realNow.getTime(), dayEnd + 60 * 60_000));
        const ingested = await must('ingest conversions', call('POST', '/analytics/events', { token: key, body: { events: conversions } }), 202);
        state.counts.conversions += ingested.json.data.accepted as number;
      }
      // A finished day is stored before it is marked done: a crash redoes at most the day in flight.
      await runtime.appDeps.eventRecorder.flush();
      state.daysDone = day + 1;
      save(state);
      progress(day + 1, DAYS, `day ${day + 1}/${DAYS}: ${state.counts.searches} searches, ${state.counts.clicks} clicks, ${state.counts.conversions} conversions`);
    }
    now = new Date();

    const base = config.publicUrl ?? `http://localhost:${config.port}`;
    const businessId = state.businessIds[0];
    const endDate = realNow.toISOString().slice(0, 10);
    const startDate = new Date(realNow.getTime() - (DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
    const auth = `-H "Authorization: Bearer ${key}"`;
    console.log(`
Demo sandbox ready in ${Math.round((Date.now() - startedAt) / 1000)} s: ${state.businessIds.length} published sandbox businesses, ${DAYS} days of events
(${state.counts.searches} searches, ${state.counts.clicks} tracked clicks, ${state.counts.conversions} conversions).
Account ${DEMO_EMAIL} / ${DEMO_PASSWORD}. Sandbox API key (shown once; a new one on each run):

  ${key}

Start the server (npm start), then try:

curl -s -X POST ${base}/v1/api/v1/consumer/search ${auth} -H "Content-Type: application/json" -H "X-Session-ID: try-demo-0001" -H "X-AI-Platform: claude" -d '{"query":"vegan dinner in Austin"}'

curl -s "${base}/v1/analytics/upstream-metrics?businessId=${businessId}&startDate=${startDate}&endDate=${endDate}&granularity=week" ${auth}

curl -s "${base}/v1/analytics/attribution?businessId=${businessId}&startDate=${startDate}&endDate=${endDate}&model=multiTouch" ${auth}

On the open web (docs/visibility.md): ${bodies[0].name} is also published live, with a public page. With the server
running, paste this line, then the commands of "Try it" there (its page, JSON-LD, /llms.txt, the sitemap, a crawler's fetch):

export BASE=${base}/v1 KEY=${liveKey} BIZ=${state.liveBusinessId}
`);
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await runtime.close();
  }
}

main().catch((error) => {
  console.error(`\nseed:demo failed: ${(error as Error).message}`);
  process.exitCode = 1;
});
