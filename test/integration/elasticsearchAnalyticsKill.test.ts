// A process killed in the middle of an Elasticsearch append: a real process
// (test/fixtures/elasticsearch/appendThenDie.ts) appends two batches and is SIGKILLed right after
// its second batch's events are stored, before their rollups are sent. Its events are then stored
// and uncounted; the rollup catch-up finds the batch by its missing marker and counts it once, even
// when two instances run it at once, and a rebuild afterwards does not make the catch-up count it
// again. The hand-counted answers are also what the same batches appended without a crash give.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createElasticsearchAnalyticsStore, type ElasticsearchAnalyticsStore } from '../../src/adapters/elasticsearch/analytics/elasticsearchAnalyticsStore';
import type { AnalyticsEvent } from '../../src/domain/analytics/analyticsEvent';
import { anEvent } from '../fixtures/analyticsEvents';
import { startElasticsearch, type ElasticsearchHarness } from '../harness/elasticsearch';

jest.setTimeout(300_000);

const ROOT = join(__dirname, '..', '..');
const SCOPE = { environment: 'live' as const, businessId: 'biz_kill', from: '2026-03-01', to: '2026-03-31' };

const on10th = (time: string, overrides: Partial<AnalyticsEvent>) => anEvent({ businessId: 'biz_kill', timestamp: `2026-03-10T${time}:00.000Z`, localDate: '2026-03-10', ...overrides });
const on11th = (time: string, overrides: Partial<AnalyticsEvent>) => anEvent({ businessId: 'biz_kill', timestamp: `2026-03-11T${time}:00.000Z`, localDate: '2026-03-11', ...overrides });

/** Stored and counted before the kill. */
const FIRST = [
  on10th('10:00', { journeyId: 'j1', position: 2 }),
  on10th('10:05', { journeyId: 'j2', position: 4 }),
  on10th('10:01', { journeyId: 'j1', type: 'citation' }),
];
/** Stored, not counted, when the process died: a visit and a conversion following the first batch's j1 impression. */
const SECOND = [
  on10th('10:10', { journeyId: 'j1', type: 'website_visit' }),
  on10th('11:00', { journeyId: 'j3', position: 1, platform: 'perplexity' }),
  on10th('11:20', { journeyId: 'j3', type: 'website_visit', platform: 'perplexity' }),
  on10th('10:20', { journeyId: 'j1', type: 'conversion' }),
  on11th('09:00', { journeyId: 'j4', position: 3 }),
  on11th('10:00', { journeyId: 'j2', type: 'comparison' }),
];

// Stops what beforeAll started, last first, and only what did start (a failed start leaves the rest unset).
const teardown = new AsyncDisposableStack();
let engine: ElasticsearchHarness;
const stores: ElasticsearchAnalyticsStore[] = [];
const open = (prefix: string) => {
  const store = createElasticsearchAnalyticsStore({ node: engine.url, prefix, refreshOnAppend: true });
  stores.push(store);
  return store;
};

beforeAll(async () => {
  engine = teardown.adopt(await startElasticsearch(), (harness) => harness.stop());
  teardown.defer(async () => {
    await Promise.all(stores.map((s) => s.close()));
  });
});
afterAll(() => teardown.disposeAsync());

function appendThenDie(prefix: string, batches: AnalyticsEvent[][]): Promise<{ signal: NodeJS.Signals | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/fixtures/elasticsearch/appendThenDie.ts', engine.url, prefix], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (_code, signal) => resolve({ signal, stdout, stderr }));
    child.stdin.end(JSON.stringify(batches));
  });
}

async function answers(store: ElasticsearchAnalyticsStore) {
  const byJourney = (a: { journeyId: string }, b: { journeyId: string }) => a.journeyId.localeCompare(b.journeyId);
  return {
    totals: (await store.visibility(SCOPE)).totals,
    journeys: (await store.journeys(SCOPE)).sort(byJourney).map((j) => [j.journeyId, j.stage, j.touchpoints]),
    converted: (await store.convertedJourneys(SCOPE)).sort(byJourney),
    peers: await store.businessTotals({ environment: 'live', from: SCOPE.from, to: SCOPE.to, businessIds: ['biz_kill'] }),
  };
}

/** Counted by hand from FIRST and SECOND. */
const EXPECTED = {
  // Impressions j1 (followed by the 10:10 visit), j2, j3 (followed by the 11:20 visit), j4: two zero-click.
  totals: { impressions: 4, citations: 1, comparisons: 1, zeroClick: 2, positionSum: 10, positionCount: 4, crawls: { training: 0, search: 0, user: 0 } },
  journeys: [['j1', 'conversion', 4], ['j2', 'consideration', 2], ['j3', 'intent', 2], ['j4', 'awareness', 1]],
  converted: [{ journeyId: 'j1', touchpoints: [{ type: 'impression', platform: 'chatgpt' }, { type: 'citation', platform: 'chatgpt' }, { type: 'website_visit', platform: 'chatgpt' }], revenue: [] }],
  peers: [{ businessId: 'biz_kill', impressions: 4, citations: 1, journeys: 4, convertedJourneys: 1 }],
};

it('counts the batch of a process killed between its events and its rollups, once, even with two catch-ups at once', async () => {
  const died = await appendThenDie('kill_es', [FIRST, SECOND]);
  expect(died.stderr).toBe('');
  expect(died.signal).toBe('SIGKILL');
  expect(died.stdout).toBe('appended\n');

  const store = open('kill_es');
  // Only the first batch is counted: its two impressions, neither followed yet.
  expect((await store.visibility(SCOPE)).totals).toEqual({ impressions: 2, citations: 1, comparisons: 0, zeroClick: 2, positionSum: 6, positionCount: 2, crawls: { training: 0, search: 0, user: 0 } });
  // The client, never answered, sends the second batch again: every event of it is already stored.
  expect(await store.append(SECOND)).toEqual({ accepted: 0, duplicates: 6 });
  // Stored a moment ago: an append that may still be running is left alone.
  expect(await store.catchUpRollups(5 * 60_000)).toEqual({ batches: 0, events: 0 });

  const [one, other] = await Promise.all([store.catchUpRollups(0), open('kill_es').catchUpRollups(0)]);

  expect(Math.max(one.batches, other.batches)).toBe(1);
  expect(Math.max(one.events, other.events)).toBe(6);
  expect(await answers(store)).toEqual(EXPECTED);
  // Nothing left: the checkpoint passed the batch.
  expect(await store.catchUpRollups(0)).toEqual({ batches: 0, events: 0 });
  expect(await answers(store)).toEqual(EXPECTED);
});

it('does not count again, after a rebuild, what the rebuild counted', async () => {
  const died = await appendThenDie('kill_rebuild', [FIRST, SECOND]);
  expect(died.signal).toBe('SIGKILL');
  const store = open('kill_rebuild');

  expect(await store.rebuildRollups()).toEqual({ businesses: 1, totalBusinesses: 1, events: 9 });
  expect(await store.catchUpRollups(0)).toEqual({ batches: 0, events: 0 });

  expect(await answers(store)).toEqual(EXPECTED);
});

it('answers as the same batches appended without a crash', async () => {
  const store = open('kill_none');
  expect(await store.append(FIRST)).toEqual({ accepted: 3, duplicates: 0 });
  expect(await store.append(SECOND)).toEqual({ accepted: 6, duplicates: 0 });

  expect(await answers(store)).toEqual(EXPECTED);
});
