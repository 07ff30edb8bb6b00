// npm run analytics:rebuild on the embedded store: rollups lost or wrong are counted again from the
// raw events (the hand-counted March of the contract suite), and the daily counts of days whose
// raw events the retention purge removed are kept, since nothing else records them; the peer totals
// follow both, after the purge and after the rebuild.
import { createSqliteAnalyticsStore, type SqliteAnalyticsStore } from '../../src/adapters/sqlite/analytics/sqliteAnalyticsStore';
import { firstCompleteDay } from '../../src/domain/analytics/firstCompleteDay';
import { anEvent } from '../fixtures/analyticsEvents';
import { expectHandCountedMarch, MARCH, marchStory } from '../fixtures/analyticsStory';

let store: SqliteAnalyticsStore;
beforeEach(async () => {
  store = createSqliteAnalyticsStore({ file: ':memory:' });
  expect((await store.append(marchStory())).accepted).toBe(16);
});
afterEach(() => store.close());

function damageRollups(): void {
  store.db.exec(`
    DELETE FROM analytics_journey_days WHERE journey_id = 'j1';
    UPDATE analytics_journey_days SET touchpoints = 99;
    UPDATE analytics_daily SET events = events + 7;
    DELETE FROM analytics_daily WHERE local_date = '2026-03-05';
    UPDATE analytics_events SET followed = 0;
    DELETE FROM analytics_peer_months;
    UPDATE analytics_peer_days SET journeys = 42;
    INSERT INTO analytics_peer_links VALUES ('live', 'biz_a', '2026-03-02', '2026-03-03', 0, 3);
  `);
}

it('counts every rollup again from the raw events, with a progress report per business', async () => {
  damageRollups();
  const seen: string[] = [];

  const done = store.rebuildRollups((progress) => seen.push(`${progress.businesses}/${progress.totalBusinesses}`));

  // biz_a (live and test) and biz_b: three (environment, business) pairs, 16 events.
  expect(done).toEqual({ businesses: 3, totalBusinesses: 3, events: 16 });
  expect(seen).toEqual(['1/3', '2/3', '3/3']);
  // Peer totals for the whole month (month rows) there, and for part of it (day rows) here.
  await expectHandCountedMarch(store);
  expect(await store.businessTotals({ environment: 'live', from: '2026-03-03', to: '2026-03-05', businessIds: ['biz_a'] })).toEqual([
    { businessId: 'biz_a', impressions: 4, citations: 0, journeys: 3, convertedJourneys: 0 },
  ]);
});

it('keeps the daily counts of days whose raw events were purged', async () => {
  await store.purgeRawEvents(new Date('2026-03-04T00:00:00Z'));
  await store.append([anEvent({ businessId: 'biz_a', journeyId: 'j8', timestamp: '2026-03-20T10:00:00.000Z', localDate: '2026-03-20' })]);
  // Peer totals, as the purge left them and as the rebuild counts them again: the impressions and
  // citations of 03-02 and 03-03 stay (j1's and j2's), their journeys went with their raw events
  // (j3, j4, j5 and j8 are left, j5 converted). March whole (the month row) and 03-01..03-04 (days).
  const peerTotals = async () => [
    ...(await store.businessTotals({ environment: 'live', from: MARCH.from, to: MARCH.to, businessIds: ['biz_a'] })),
    ...(await store.businessTotals({ environment: 'live', from: '2026-03-01', to: '2026-03-04', businessIds: ['biz_a'] })),
  ];
  const expected = [
    { businessId: 'biz_a', impressions: 6, citations: 2, journeys: 4, convertedJourneys: 1 },
    { businessId: 'biz_a', impressions: 3, citations: 2, journeys: 1, convertedJourneys: 0 },
  ];
  expect(await peerTotals()).toEqual(expected);

  store.rebuildRollups();

  expect(await peerTotals()).toEqual(expected);

  // 03-02 and 03-03 have no raw events left: their counts stay; later days are counted again.
  const facts = await store.visibility(MARCH);
  expect(facts.days).toEqual([
    { date: '2026-03-02', impressions: 1, citations: 2 },
    { date: '2026-03-03', impressions: 1, citations: 0 },
    { date: '2026-03-04', impressions: 1, citations: 0 },
    { date: '2026-03-05', impressions: 2, citations: 0 },
    { date: '2026-03-20', impressions: 1, citations: 0 },
  ]);
  expect((await store.journeys(MARCH)).map((j) => j.journeyId).sort()).toEqual(['j3', 'j4', 'j5', 'j8']);
});

it('counts a local day as whole only once every zone has left the cut behind', () => {
  expect(firstCompleteDay(null)).toBe('0000-01-01');
  // Cut at 03-04 00:00 UTC: in UTC+14, 03-04 began at 03-03 10:00 UTC, before the cut; 03-05 began at 03-04 10:00 UTC.
  expect(firstCompleteDay(Date.parse('2026-03-04T00:00:00Z'))).toBe('2026-03-05');
  // Cut at 03-04 12:00 UTC: 03-05 in UTC+14 began at 03-04 10:00 UTC, before it.
  expect(firstCompleteDay(Date.parse('2026-03-04T12:00:00Z'))).toBe('2026-03-06');
});
